/**
 * Freshness and trust in the browser: "Verified {Mon YYYY}" on the card, in the dialog and on the listing page;
 * a traveler's report reaches the staff queue and is resolved; a duplicate submission is warned about with a link and may
 * still be sent; a listing 13 months old by the test's clock gets the renewal e-mail, and confirming renews it.
 */
import { describe, expect, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import { formatPhone, verifiedLabel } from '../../src/domain/format';
import { listingPath } from '../../src/domain/slug';
import { card, openHydrated, VERIFIED } from './browse-support';
import { browser, openPage, withBrowser } from './browser';
import { emailsWith, hydrated, marker, signIn, staff, unpublish } from './forms-helpers';
import { staffAddress } from './staff-addresses';

withBrowser();

const STAFF = staffAddress('freshness');
const DAY = 86_400_000;
// The first listing of /browse whose name is unique there, so its card can be found by name.
const listing = VERIFIED.slice(0, 24).find(
  (l) => VERIFIED.slice(0, 24).filter((o) => o.property_name === l.property_name).length === 1,
)!;

describe('freshness', () => {
  it('says when the listing was verified on its card, in its dialog and on its page', async () => {
    const label = verifiedLabel(listing.verified_at);
    expect(label).toMatch(/^Verified [A-Z][a-z]{2} \d{4}$/);
    const params = new URLSearchParams({ search: listing.property_name, state: listing.state });
    const { page, context } = await openHydrated(browser, `/browse?${params}`);
    const cardLocator = card(page, listing.property_name).first();
    await cardLocator.getByText(label, { exact: true }).waitFor();
    await cardLocator.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await dialog.getByText(label, { exact: true }).waitFor();
    await page.goto(listingPath(listing.slug));
    await page
      .getByRole('main')
      .getByText(`${listing.city}, ${listing.state} · ${label}`, { exact: true })
      .waitFor();
    await context.close();
  });

  it('a report reaches the staff queue, staff resolve it, and the reporter is told', async () => {
    const note = marker('phone-rings-');
    const { page, context } = await openPage(browser, listingPath(listing.slug));
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await page.waitForURL('**/report?listing=*');
    await hydrated(page);
    await page.getByLabel('What is wrong?').selectOption({ label: 'Wrong phone number' });
    await page.getByLabel('Details (optional)').fill(note);
    await page.getByLabel(/Your e-mail/).fill('reporter@example.org');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you: your report reached our team.').waitFor();

    await signIn(page, STAFF);
    const reports = page.getByRole('region', { name: /^Reports/ });
    const item = reports.getByRole('listitem').filter({ hasText: note });
    await item.getByRole('link', { name: listing.property_name }).waitFor();
    await item.getByText(`${listing.property_name}: Wrong phone number`, { exact: true }).waitFor();
    await item.getByRole('button', { name: /^Fixed/ }).click();
    await expect
      .poll(() => reports.getByRole('status').textContent())
      .toContain(`Report about ${listing.slug} fixed, e-mail to reporter@example.org`);
    expect(await reports.getByText(note).count()).toBe(0);
    await expect.poll(async () => (await emailsWith('To: reporter@example.org')).length).toBe(1);
    await context.close();
  });

  it('warns that a submission may duplicate a listing, links to it and its claim, and still submits', async () => {
    const owner = `${marker('owner')}@example.org`;
    const name = marker('Twin Camp ');
    const { page, context } = await openPage(browser, '/list-property');
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel('Property Name').fill(name);
    await main.getByLabel('Accommodation Type').selectOption('Yurts');
    await main.getByLabel('Setting Type').selectOption('Forest');
    await main.getByLabel('Description').fill('Yurts by the river.');
    await main.getByLabel('Street Address').fill('1 River Road');
    await main.getByLabel('City').fill('Bend');
    await main.getByLabel('State', { exact: true }).selectOption('Oregon');
    await main.getByLabel('ZIP Code').fill('97701');
    await main.getByLabel('Owner Name').fill('Tess Twin');
    await main.getByLabel('Email').fill(owner);
    // The phone of a published listing, written another way.
    await main.getByLabel('Phone').fill(`+1 ${formatPhone(listing.phone)}`);
    await page.getByRole('button', { name: 'Submit Listing' }).click();

    const warning = page.getByRole('alert').filter({ hasText: 'This property may already be listed' });
    await warning.waitFor();
    const link = warning.getByRole('link', { name: new RegExp(listing.property_name) });
    expect(await link.getAttribute('href')).toBe(listingPath(listing.slug));
    expect(await warning.getByRole('link', { name: /Claim it instead/ }).getAttribute('href')).toBe(
      `/owner?claim=${listing.slug}`,
    );
    expect(await warning.textContent()).toContain('same phone number');
    await page.getByRole('button', { name: 'Submit anyway' }).click();
    await page.waitForURL('**/list-success');
    const { listings } = await staff<{
      listings: Array<StaffListing & { duplicates: Array<{ slug: string }> }>;
    }>({
      action: 'list',
    });
    const stored = listings.find((l) => l.property_name === name);
    expect(stored?.duplicates.map((d) => d.slug)).toContain(listing.slug);

    // Renewal: published, then 13 months later by the test's clock the owner is asked, and confirms.
    await staff({ action: 'verify', id: stored?.id });
    const before = (await staff<{ listing: StaffListing }>({ action: 'show', id: stored?.id })).listing;
    const now = new Date(Date.parse(before.verified_at ?? '') + 396 * DAY).toISOString();
    await staff({ action: 'renewals', id: stored?.id, now });
    await staff({ action: 'renewals', id: stored?.id, now });
    const mails = (await emailsWith(`To: ${owner}`))
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes('still accurate'));
    expect(mails).toHaveLength(1);
    const confirm = /(http:\/\/[^\s/]+\/renewal\/confirm#[A-Za-z0-9_-]{43})/.exec(mails[0] ?? '')?.[1] ?? '';
    expect(mails[0]).toContain(`/owner?edit=${stored?.slug}`);
    await page.goto(confirm);
    await hydrated(page);
    await expect.poll(() => page.url()).not.toContain('#');
    await page.getByRole('button', { name: 'Yes, my listing is still accurate' }).click();
    await page.getByText('Thank you: your listing is confirmed as accurate.').waitFor();
    const after = (await staff<{ listing: StaffListing }>({ action: 'show', id: stored?.id })).listing;
    expect(Date.parse(after.verified_at ?? '')).toBeGreaterThan(Date.parse(before.verified_at ?? ''));
    await context.close();
    await unpublish(after.id, after.slug);
  });
});
