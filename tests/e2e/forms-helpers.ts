import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseURL } from './browser';

/** Waits until every island on the page has hydrated (Astro drops `ssr` from an island once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** The toast region of the page. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Waits for a toast with this title and returns its whole text. */
export async function toastText(page: Page, role: 'status' | 'alert', title: string): Promise<string> {
  const toast = toasts(page).getByRole(role).filter({ hasText: title });
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

/** The text of everything a control is described by (its hint and its error). */
export function description(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** The rendered colour of an element's text as [r, g, b], whatever colour syntax the CSS uses. */
export function textRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

/** True for a clearly red colour. */
export const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 90 && b < 90;

/**
 * Holds requests to `pattern` until the returned function is called, so a test can see the busy state of a form.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Calls the staff function of the test server (how a test reads the database it uses). */
export async function staff<T>(body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${baseURL()}/api/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('staffToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`staff ${body.action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The .eml files in the test server's outbox that contain `marker`. */
export async function emailsWith(marker: string): Promise<string[]> {
  const dir = inject('outboxDir');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  return files.filter((f) => f.includes(marker));
}

/** axe-core's serious and critical violations on the page, one line each. */
export async function seriousOrWorse(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A short unique word, to find what one test stored among everything else. */
export const marker = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The newest sign-in link e-mailed to an address (the local outbox's .eml files). */
export async function signInLink(address: string): Promise<string> {
  const mails = (await emailsWith(`To: ${address}`)).map((m) =>
    m.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  );
  const links = mails.flatMap((m) =>
    [...m.matchAll(/(http:\/\/[^\s/]+\/sign-in\/confirm#[A-Za-z0-9_-]{43})/g)].map((x) => x[1] ?? ''),
  );
  const link = links.at(-1);
  if (!link) throw new Error(`no sign-in link for ${address}`);
  return link;
}

/** Signs in by the e-mailed link; staff land on the console, owners on their listings. */
export async function signIn(page: Page, address: string, landing = '**/staff'): Promise<void> {
  await page.goto('/sign-in');
  await hydrated(page);
  const before = (await emailsWith(`To: ${address}`)).length;
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toContain('If this address may sign in, a sign-in link is on its way');
  await expect.poll(async () => (await emailsWith(`To: ${address}`)).length).toBeGreaterThan(before);
  await page.goto(await signInLink(address));
  await hydrated(page);
  // The token leaves the address bar as soon as the page has read it.
  await expect.poll(() => page.url()).not.toContain('#');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
  await page.getByText(`Signed in as ${address}`).waitFor();
}

/** Waits (up to 3 minutes) until the background rebuild serves this status for the page. */
export async function untilStatus(url: string, status: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  while ((await fetch(url)).status !== status) {
    if (Date.now() > deadline) throw new Error(`${url} never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Takes a listing a test published back off the site and waits until the rebuild has removed its page: the other
 * test files count the sample's published listings (browse-support VERIFIED), whatever order they run in.
 */
export async function unpublish(id: string, slug: string): Promise<void> {
  const url = `${baseURL()}/listings/${slug}`;
  // Published first (a rebuild still under way would otherwise publish it after this test has looked).
  await untilStatus(url, 200);
  await staff({ action: 'unverify', id });
  await untilStatus(url, 404);
}
