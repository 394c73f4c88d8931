/** Saved-search alerts end to end (docs/saved-searches.md): save, confirm, publish, e-mail, unsubscribe. */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listingSlug } from '../../src/domain/slug';
import { emailsTo, validSubmission } from '../functions/support';
import { openHydrated } from './browse-support';
import { browser, visitor, withBrowser } from './browser';

withBrowser();

const base = () => inject('baseURL');

async function staff(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${base()}/api/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('staffToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`staff ${body.action}: ${res.status} ${await res.text()}`);
}

/** A pending listing as the submission form sends it; its id. */
async function submit(name: string, over: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${base()}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...visitor() },
    body: JSON.stringify(validSubmission({ propertyName: name, ...over })),
  });
  if (res.status !== 201) throw new Error(`submit ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Waits (4 minutes at most) until the rebuild serves the listing's page with this status. */
async function untilServed(slug: string, status: number): Promise<void> {
  const deadline = Date.now() + 240_000;
  while ((await fetch(`${base()}/listings/${slug}`)).status !== status) {
    if (Date.now() > deadline) throw new Error(`/listings/${slug} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const published: Array<{ id: string; slug: string }> = [];

/** Verifies a listing and waits until the rebuild serves its page and the alert run after it is done. */
async function publish(id: string, slug: string): Promise<void> {
  await staff({ action: 'verify', id });
  published.push({ id, slug });
  await untilServed(slug, 200);
  // The alert run follows the swap in the same rebuild loop: a few seconds is plenty.
  await new Promise((r) => setTimeout(r, 5000));
}

// Every file sees the sample's published listings: what this file published leaves the site again.
afterAll(async () => {
  for (const { id } of published) await staff({ action: 'unverify', id });
  for (const { slug } of published) await untilServed(slug, 404);
}, 300_000);

const mails = (address: string) => emailsTo(inject('outboxDir'), address);
const linkIn = (raw: string, path: string) => {
  const m = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[0-9a-f-]{36}`).exec(raw);
  if (!m) throw new Error(`no ${path} link in ${raw.slice(0, 400)}`);
  const url = new URL(m[0]);
  return `${url.pathname}${url.search}`;
};
const COLORADO = {
  state: 'Colorado',
  city: 'Salida',
  zipCode: '81201',
  latitude: '38.53',
  longitude: '-106',
};

describe('saved-search alerts', () => {
  it('a visitor saves Colorado + Yurts, confirms, gets the matching listing once, nothing else, and unsubscribes', {
    timeout: 900_000,
  }, async () => {
    const address = `alert-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { page, context } = await openHydrated(browser, '/browse?state=Colorado&type=Yurts');
    await page.getByRole('button', { name: 'E-mail me new listings like these' }).click();
    await page.getByLabel('Your e-mail').fill(address);
    await page.getByLabel('How often').selectOption({ label: 'As soon as they are published' });
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect.poll(() => page.getByText(/please open the link we just e-mailed you/).count()).toBe(1);

    const [confirmation] = await mails(address);
    expect(confirmation).toContain('Yurts in Colorado');
    await page.goto(linkIn(confirmation!, '/api/alerts/confirm'));
    await expect.poll(() => page.getByRole('heading', { name: 'Your alert is on' }).count()).toBe(1);
    await context.close();

    const tag = crypto.randomUUID().slice(0, 6);
    const yurts = `Alert Test Yurts ${tag}`;
    const cabins = `Alert Test Cabins ${tag}`;
    const yurtsId = await submit(yurts, COLORADO);
    const cabinsId = await submit(cabins, { ...COLORADO, accommodationType: 'Cabins' });
    const slug = (name: string) => listingSlug(name, 'Salida', 'Colorado');

    await publish(yurtsId, slug(yurts));
    await expect.poll(async () => (await mails(address)).length, { timeout: 30_000 }).toBe(2);
    const alert = (await mails(address))[1]!;
    expect(alert).toContain(yurts);
    expect(alert).toContain('Salida, Colorado');
    expect(alert).toContain(`/listings/${slug(yurts)}`);
    expect(alert).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^>]+\/api\/alerts\/unsubscribe\?token=/);
    expect(alert).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A verification that does not match sends nothing.
    await publish(cabinsId, slug(cabins));
    expect(await mails(address)).toHaveLength(2);

    // The mail client's one-click button: a POST to the List-Unsubscribe address.
    const oneClick = await fetch(`${base()}${linkIn(alert, '/api/alerts/unsubscribe')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const more = `Alert Test More Yurts ${tag}`;
    await publish(await submit(more, COLORADO), slug(more));
    expect(await mails(address)).toHaveLength(2);
  });
});
