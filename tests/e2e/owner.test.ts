import { describe, expect, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import { listingPath } from '../../src/domain/slug';
import { photo } from '../functions/photo-files';
import { card, openHydrated } from './browse-support';
import { baseURL, browser, openPage, withBrowser } from './browser';
import { emailsWith, hydrated, marker, seriousOrWorse, signIn, staff } from './forms-helpers';
import { staffAddress } from './staff-addresses';

const STAFF = staffAddress('owner');
// Someone not on file for any listing: they become an owner through a claim, then edit the listing.
const CLAIMANT = `${marker('claimant')}@example.org`;

withBrowser();

let listing: StaffListing;
const NEW_PRICE = 'Ultra-Luxury';
const NEW_COVER = 'The new deck at dusk';

/** The served listing page's "Price Range" value, once the page has it (the site rebuilds in the background). */
async function servedPrice(slug: string): Promise<string> {
  const html = await (await fetch(`${baseURL()}${listingPath(slug)}`)).text();
  return /Price Range<\/dt>\s*<dd[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
}

async function waitForPrice(slug: string, price: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  let served = await servedPrice(slug);
  while (served !== price && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    served = await servedPrice(slug);
  }
  return served;
}

describe('owners', () => {
  it('find their way from any page: For Owners in the header leads to sign in, listing and claiming', async () => {
    const { page, context } = await openPage(browser, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Owners' }).click();
    await page.waitForURL('**/for-owners');
    const main = page.getByRole('main');
    for (const heading of ['List your property', 'Manage your listing', 'Claim a listing'])
      expect(await main.getByRole('heading', { name: heading }).count(), heading).toBe(1);
    await main.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email').waitFor();
    await context.close();
  });

  it('the listing dialog asks "Is this your property?" with a link to claim it', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    const shown = listings[0] as StaffListing;
    const params = new URLSearchParams({ search: shown.property_name, state: shown.state });
    const { page, context } = await openHydrated(browser, `/browse?${params}`);
    await card(page, shown.property_name).first().getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: shown.property_name });
    const claim = dialog.getByRole('link', { name: 'Is this your property?' });
    expect(await claim.getAttribute('href')).toBe(`/owner?claim=${shown.slug}`);
    await context.close();
  }, 60_000);

  it('a claim by an address not on file goes through staff: approved, the claimant is e-mailed', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    listing = listings.find((l) => l.price_range && l.price_range !== NEW_PRICE) as StaffListing;
    const { page, context, errors } = await openPage(browser, listingPath(listing.slug));
    // The claim page loads without a refused request (nobody is signed in yet: that is no error).
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`));
    await page.getByRole('link', { name: 'Is this your property?' }).click();
    await page.waitForURL(`**/owner?claim=${listing.slug}`);
    await hydrated(page);
    // It names the listing being claimed.
    await page.getByRole('heading', { name: `Claim ${listing.property_name}` }).waitFor();
    await page
      .getByText(`You are claiming ${listing.property_name} in ${listing.city}, ${listing.state}.`)
      .waitFor();
    expect(refused).toEqual([]);
    await page.getByLabel('Your Name').fill('Casey Claimant');
    await page.getByLabel('Your Email').fill(CLAIMANT);
    await page.getByLabel('Your Role').fill('Manager');
    await page.getByLabel('Proof').fill('trust me');
    await page.getByRole('button', { name: 'Send Claim' }).click();
    await page
      .getByText('Please give a 10-digit phone number or a link starting with http:// or https://')
      .waitFor();
    await page.getByLabel('Proof').fill('https://example.org/our-team');
    await page.getByRole('button', { name: 'Send Claim' }).click();
    await page.getByText('Thank you: our team will check your claim and e-mail you.').waitFor();
    expect(await seriousOrWorse(page)).toEqual([]);
    await context.close();
    const headers = (await fetch(`${baseURL()}/owner`)).headers;
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');

    const console = await openPage(browser, '/sign-in', { width: 1024, height: 1366 });
    await signIn(console.page, STAFF);
    await console.page.getByRole('button', { name: 'Claims' }).click();
    const item = console.page.getByRole('listitem').filter({ hasText: CLAIMANT });
    await item.getByText('https://example.org/our-team').waitFor();
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => console.page.getByRole('status').first().textContent())
      .toContain(`${CLAIMANT} now manages ${listing.slug}`);
    expect(await seriousOrWorse(console.page)).toEqual([]);
    await console.context.close();
    await expect
      .poll(async () => (await emailsWith(`To: ${CLAIMANT}`)).join('\n'))
      .toContain('We approved your claim');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the owner signs in by the e-mailed link, edits the price, staff approve the diff, the site shows it', async () => {
    const old = listing.price_range ?? '';
    // The edit link (as the renewal e-mail has it) asks a visitor to sign in, and brings the owner back to it.
    const editPath = `/owner?edit=${listing.slug}`;
    const { page, context, errors } = await openPage(browser, editPath, { width: 1024, height: 1366 });
    await page.getByText('Sign in with the e-mail address on file for your listing').waitFor();
    await signIn(page, CLAIMANT, '**/owner**');
    await page.waitForURL(`**${editPath}`);
    await hydrated(page);
    await page.getByRole('heading', { name: `Edit ${listing.property_name}` }).waitFor();
    await page.getByLabel('Price Range').selectOption(NEW_PRICE);
    // The listing's photos are in the form as they are; a new one is added and made the cover (the photo picker).
    const before = listing.photos.length;
    expect(await page.getByText('On your listing', { exact: true }).count()).toBe(before);
    await page.getByLabel('Add photos').setInputFiles([
      {
        name: 'new-cover.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo({ width: 900, height: 600, seed: 9 }),
      },
    ]);
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
    if (before > 0) await page.getByRole('button', { name: `Make photo ${before + 1} the cover` }).click();
    await page.getByLabel('Caption for photo 1 (optional)').fill(NEW_COVER);
    await page.getByRole('button', { name: 'Send Changes for Review' }).click();
    await page.getByText('Thank you: our team reviews your changes and e-mails you.').waitFor();
    // Nothing public changes before staff approve (D31).
    expect(await servedPrice(listing.slug)).toBe(old);
    await context.close();

    const console = await openPage(browser, '/sign-in', { width: 1024, height: 1366 });
    await signIn(console.page, STAFF);
    await console.page.getByRole('button', { name: 'Changes' }).click();
    const item = console.page.getByRole('listitem').filter({ hasText: CLAIMANT });
    const row = item.getByRole('row', { name: /price_range/ });
    await row.getByRole('cell', { name: old }).waitFor();
    await row.getByRole('cell', { name: NEW_PRICE }).waitFor();
    // The photos as a diff too, the new one shown to staff before it is public.
    const photosRow = item.getByRole('row', { name: /photos/ });
    await photosRow.getByRole('img', { name: NEW_COVER }).waitFor();
    expect(await photosRow.getByRole('cell').last().textContent()).toContain(`${before + 1} photo`);
    expect(await seriousOrWorse(console.page)).toEqual([]);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => console.page.getByRole('status').first().textContent())
      .toContain(`${listing.slug}: edit approved, e-mail to ${CLAIMANT}`);
    await console.context.close();

    // The approval rebuilds the site as a verification does: the new price, and the new photo as the cover.
    expect(await waitForPrice(listing.slug, NEW_PRICE)).toBe(NEW_PRICE);
    const shown = await openPage(browser, listingPath(listing.slug));
    const cover = shown.page.getByRole('img', { name: NEW_COVER }).first();
    await cover.waitFor();
    await expect
      .poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shown.context.close();
    await expect
      .poll(async () => (await emailsWith(`To: ${CLAIMANT}`)).join('\n'))
      .toContain('We approved your changes');
    expect(errors).toEqual([]);

    // The public site as the other test files expect it.
    await staff({ action: 'edit', id: listing.id, field: 'price_range', value: old });
    const { listing: now } = await staff<{ listing: StaffListing }>({ action: 'show', id: listing.id });
    const added = now.photos.find((p) => p.caption === NEW_COVER);
    await staff({ action: 'photo-remove', id: listing.id, photo: added?.id });
    expect(await waitForPrice(listing.slug, old)).toBe(old);
  }, 420_000);
});
