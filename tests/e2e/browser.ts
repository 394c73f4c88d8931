import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';

/** CHROME_PATH, Debian's or the npm package's Chromium (scripts/lib/chromium.ts), never one downloaded at run time. */
export const launchBrowser = (): Promise<Browser> => launchChromium();

/** The test file's browser: launched by {@link withBrowser} before the file's tests, closed after them. */
export let browser: Browser;

/** Gives the calling test file one browser (`browser`, above) for all its tests. */
export function withBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** The URL of the server the global setup started. */
export const baseURL = () => inject('baseURL');

/** A fresh page (own context) at a path of the local site; console errors are collected for assertions. */
export async function openPage(
  browser: Browser,
  path: string,
  options: { width?: number; height?: number } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  return { page, context, errors };
}
