import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSeason } from '../../src/domain/facts';
import { formatPhone, telHref } from '../../src/domain/format';
import { card, openHydrated, type SampleListing, VERIFIED } from './browse-support';
import { baseURL, browser, withBrowser } from './browser';

withBrowser();

// The first three listings /browse shows (newest first), each with a name no other listing has.
const unique = VERIFIED.slice(0, 24).filter(
  (l) => VERIFIED.filter((o) => o.property_name === l.property_name).length === 1,
);
const [a, b, c] = unique as [SampleListing, SampleListing, SampleListing];

const saveButton = (page: Page, l: SampleListing) =>
  page.getByRole('button', { name: `Save ${l.property_name}`, exact: true });
const shortlistLink = (page: Page, n: number) =>
  page.getByRole('link', { name: n > 0 ? `Shortlist (${n})` : 'Shortlist', exact: true });
const savedNames = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents();

describe('shortlist', () => {
  it('saves from a card, the dialog and a listing page, counts them in the header, compares and removes', async () => {
    const { page, context, errors } = await openHydrated(browser, '/browse');
    await expect.poll(() => shortlistLink(page, 0).count()).toBe(1);

    // A card.
    await card(page, a.property_name)
      .getByRole('button', { name: `Save ${a.property_name}` })
      .click();
    await expect.poll(() => saveButton(page, a).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shortlistLink(page, 1).count()).toBe(1);

    // The dialog: its heart and the card's are the same saved state.
    await page.getByRole('button', { name: `View Details for ${b.property_name}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Save ${b.property_name}` }).click();
    await expect.poll(() => shortlistLink(page, 2).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(
      await card(page, b.property_name)
        .getByRole('button', { name: `Save ${b.property_name}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // A listing page (plain script, no React there).
    await page.goto(`/listings/${c.slug}`);
    await expect.poll(() => shortlistLink(page, 2).count()).toBe(1);
    expect(await saveButton(page, c).getAttribute('aria-pressed')).toBe('false');
    await saveButton(page, c).click();
    await expect.poll(() => saveButton(page, c).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shortlistLink(page, 3).count()).toBe(1);

    // The shortlist, in the order saved.
    await shortlistLink(page, 3).click();
    await page.waitForURL('**/shortlist');
    await expect.poll(() => savedNames(page)).toEqual([a.property_name, b.property_name, c.property_name]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your shortlist');
    // Each saved listing shows its photo (decoded), its place and its phone, to call from the list.
    // A listing without photos (as its detail file says) keeps a blank frame instead.
    for (const l of [a, b, c]) {
      const row = page.getByRole('main').getByRole('listitem').filter({ hasText: l.property_name });
      const photo = row.getByRole('img', { name: `${l.property_name}, ${l.city}, ${l.state}` });
      const detail = (await (await fetch(`${baseURL()}/data/listings/${l.slug}.json`)).json()) as {
        card: { cover: unknown };
      };
      if (detail.card.cover)
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
          .toBeGreaterThan(0);
      else expect(await photo.count()).toBe(0);
      expect(await row.getByText(`${l.city}, ${l.state}`, { exact: false }).count()).toBe(1);
      expect(await row.getByRole('link', { name: formatPhone(l.phone) }).getAttribute('href')).toBe(
        telHref(l.phone),
      );
    }
    const share = await page.getByLabel('Share this shortlist').inputValue();
    expect(new URL(share).pathname + new URL(share).search).toBe(
      `/shortlist?l=${a.slug},${b.slug},${c.slug}`,
    );

    // Compare two: every value from the data.
    await page.getByLabel(`Compare ${a.property_name}`).check();
    await page.getByLabel(`Compare ${b.property_name}`).check();
    const table = page.getByRole('table', { name: '2 saved listings side by side' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      a.property_name,
      b.property_name,
    ]);
    const cells = (label: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    expect(await cells('Type').allTextContents()).toEqual([a.accommodation_type, b.accommodation_type]);
    expect(await cells('Phone').allTextContents()).toEqual([formatPhone(a.phone), formatPhone(b.phone)]);
    expect(await cells('Place').allTextContents()).toEqual([
      `${a.city}, ${a.state}`,
      `${b.city}, ${b.state}`,
    ]);
    expect(await cells('Setting').allTextContents()).toEqual([a.setting_type, b.setting_type]);
    const price = (l: SampleListing) => l.price_range ?? 'Contact for rates';
    expect(await cells('Price range').allTextContents()).toEqual([price(a), price(b)]);
    const pets = (l: SampleListing) =>
      l.pets_allowed === null ? 'Not stated' : l.pets_allowed ? 'Yes' : 'No';
    expect(await cells('Pets allowed').allTextContents()).toEqual([pets(a), pets(b)]);
    const open = (l: SampleListing) => openSeason(l.open_months) || 'Not stated';
    expect(await cells('Open').allTextContents()).toEqual([open(a), open(b)]);
    for (const amenity of new Set([...a.amenities, ...b.amenities])) {
      // An amenity a listing did not mention is not stated, never "No" (D32).
      const has = (l: SampleListing) => (l.amenities.includes(amenity) ? '✓ Yes' : 'Not stated');
      expect(await cells(amenity).allTextContents(), amenity).toEqual([has(a), has(b)]);
    }

    // Remove one.
    await page.getByRole('button', { name: `Remove ${c.property_name}` }).click();
    await expect.poll(() => savedNames(page)).toEqual([a.property_name, b.property_name]);
    await expect.poll(() => shortlistLink(page, 2).count()).toBe(1);

    // The shared link, in a fresh browser (nothing saved there): the same three, read-only, and "Save to my shortlist".
    const other = await browser.newContext({ baseURL: baseURL() });
    const friend = await other.newPage();
    await friend.goto(share);
    await expect.poll(() => savedNames(friend)).toEqual([a.property_name, b.property_name, c.property_name]);
    // Headed as someone else's list, not as the visitor's own.
    expect(await friend.getByRole('heading', { level: 1 }).textContent()).toBe('A shortlist shared with you');
    expect(await friend.getByText(/saved on this device/).count()).toBe(0);
    expect(await friend.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await expect.poll(() => shortlistLink(friend, 0).count()).toBe(1);
    await friend.getByRole('button', { name: 'Save to my shortlist' }).click();
    await expect.poll(() => shortlistLink(friend, 3).count()).toBe(1);
    await friend.getByRole('link', { name: 'Your own shortlist' }).click();
    await expect.poll(() => savedNames(friend)).toEqual([a.property_name, b.property_name, c.property_name]);

    // A listing that is no longer published: said so, never an error; a malformed entry is ignored.
    await friend.goto(`/shortlist?l=no-such-glamping-here,${a.slug},<script>`);
    await expect.poll(() => friend.getByText('No longer listed').count()).toBe(1);
    expect(await friend.getByText('no-such-glamping-here', { exact: true }).count()).toBe(1);
    await expect.poll(() => savedNames(friend)).toEqual([a.property_name]);

    await other.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says how to save when nothing is saved yet', async () => {
    const { page, context, errors } = await openHydrated(browser, '/shortlist');
    await page.getByText('Your shortlist is empty.').waitFor();
    expect(
      await page
        .getByText('Press the heart (Save) on any listing to keep it here.', { exact: false })
        .count(),
    ).toBe(1);
    expect(await page.getByRole('link', { name: 'Browse glamping' }).getAttribute('href')).toBe('/browse');
    expect(errors).toEqual([]);
    await context.close();
  });
});
