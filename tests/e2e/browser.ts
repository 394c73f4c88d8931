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

let visitors = 0;
/**
 * Each browser context is its own visitor, as on the internet: its requests say so by the address a proxy would
 * forward (the local server takes it from a loopback peer, scripts/lib/server.ts), so the functions' per-client rate
 * limits count each test's requests apart and one test file's submissions never use up the next one's.
 */
export const visitor = (): Record<string, string> => {
  visitors += 1;
  return { 'x-forwarded-for': `198.18.${(visitors >> 8) & 255}.${visitors & 255}` };
};

/** A fresh page (own context) at a path of the local site; console errors are collected for assertions. */
export async function openPage(
  browser: Browser,
  path: string,
  options: { width?: number; height?: number } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    extraHTTPHeaders: visitor(),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  return { page, context, errors };
}
