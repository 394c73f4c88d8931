import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadGazetteer } from '../../src/data/gazetteer';
import { browseAreas, statesNear } from '../../src/domain/browse-areas';
import { browseFileUrl } from '../../src/domain/browse-files';
import { DEFAULT_FILTERS, type Filters } from '../../src/domain/schemas/filters';
import { type Coordinates, distanceMiles, searchListings } from '../../src/domain/search';
import { expectCount, LEAN, openHydrated, query, VERIFIED } from './browse-support';
import { browser, withBrowser } from './browser';

withBrowser();

const panel = (page: Page) => page.getByRole('region', { name: 'Find Your Perfect Glamping Experience' });
const field = (page: Page) => panel(page).getByLabel('Location', { exact: true });
const radius = (page: Page) => panel(page).getByLabel('Distance', { exact: true });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested places' });

const gazetteer = await loadGazetteer();
const ASHEVILLE = gazetteer.towns.get('asheville-nc')!;
const ZIP_28801 = gazetteer.zips.get('28801')!;

/** The listings within the radius of a point, nearest first, with their miles (the shared domain rule). */
function expectedNear(origin: Coordinates, over: Partial<Filters>) {
  return searchListings(LEAN, { ...DEFAULT_FILTERS, ...over }, { origin });
}

/** [name, '23 mi away'] of each card shown, in order. */
const cardDistances = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((c) => [
        c.querySelector('h3')?.textContent ?? '',
        /\d+ mi away|Under 1 mi away/.exec(c.textContent ?? '')?.[0] ?? '',
      ]),
    );

/** Waits until the cards are the first of these listings, in order, each with its distance. */
async function expectByDistance(page: Page, origin: Coordinates, listings: ReturnType<typeof expectedNear>) {
  const miles = (l: Coordinates) => {
    const m = distanceMiles(origin, l);
    return m < 0.5 ? 'Under 1 mi away' : `${Math.round(m)} mi away`;
  };
  await expect
    .poll(() => cardDistances(page), { timeout: 10_000 })
    .toEqual(listings.slice(0, 24).map((l) => [l.property_name, miles(l)]));
}

describe('place suggestions on browse', () => {
  it('suggests Asheville, North Carolina for "Ashev"; choosing it sorts by distance, distances shown', async () => {
    const { page, context, errors } = await openHydrated(browser, '/browse');
    await field(page).pressSequentially('Ashev');
    const option = suggestions(page).getByRole('option', { name: 'Asheville, North Carolina' });
    await option.waitFor();
    expect(await field(page).getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /suggested place/ })
          .textContent(),
      )
      .toMatch(/^\d+ suggested places?$/);
    await option.click();
    expect(await field(page).inputValue()).toBe('Asheville, North Carolina');
    expect(await field(page).getAttribute('aria-expanded')).toBe('false');
    const expected = expectedNear(ASHEVILLE, { near: 'asheville-nc' });
    expect(expected.length).toBeGreaterThan(10);
    await expectCount(page, expected.length);
    await expectByDistance(page, ASHEVILLE, expected);
    expect(expected.every((l) => distanceMiles(ASHEVILLE, l) <= 100)).toBe(true);
    expect(await radius(page).inputValue()).toBe('100');
    await expect
      .poll(() => query(page))
      .toEqual({ search: 'Asheville, North Carolina', near: 'asheville-nc' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to distance mode for a full 5-digit ZIP code, and suggests it with its town', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await field(page).pressSequentially('28801');
    await suggestions(page).getByRole('option', { name: '28801 Asheville, North Carolina' }).waitFor();
    const expected = expectedNear(ZIP_28801, { location: '28801' });
    await expectCount(page, expected.length);
    await expectByDistance(page, ZIP_28801, expected);
    // Listings of other ZIP codes nearby are found too, not only those of 28801 itself (D27).
    expect(expected.some((l) => l.zip_code !== '28801')).toBe(true);
    await expect.poll(() => query(page)).toEqual({ search: '28801' });
    await context.close();
  });

  it('loads only the listings of the states within the radius of a ZIP, and answers digits no listing has at once', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const paths: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/data/') && !path.startsWith('/data/places/')) paths.push(path);
    });
    // The first digits of a ZIP: no name, city or state has digits, which the first listings file says.
    await field(page).pressSequentially('288');
    await expectCount(page, 0);
    expect(paths).toEqual(['/data/browse/part-0.json']);
    await field(page).pressSequentially('01');
    const expected = expectedNear(ZIP_28801, { location: '28801' });
    await expectCount(page, expected.length);
    await expectByDistance(page, ZIP_28801, expected);
    // Where each state's listings are, then the files of the states near 28801: not the rest of the whole set.
    const near = statesNear(browseAreas(LEAN), ZIP_28801, 100);
    expect(near).toContain('North Carolina');
    expect(near.length).toBeLessThan(10);
    expect(paths.slice(1).sort()).toEqual(
      ['/data/browse/areas.json', ...near.map((state) => browseFileUrl({ kind: 'state', state }))].sort(),
    );
    // Any distance: the whole set.
    await radius(page).selectOption({ label: 'Any distance' });
    await expectCount(page, expectedNear(ZIP_28801, { location: '28801', radius: 'any' }).length);
    expect(paths).toContain('/data/browse/part-1.json');
    await context.close();
  });

  it('narrows the results and the count with the radius, and widens them again', async () => {
    const { page, context } = await openHydrated(
      browser,
      '/browse?search=Asheville%2C+North+Carolina&near=asheville-nc',
    );
    const at = (r: Filters['radius']) => expectedNear(ASHEVILLE, { near: 'asheville-nc', radius: r });
    await expectCount(page, at('100').length);
    await radius(page).selectOption({ label: 'Within 25 miles' });
    expect(at('25').length).toBeLessThan(at('100').length);
    await expectCount(page, at('25').length);
    await expectByDistance(page, ASHEVILLE, at('25'));
    await expect.poll(() => query(page)).toMatchObject({ radius: '25' });
    await radius(page).selectOption({ label: 'Within 250 miles' });
    await expectCount(page, at('250').length);
    await radius(page).selectOption({ label: 'Any distance' });
    await expectCount(page, VERIFIED.length);
    await context.close();
  });

  it('reproduces the view from a shared link, the field showing the place', async () => {
    const url = '/browse?search=Asheville%2C+North+Carolina&near=asheville-nc&radius=50&type=Yurts';
    const { page, context } = await openHydrated(browser, url);
    const expected = expectedNear(ASHEVILLE, {
      near: 'asheville-nc',
      radius: '50',
      accommodationType: 'Yurts',
    });
    await expectCount(page, expected.length);
    await expectByDistance(page, ASHEVILLE, expected);
    expect(await field(page).inputValue()).toBe('Asheville, North Carolina');
    expect(await radius(page).inputValue()).toBe('50');
    await context.close();
    // A link with the place alone shows its label too.
    const alone = await openHydrated(browser, '/browse?near=28801');
    await expect.poll(() => field(alone.page).inputValue()).toBe('28801 Asheville, North Carolina');
    await expectCount(alone.page, expectedNear(ZIP_28801, { near: '28801' }).length);
    await alone.context.close();
  });

  it('leaves distance mode when the visitor types again: plain text matches name, city or state', async () => {
    const { page, context } = await openHydrated(
      browser,
      '/browse?search=Asheville%2C+North+Carolina&near=asheville-nc',
    );
    await expectCount(page, expectedNear(ASHEVILLE, { near: 'asheville-nc' }).length);
    await field(page).fill('Asheville');
    const exact = VERIFIED.filter((l) =>
      [l.property_name, l.city, l.state].some((s) => s.includes('Asheville')),
    );
    await expect
      .poll(() => page.getByRole('article').count())
      .toBeGreaterThanOrEqual(Math.min(exact.length, 24));
    expect((await cardDistances(page)).every(([, d]) => d === '')).toBe(true);
    expect(await radius(page).count()).toBe(0);
    await expect.poll(() => query(page)).toEqual({ search: 'Asheville' });
    await context.close();
  });
});

describe('the combobox with the keyboard', () => {
  it('moves with the arrow keys, chooses with Enter and closes with Escape', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const input = field(page);
    await expect.poll(() => input.getAttribute('role')).toBe('combobox');
    await input.focus();
    await page.keyboard.type('Spring');
    await suggestions(page).getByRole('option').first().waitFor();
    expect(await suggestions(page).getAttribute('id')).toBe(await input.getAttribute('aria-controls'));
    const options = suggestions(page).getByRole('option');
    await page.keyboard.press('ArrowDown');
    const first = await options.nth(0).getAttribute('id');
    expect(await input.getAttribute('aria-activedescendant')).toBe(first);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(first);
    // Escape closes the list and keeps the text.
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.inputValue()).toBe('Spring');
    // Down opens it again; Enter chooses the active place.
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    const label = (await options.nth(0).textContent()) ?? '';
    expect(label).toMatch(/^Spring[\w ]*, [A-Z][a-z]+/);
    await page.keyboard.press('Enter');
    expect(await input.inputValue()).toBe(label);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => query(page).near ?? '').toMatch(/^spring[a-z-]*-[a-z]{2}$/);
    await context.close();
  });
});

describe('place suggestions in the home hero', () => {
  it('chooses a place by keyboard and shows the results near it', async () => {
    const { page, context } = await openHydrated(browser, '/');
    const hero = page.getByRole('search', { name: 'Find glamping' });
    const input = hero.getByLabel('Where do you want to go?');
    await input.pressSequentially('Ashev');
    await hero.getByRole('option', { name: 'Asheville, North Carolina' }).waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Asheville, North Carolina');
    await hero.getByRole('button', { name: 'Find Glamping' }).click();
    const expected = expectedNear(ASHEVILLE, { near: 'asheville-nc' });
    await expectCount(page, expected.length);
    await expectByDistance(page, ASHEVILLE, expected);
    expect(await field(page).inputValue()).toBe('Asheville, North Carolina');
    await context.close();
  });
});
