import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { emailsWith, hydrated } from './forms-helpers';

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

/** Signs in by the e-mailed link as a person would: ask, open the link, click. */
export async function signIn(page: Page, address: string): Promise<void> {
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
  await page.waitForURL('**/staff');
  await page.getByText(`Signed in as ${address}`).waitFor();
}
