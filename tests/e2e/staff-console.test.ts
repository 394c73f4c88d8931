import { describe, expect, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import { listingPath } from '../../src/domain/slug';
import { baseURL, browser, openPage, withBrowser } from './browser';
import { emailsWith, hydrated, seriousOrWorse, signIn, signInLink, staff } from './forms-helpers';
import { staffAddress } from './staff-addresses';

const STAFF = staffAddress('console');

withBrowser();

describe('the staff console', () => {
  it('shows nothing but a sign-in link to a visitor, and ships no listing data', async () => {
    const { page, context } = await openPage(browser, '/staff');
    const html = await (await fetch(`${baseURL()}/staff`)).text();
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'list' });
    expect(html).not.toContain(listings[0]?.property_name ?? '(none)');
    await page.getByText('You are not signed in.').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    const headers = (await fetch(`${baseURL()}/staff`)).headers;
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
    await context.close();
  });

  it('an unknown address gets the same answer and no e-mail', async () => {
    const { page, context } = await openPage(browser, '/sign-in');
    await hydrated(page);
    await page.getByLabel('Email').fill('stranger@example.org');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('If this address may sign in, a sign-in link is on its way');
    expect(await emailsWith('To: stranger@example.org')).toEqual([]);
    await context.close();
  });

  it('signs in by the e-mailed link, verifies, rejects with a reason and edits, audited with the address', async () => {
    const { page, context, errors } = await openPage(browser, '/sign-in', { width: 1024, height: 1366 });
    await signIn(page, STAFF);
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'list' });
    const [a, b] = listings as [StaffListing, StaffListing];

    await page.getByRole('heading', { name: /Pending submissions \(\d+\), oldest first/ }).waitFor();
    expect(await seriousOrWorse(page)).toEqual([]);

    // Verify one.
    await page.getByRole('button', { name: `Review ${a.property_name}` }).click();
    const panelA = page.getByRole('region', { name: a.property_name });
    // Its photos, not public yet, shown to staff only (through /api/staff/photos/).
    const photos = panelA.getByRole('region', { name: 'Photos' }).getByRole('img');
    if ((a as unknown as { photos: unknown[] }).photos.length > 0) {
      await expect
        .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const src = (await photos.first().getAttribute('src')) ?? '';
      expect((await fetch(`${baseURL()}${src}`)).status).toBe(401);
    }
    await panelA.getByRole('button', { name: 'Verify and publish' }).click();
    await expect.poll(() => panelA.getByRole('status').textContent()).toContain('pending -> verified');
    await page.getByText(`${STAFF} · verify`).waitFor();

    // Edit one field of it: the change is shown, and audited.
    await page.getByLabel('Field to edit').selectOption('city');
    const city = `${a.city} Springs`;
    await page.getByLabel('New value').fill(city);
    await page.getByRole('button', { name: 'Save field' }).click();
    await expect
      .poll(() => panelA.getByRole('status').textContent())
      .toContain(`changed from "${a.city}" to "${city}"`);
    await page.getByText(`${STAFF} · edit city: “${a.city}” → “${city}”`).waitFor();
    expect(await seriousOrWorse(page)).toEqual([]);

    // Reject another with a reason, after confirming.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: `Review ${b.property_name}` }).click();
    await page.getByRole('button', { name: 'Reject…' }).click();
    const reject = page.getByRole('button', { name: 'Reject and e-mail the owner' });
    expect(await reject.isDisabled()).toBe(true);
    await page.getByLabel('Reason (e-mailed to the owner)').fill('Not a glamping site: tent pitches only.');
    await reject.click();
    const panelB = page.getByRole('region', { name: b.property_name });
    await expect.poll(() => panelB.getByRole('status').textContent()).toContain('pending -> rejected');
    await page
      .getByText(`${STAFF} · reject (pending → rejected) · reason: Not a glamping site: tent pitches only.`)
      .waitFor();

    const audit = await staff<{ audit: Array<{ actor: string; action: string }> }>({
      action: 'audit',
      id: a.id,
    });
    // Other test files may have acted on this sample listing before: this test's entries are the last two.
    expect(audit.audit.slice(-2).map((x) => `${x.actor} ${x.action}`)).toEqual([
      `${STAFF} verify`,
      `${STAFF} edit`,
    ]);

    // The verified listing reaches the public site through the automatic rebuild, with its edited city.
    const deadline = Date.now() + 180_000;
    let served = '';
    while (Date.now() < deadline) {
      const res = await fetch(`${baseURL()}${listingPath(a.slug)}`);
      served = res.status === 200 ? await res.text() : '';
      if (served.includes(city)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(served).toContain(city);
    expect(errors).toEqual([]);
    await context.close();

    // The public site as the other test files expect it: the sample's verified listings only.
    await staff({ action: 'unverify', id: a.id });
    while (
      Date.now() < deadline + 180_000 &&
      (await fetch(`${baseURL()}${listingPath(a.slug)}`)).status !== 404
    )
      await new Promise((r) => setTimeout(r, 500));
  }, 420_000);

  it('a used link signs nobody in again', async () => {
    const { page, context } = await openPage(browser, '/sign-in');
    await signIn(page, STAFF);
    const used = await signInLink(STAFF);
    const other = await context.browser()?.newContext({ baseURL: baseURL() });
    const second = await other?.newPage();
    if (!second) throw new Error('no page');
    await second.goto(used);
    await hydrated(second);
    await second.getByRole('button', { name: 'Sign in' }).click();
    await second.getByRole('alert').getByText('This sign-in link has expired, was already used').waitFor();
    await second.getByRole('link', { name: 'Ask for a new sign-in link' }).waitFor();
    await other?.close();
    await context.close();
  });
});
