import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRICE_RANGE_VALUES, type PriceRange } from '../../src/domain/lists';
import {
  countLine,
  expectCards,
  expectCount,
  openHydrated,
  publicListings,
  query,
  resultsLine,
} from './browse-support';
import { baseURL, browser, withBrowser } from './browser';

withBrowser();

const panel = (page: Page) => page.getByRole('region', { name: 'Find Your Perfect Glamping Experience' });
const sortSelect = (page: Page) => page.getByLabel('Sort by', { exact: true });

type Priced = { property_name: string; price_range: string | null };

/**
 * The expected order, worked out here from the published data: by price range (the listed order of the ranges), listings
 * without one last either way, ties in the default order (the files hold it newest first).
 */
function byPrice<T extends Priced>(listings: readonly T[], direction: 1 | -1): T[] {
  const rank = (l: T) => PRICE_RANGE_VALUES.indexOf(l.price_range as PriceRange);
  const priced = listings.filter((l) => rank(l) >= 0);
  const unpriced = listings.filter((l) => rank(l) < 0);
  return [...priced.sort((a, b) => (rank(a) - rank(b)) * direction), ...unpriced];
}

describe('sort', () => {
  it('sorts by price low to high and high to low, in the URL, with the count unchanged', async () => {
    const { page, context, errors } = await openHydrated(browser, '/browse');
    // What the site publishes now: other test files verify listings of their own before this one runs.
    const published = await publicListings(baseURL());
    const total = resultsLine(published.length);
    expect(await countLine(page).textContent()).toBe(total);
    // Something to compare: the sample spreads its listings over every price range and some have none.
    expect(new Set(published.map((l) => l.price_range)).size).toBeGreaterThan(2);

    await sortSelect(page).selectOption({ label: 'Price: low to high' });
    const ascending = byPrice(published, 1);
    await expectCards(page, ascending);
    await expect.poll(() => query(page)).toEqual({ sort: 'price-asc' });
    expect(await countLine(page).textContent()).toBe(total);
    // Sorting is not a filter: no 'Clear All' for it.
    expect(await panel(page).getByRole('button', { name: 'Clear All' }).count()).toBe(0);

    await sortSelect(page).selectOption({ label: 'Price: high to low' });
    const descending = byPrice(published, -1);
    expect(descending[0]!.price_range).toBe('Ultra-Luxury');
    await expectCards(page, descending);
    await expect.poll(() => query(page)).toEqual({ sort: 'price-desc' });
    expect(await countLine(page).textContent()).toBe(total);

    // A link with the sort restores it, with a filter beside it.
    await page.goto('/browse?state=Utah&sort=price-asc');
    const utah = published.filter((l) => l.state === 'Utah');
    await expectCards(page, byPrice(utah, 1));
    await expectCount(page, utah.length);
    expect(await sortSelect(page).inputValue()).toBe('price-asc');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers Distance only once a place is set', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const options = () => sortSelect(page).locator('option').allTextContents();
    expect(await options()).not.toContain('Distance');
    await page.goto('/browse?near=80302');
    await expect.poll(options).toContain('Distance');
    await context.close();
  });
});

describe('on a phone', () => {
  it('shows the first results on the first screen and the filters in a sheet', async () => {
    const { page, context, errors } = await openHydrated(browser, '/browse', { width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    // The location field, the count line and the first result card are all on the first screen.
    const first = page.getByRole('article').first();
    for (const target of [panel(page).getByLabel('Location', { exact: true }), countLine(page), first]) {
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + Math.min(box!.height, 120)).toBeLessThanOrEqual(812);
    }
    // The other filters wait in the sheet.
    expect(await panel(page).getByLabel('State', { exact: true }).isVisible()).toBe(false);

    const open = panel(page).getByRole('button', { name: 'Filters (0)' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByLabel('State', { exact: true }).selectOption('Utah');
    const published = await publicListings(baseURL());
    const utah = published.filter((l) => l.state === 'Utah').length;
    await sheet.getByRole('button', { name: 'Show Advanced Filters' }).click();
    await sheet.getByRole('checkbox', { name: 'Fire Pit', exact: true }).check();
    const both = published.filter((l) => l.state === 'Utah' && l.amenities.includes('Fire Pit')).length;
    expect(both).toBeLessThan(utah);
    // The focus stays in the sheet: Tab past its last control may leave the page for the browser's own controls
    // (a native modal does), never for the page behind it.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return !el || el === document.body ? 'browser' : el.closest('dialog') ? 'sheet' : el.outerHTML;
      });
      expect(['sheet', 'browser']).toContain(where);
    }
    const show = sheet.getByRole('button', { name: `Show ${both.toLocaleString('en-US')} results` });
    await show.click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await expectCount(page, both);
    // The button counts the filters set, and gets the focus back.
    const counted = panel(page).getByRole('button', { name: 'Filters (2)' });
    await expect.poll(() => counted.evaluate((b) => b === document.activeElement)).toBe(true);

    // Escape and the close button close it too.
    await counted.click();
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await counted.click();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the inline panel on a wider screen', async () => {
    const { page, context } = await openHydrated(browser, '/browse', { width: 1024, height: 800 });
    expect(await panel(page).getByLabel('State', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters \(/ }).isVisible()).toBe(false);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
