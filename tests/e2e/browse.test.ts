import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { partSizes } from '../../src/domain/browse-parts';
import { placesCount } from '../../src/domain/format';
import {
  ACCOMMODATION_TYPES,
  ALL_TYPES,
  AMENITIES,
  PRICE_RANGES,
  SETTING_TYPES,
  TYPE_ROUTES,
  US_STATES,
} from '../../src/domain/lists';
import { DEFAULT_FILTERS } from '../../src/domain/schemas/filters';
import { searchListings } from '../../src/domain/search';
import { statePath } from '../../src/domain/slug';
import {
  cardNames,
  countLine,
  expectCards,
  expectCount,
  expectedExact,
  expectedSearch,
  LEAN,
  openHydrated,
  query,
  resultsLine,
  VERIFIED,
  waitForHydration,
} from './browse-support';
import { baseURL, browser, withBrowser } from './browser';
import { holdRequests } from './forms-helpers';

withBrowser();

const PANEL = 'Find Your Perfect Glamping Experience';
const panel = (page: Page) => page.getByRole('region', { name: PANEL });
const location = (page: Page) => panel(page).getByLabel('Location', { exact: true });
const stateSelect = (page: Page) => panel(page).getByLabel('State', { exact: true });
const typeSelect = (page: Page) => panel(page).getByLabel('Accommodation Type', { exact: true });
const settingSelect = (page: Page) => panel(page).getByLabel('Setting', { exact: true });
const priceSelect = (page: Page) => panel(page).getByLabel('Price Range', { exact: true });

/** [value, label] of every option of a select. */
/** 'name|city, state' of each card shown, in order. */
const cardKeys = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) =>
    cards.map(
      // The place line without the distance that distance mode adds (' · 12 mi away').
      (c) =>
        `${c.querySelector('h3')?.textContent}|${c.querySelector('h3 ~ p, div + p')?.textContent?.replace(/ · .*$/, '')}`,
    ),
  );

const optionsOf = (page: Page, label: string) =>
  panel(page)
    .getByLabel(label, { exact: true })
    .locator('option')
    .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));

describe('filter panel', () => {
  it('shows the heading, the count of all listings, labels, placeholder and first options', async () => {
    const { page, context, errors } = await openHydrated(browser, '/browse');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(PANEL);
    expect(await countLine(page).textContent()).toBe(resultsLine(VERIFIED.length));
    expect(await location(page).getAttribute('placeholder')).toBe("City, ZIP, or 'Near Me'");
    expect(await optionsOf(page, 'State')).toEqual([
      ['all-states', 'All States'],
      ...US_STATES.map((s) => [s, s]),
    ]);
    expect(await optionsOf(page, 'Accommodation Type')).toEqual([
      ['all-types', 'Any Type'],
      ...ACCOMMODATION_TYPES.map((t) => [t, t]),
    ]);
    expect(await optionsOf(page, 'Setting')).toEqual([
      ['all-settings', 'Any Setting'],
      ...SETTING_TYPES.map((s) => [s, s]),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles the advanced filters: price range and the first 12 amenities as checkboxes', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const toggle = panel(page).getByRole('button', { name: 'Show Advanced Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await priceSelect(page).count()).toBe(0);
    await toggle.click();
    const hide = panel(page).getByRole('button', { name: 'Hide Advanced Filters' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await optionsOf(page, 'Price Range')).toEqual([
      ['all-prices', 'Any Price Range'],
      ...PRICE_RANGES.map((p) => [p.value, p.label]),
    ]);
    const group = panel(page).getByRole('group', { name: 'Popular Amenities' });
    const boxes = group.getByRole('checkbox');
    expect(await boxes.count()).toBe(12);
    for (const amenity of AMENITIES.slice(0, 12)) {
      expect(await group.getByRole('checkbox', { name: amenity, exact: true }).isChecked()).toBe(false);
    }
    await hide.click();
    expect(await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).isVisible()).toBe(true);
    expect(await priceSelect(page).count()).toBe(0);
    await context.close();
  });

  it('reports every change to the results and the count line', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await stateSelect(page).selectOption('Colorado');
    await expectCount(page, expectedExact({ state: 'Colorado' }).length);
    await expectCards(page, expectedExact({ state: 'Colorado' }));
    await typeSelect(page).selectOption('Cabins');
    const cabins = expectedExact({ state: 'Colorado', accommodationType: 'Cabins' });
    await expectCount(page, cabins.length);
    await expectCards(page, cabins);
    await stateSelect(page).selectOption('all-states');
    await settingSelect(page).selectOption('Mountains');
    const mountainCabins = expectedExact({ accommodationType: 'Cabins', setting: 'Mountains' });
    await expectCount(page, mountainCabins.length);
    await expectCards(page, mountainCabins);
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await priceSelect(page).selectOption('Luxury');
    const luxury = expectedExact({ accommodationType: 'Cabins', setting: 'Mountains', priceRange: 'Luxury' });
    await expectCount(page, luxury.length);
    await expectCards(page, luxury);
    await context.close();
  });

  it('adds amenities as removable chips; a listing matches when it has any chosen amenity', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    const group = panel(page).getByRole('group', { name: 'Popular Amenities' });
    await group.getByRole('checkbox', { name: 'Fire Pit', exact: true }).check();
    await group.getByRole('checkbox', { name: 'WiFi/Internet', exact: true }).check();
    const both = expectedExact({ amenities: ['Fire Pit', 'WiFi/Internet'] });
    await expectCount(page, both.length);
    await expectCards(page, both);
    expect(await panel(page).getByText('Selected Amenities').isVisible()).toBe(true);
    await panel(page).getByRole('button', { name: 'Remove Fire Pit' }).click();
    await expectCount(page, expectedExact({ amenities: ['WiFi/Internet'] }).length);
    expect(await group.getByRole('checkbox', { name: 'Fire Pit', exact: true }).isChecked()).toBe(false);
    expect(await panel(page).getByRole('button', { name: 'Remove Fire Pit' }).count()).toBe(0);
    await group.getByRole('checkbox', { name: 'WiFi/Internet', exact: true }).uncheck();
    await expectCount(page, VERIFIED.length);
    expect(await panel(page).getByText('Selected Amenities').count()).toBe(0);
    await context.close();
  });

  it("shows 'Clear All' only while a filter is set, and it resets every filter", async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const clear = panel(page).getByRole('button', { name: 'Clear All' });
    expect(await clear.count()).toBe(0);
    await location(page).fill('lake');
    expect(await clear.isVisible()).toBe(true);
    await location(page).fill('');
    await expect.poll(() => clear.count()).toBe(0);
    await location(page).fill('Springs');
    await stateSelect(page).selectOption('Colorado');
    await typeSelect(page).selectOption('Yurts');
    await settingSelect(page).selectOption('Mountains');
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await priceSelect(page).selectOption('Mid-Range');
    await panel(page).getByRole('checkbox', { name: 'Hot Shower', exact: true }).check();
    await clear.click();
    expect(await location(page).inputValue()).toBe('');
    expect(await stateSelect(page).inputValue()).toBe('all-states');
    expect(await typeSelect(page).inputValue()).toBe('all-types');
    expect(await settingSelect(page).inputValue()).toBe('all-settings');
    expect(await priceSelect(page).inputValue()).toBe('all-prices');
    expect(await panel(page).getByRole('checkbox', { checked: true }).count()).toBe(0);
    await expectCount(page, VERIFIED.length);
    expect(await clear.count()).toBe(0);
    // The address bar follows once the filters have rested 250 ms (src/stores/filters-url.ts).
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('filters in the URL', () => {
  it('follows every filter change in the query string without adding history entries', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const historyLength = await page.evaluate(() => history.length);
    await location(page).fill('Springs');
    await stateSelect(page).selectOption('Colorado');
    await typeSelect(page).selectOption('Yurts');
    await settingSelect(page).selectOption('Mountains');
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await priceSelect(page).selectOption('Luxury');
    await panel(page).getByRole('checkbox', { name: 'Fire Pit', exact: true }).check();
    await panel(page).getByRole('checkbox', { name: 'Deck/Patio', exact: true }).check();
    await expect
      .poll(() => query(page))
      .toEqual({
        search: 'Springs',
        state: 'Colorado',
        type: 'Yurts',
        setting: 'Mountains',
        price: 'Luxury',
        amenities: 'Fire Pit,Deck/Patio',
      });
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await stateSelect(page).selectOption('all-states');
    await expect.poll(() => query(page).state).toBeUndefined();
    await context.close();
  });

  it('reads search, state, type and setting (and price, amenities) on load', async () => {
    const params = new URLSearchParams({
      search: 'lake',
      state: 'Michigan',
      type: 'Cabins',
      setting: 'Lake',
    });
    const { page, context } = await openHydrated(browser, `/browse?${params}`);
    await expect.poll(() => location(page).inputValue()).toBe('lake');
    expect(await stateSelect(page).inputValue()).toBe('Michigan');
    expect(await typeSelect(page).inputValue()).toBe('Cabins');
    expect(await settingSelect(page).inputValue()).toBe('Lake');
    const expected = expectedExact({
      location: 'lake',
      state: 'Michigan',
      accommodationType: 'Cabins',
      setting: 'Lake',
    });
    await expectCount(page, expected.length);
    await context.close();

    // Amenities beyond the 12 checkboxes (Swimming) still apply and show as chips.
    const more = await openHydrated(browser, '/browse?price=Budget-Friendly&amenities=Hot%20Shower,Swimming');
    await more.page.getByRole('button', { name: 'Show Advanced Filters' }).click();
    await expect.poll(() => priceSelect(more.page).inputValue()).toBe('Budget-Friendly');
    expect(await more.page.getByRole('checkbox', { name: 'Hot Shower', exact: true }).isChecked()).toBe(true);
    expect(await more.page.getByRole('button', { name: 'Remove Hot Shower' }).isVisible()).toBe(true);
    expect(await more.page.getByRole('button', { name: 'Remove Swimming' }).isVisible()).toBe(true);
    await expectCount(
      more.page,
      expectedExact({ priceRange: 'Budget-Friendly', amenities: ['Hot Shower', 'Swimming'] }).length,
    );
    await more.context.close();
  });

  it('ignores unknown or malformed values and never echoes them as HTML', async () => {
    const long = 'Moab'.repeat(1250);
    const params = new URLSearchParams({
      state: 'Atlantis',
      type: '<script>window.__pwned=1</script>',
      setting: '<img src=x onerror="window.__pwned=1">',
      price: 'free',
      amenities: 'Moat,<b>x</b>',
      search: long,
    });
    const { page, context, errors } = await openHydrated(browser, `/browse?${params}`);
    await expect.poll(async () => (await location(page).inputValue()).length).toBeGreaterThan(0);
    expect(await stateSelect(page).inputValue()).toBe('all-states');
    expect(await typeSelect(page).inputValue()).toBe('all-types');
    expect(await settingSelect(page).inputValue()).toBe('all-settings');
    const value = await location(page).inputValue();
    expect(value.length).toBeLessThanOrEqual(100);
    expect(long.startsWith(value)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const html = await page.content();
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('onerror="window.__pwned');
    expect(html).not.toContain(long);
    // Only the trimmed search applies; every other filter stays at its default.
    await expectCount(page, expectedSearch({ location: value }).length);
    await expect.poll(() => query(page)).toEqual({ search: value });
    expect(errors).toEqual([]);
    await context.close();
  });
  it('restores the filters when the visitor comes back to the page', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await stateSelect(page).selectOption('Utah');
    await settingSelect(page).selectOption('Desert');
    const expected = expectedExact({ state: 'Utah', setting: 'Desert' });
    await expectCount(page, expected.length);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /full listing page/i })
      .click();
    await page.waitForURL('**/listings/**');
    await page.goBack();
    await page.waitForURL('**/browse?**');
    await expect.poll(() => stateSelect(page).inputValue()).toBe('Utah');
    expect(await settingSelect(page).inputValue()).toBe('Desert');
    await expectCount(page, expected.length);
    await context.close();
  });
});

describe('keyboard', () => {
  it('sets filters, toggles amenities and removes chips without a mouse', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await location(page).focus();
    await page.keyboard.type('Lake');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Use my location');
    await page.keyboard.press('Tab');
    expect(await stateSelect(page).evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => stateSelect(page).inputValue()).toBe('Alabama');
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).focus();
    await page.keyboard.press('Enter');
    const box = panel(page).getByRole('checkbox', { name: 'Heating', exact: true });
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    const chip = panel(page).getByRole('button', { name: 'Remove Heating' });
    await chip.focus();
    await page.keyboard.press('Enter');
    expect(await box.isChecked()).toBe(false);
    await panel(page).getByRole('button', { name: 'Clear All' }).focus();
    await page.keyboard.press('Enter');
    await expectCount(page, VERIFIED.length);
    await context.close();
  });
});

describe('location search', () => {
  it('matches name, city or state case-insensitively', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    for (const text of ['telluride', 'OREGON', 'Hidden Valley']) {
      await location(page).fill(text);
      const exact = expectedExact({ location: text });
      expect(exact.length).toBeGreaterThan(0);
      await expectCount(page, expectedSearch({ location: text }).length);
      // Exact matches first, in the listing order; typo-tolerant ones (if any) after them.
      await expectCards(page, exact, Math.min(24, exact.length));
    }
    await context.close();
  });

  it('keeps every character typed key by key, spaces included', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await location(page).pressSequentially('Hidden Valley', { delay: 20 });
    await expect.poll(() => location(page).inputValue()).toBe('Hidden Valley');
    await expectCount(page, expectedSearch({ location: 'Hidden Valley' }).length);
    await context.close();
  });

  it('finds the listings of a 5-digit ZIP code, nearest first among those around it (D27)', async () => {
    const listing = VERIFIED.find((l) => expectedExact({ location: l.zip_code }).length >= 2);
    if (!listing) throw new Error('sample data has no ZIP shared by two listings');
    const { page, context } = await openHydrated(browser, '/browse');
    await location(page).fill(listing.zip_code);
    const expected = VERIFIED.filter((l) => l.zip_code === listing.zip_code).map((l) => l.property_name);
    await expect
      .poll(async () => (await cardNames(page)).filter((n) => expected.includes(n)).length)
      .toBe(expected.length);
    await context.close();
  });

  it('adds typo-tolerant matches after the exact ones', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    // 'Telluride' misspelt: no exact match, yet the Telluride listings are found.
    await location(page).fill('Teluride');
    expect(expectedExact({ location: 'Teluride' })).toEqual([]);
    const telluride = VERIFIED.filter((l) => l.city === 'Telluride').map((l) => l.property_name);
    await expect
      .poll(async () => (await cardNames(page)).filter((n) => telluride.includes(n)).length)
      .toBe(telluride.length);
    // Exact matches come first: 'Salida' matches exactly, the fuzzy extras follow.
    await location(page).fill('Salida');
    const exact = expectedExact({ location: 'Salida' }).map((l) => l.property_name);
    await expect.poll(async () => (await cardNames(page)).slice(0, exact.length)).toEqual(exact.slice(0, 24));
    await context.close();
  });

  it("explains when 'Near Me' cannot use the visitor's location", async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await panel(page).getByRole('button', { name: 'Use my location' }).click();
    expect(await location(page).inputValue()).toBe('Near Me');
    const alert = panel(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/location access was denied/i);
    // Typing it works the same way, in any case.
    await location(page).fill('');
    await location(page).fill('near me');
    await expect.poll(() => alert.textContent()).toMatch(/type a city or ZIP instead/i);
    await expectCount(page, VERIFIED.length);
    await context.close();
  });

  it("sorts by distance for 'Near Me' once location is allowed", async () => {
    const here = { latitude: 39.6403, longitude: -106.3742 }; // Vail, Colorado
    const { page, context } = await openHydrated(browser, '/browse', {
      permissions: ['geolocation'],
      geolocation: here,
    });
    await location(page).fill('Near Me');
    const km = (l: { latitude: number; longitude: number }) => {
      const rad = (d: number) => (d * Math.PI) / 180;
      const a =
        Math.sin(rad(l.latitude - here.latitude) / 2) ** 2 +
        Math.cos(rad(here.latitude)) *
          Math.cos(rad(l.latitude)) *
          Math.sin(rad(l.longitude - here.longitude) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(a));
    };
    // Names repeat across states: a card is known by its name and its 'city, state' line.
    const distanceOf = (key: string) =>
      Math.min(...VERIFIED.filter((l) => `${l.property_name}|${l.city}, ${l.state}` === key).map(km));
    const nearest = Math.min(...VERIFIED.map(km));
    await expect.poll(async () => distanceOf((await cardKeys(page))[0] ?? '')).toBeLessThan(nearest + 2);
    // The cards go outwards (the browse file rounds positions to about a kilometre).
    const distances = (await cardKeys(page)).map(distanceOf);
    for (let i = 1; i < distances.length; i++) expect(distances[i]).toBeGreaterThan(distances[i - 1]! - 3);
    expect(distances.at(-1)!).toBeLessThan(300);
    expect(await panel(page).getByRole('alert').count()).toBe(0);
    // D27: 'Near Me' is distance mode, within 100 miles unless the radius says otherwise.
    const within = searchListings(LEAN, { ...DEFAULT_FILTERS, location: 'Near Me' }, { origin: here });
    expect(within.length).toBeLessThan(VERIFIED.length);
    await expectCount(page, within.length);
    await context.close();
  });
});

describe('results', () => {
  it("pages with 'Show more' while the count line keeps the full total", async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await expectCards(page, VERIFIED, 24);
    expect(await page.getByRole('article').count()).toBe(24);
    expect(await page.getByText(`Showing 24 of ${VERIFIED.length.toLocaleString('en-US')}`).isVisible()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Show more' }).click();
    await expectCards(page, VERIFIED, 48);
    expect(await page.getByRole('article').count()).toBe(48);
    expect(await countLine(page).textContent()).toBe(resultsLine(VERIFIED.length));
    // A new filter starts again from the first page.
    await stateSelect(page).selectOption('California');
    await expectCards(page, expectedExact({ state: 'California' }), 24);
    await context.close();
  });

  /** /browse, hydrated, with the results component's code held back until `release()` (the page's plain cards only). */
  const browseWithResultsHeld = async () => {
    const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block' });
    const page = await context.newPage();
    const release = await holdRequests(page, '**/_astro/Results.*.js');
    await page.goto('/browse');
    await waitForHydration(page);
    return { page, context, release };
  };

  it("answers the page's own cards before the results' code is in: a heart, View Details, photos, 'Show more'", async () => {
    // The first cards are plain HTML the island does not hydrate (src/islands/browse/static-cards.tsx); the results
    // component, held here, takes over only when the view lists other cards.
    const { page, context, release } = await browseWithResultsHeld();
    const first = page.getByRole('article').first();
    const heart = first.getByRole('button', { name: /^Save / });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.getAttribute('title')).toBe('Saved to your shortlist');
    await first.getByRole('button', { name: /^View Details/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      await first.getByRole('heading', { level: 3 }).textContent(),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Cards below the first row show their photo once they near the screen: decoded, not only requested.
    await page.getByRole('article').last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('article img')].filter(
              (img) => img.complete && img.naturalWidth > 0,
            ).length,
        ),
      )
      .toBeGreaterThan(3);
    // 'Show more' by keyboard: the next cards once the results' code is in, and focus stays on 'Show more'.
    await page.getByRole('button', { name: 'Show more' }).focus();
    await page.keyboard.press('Enter');
    release();
    await expectCards(page, VERIFIED, 48);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show more');
    expect(
      await page
        .getByRole('article')
        .first()
        .getByRole('button', { name: /^Save / })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it("keeps the page's cards answering while the results' code loads after the filters changed", async () => {
    // Until the results component is in, the page's cards stay on screen (src/islands/browse/static-cards.tsx): a
    // visitor who clicks one of them gets it, and their hearts still say what is saved.
    const { page, context, release } = await browseWithResultsHeld();
    const first = page.getByRole('article').first();
    const name = (await first.getByRole('heading', { level: 3 }).textContent())!;
    await first.getByRole('button', { name: /^Save / }).click();
    await location(page).fill('qqqxxzz');
    await expect
      .poll(() => first.getByRole('button', { name: /^Save / }).getAttribute('aria-pressed'))
      .toBe('true');
    await first.getByRole('button', { name: /^View Details/ }).click();
    await page.getByRole('dialog', { name }).waitFor();
    await page.keyboard.press('Escape');
    release();
    await expectCount(page, 0);
    await context.close();
  });

  it('Back from a dialog opened right after typing returns to what was typed', async () => {
    // The address takes the filters once they rest (src/stores/filters-url.ts); the dialog's history entry must not
    // leave the search behind it. The page's clock stands still from the typing on, so the dialog opens before they
    // rest, however slow the machine.
    const { page, context } = await openHydrated(browser, '/browse');
    const first = page.getByRole('article').first();
    const name = (await first.getByRole('heading', { level: 3 }).textContent())!;
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await location(page).fill(name);
    await first.getByRole('button', { name: /^View Details/ }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await page.clock.resume();
    await page.goBack();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await location(page).inputValue()).toBe(name);
    expect(new URL(page.url()).searchParams.get('search')).toBe(name);
    await context.close();
  });

  it('says so when nothing matches', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await location(page).fill('qqqxxzz');
    await expectCount(page, 0);
    expect(await page.getByText('No glamping sites found matching your criteria.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    await context.close();
  });

  it('an empty result names what to change, counted: another type, a wider radius', async () => {
    // A state and a type with nothing together, where the state alone has listings.
    const [state, type] = US_STATES.flatMap((st) => ACCOMMODATION_TYPES.map((t) => [st, t] as const)).find(
      ([st, t]) =>
        expectedExact({ state: st, accommodationType: t }).length === 0 &&
        expectedExact({ state: st }).length > 0,
    )!;
    const { page, context } = await openHydrated(browser, '/browse');
    await stateSelect(page).selectOption(state);
    await typeSelect(page).selectOption(type);
    await expectCount(page, 0);
    const anyType = page.getByRole('button', {
      name: `Any type, not only ${type}: ${placesCount(expectedExact({ state }).length)}`,
    });
    await anyType.click();
    await expectCount(page, expectedExact({ state }).length);
    expect(await typeSelect(page).inputValue()).toBe(ALL_TYPES);
    await context.close();

    // 'Near Me' from a place with nothing within 100 miles but something within 250.
    const within = (here: { latitude: number; longitude: number }, radius: '100' | '250') =>
      searchListings(LEAN, { ...DEFAULT_FILTERS, location: 'Near Me', radius }, { origin: here }).length;
    const points = Array.from({ length: 25 * 58 }, (_, i) => ({
      latitude: 25 + Math.floor(i / 58),
      longitude: -124 + (i % 58),
    }));
    const here = points.find((p) => within(p, '100') === 0 && within(p, '250') > 0)!;
    const near = await openHydrated(browser, '/browse', { permissions: ['geolocation'], geolocation: here });
    await location(near.page).fill('Near Me');
    await expectCount(near.page, 0);
    const widen = near.page.getByRole('button', {
      name: `Widen to 250 miles: ${placesCount(within(here, '250'))}`,
    });
    await widen.click();
    await expectCount(near.page, within(here, '250'));
    await near.context.close();
  });

  it('shows the loading text until the listings arrive, and the error text when they cannot', async () => {
    const context = await browser.newContext({ baseURL: (await import('./browser')).baseURL() });
    const page = await context.newPage();
    const release = await holdRequests(page, '**/data/browse/**');
    await page.goto('/browse?state=Utah');
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    await expect.poll(() => page.getByText('Loading glamping sites...').isVisible()).toBe(true);
    release();
    await expectCount(page, expectedExact({ state: 'Utah' }).length);
    expect(await page.getByText('Loading glamping sites...').count()).toBe(0);
    await context.close();

    const failing = await browser.newContext({ baseURL: (await import('./browser')).baseURL() });
    const broken = await failing.newPage();
    await broken.route('**/data/browse/**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await broken.goto('/browse?state=Utah');
    const alert = broken.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/^Error: .+/);
    await failing.close();
  });

  it('loads each listings file once, only static files, and never calls an API or the database', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (['fetch', 'xhr', 'websocket', 'eventsource'].includes(r.resourceType()))
        requests.push(new URL(r.url()).pathname);
    });
    await page.goto('/browse');
    await waitForHydration(page);
    await stateSelect(page).selectOption('Texas');
    await location(page).fill('Ranch');
    await expectCount(page, expectedSearch({ state: 'Texas', location: 'Ranch' }).length);
    await location(page).fill('');
    await stateSelect(page).selectOption('all-states');
    await expectCount(page, VERIFIED.length);
    // Every state: the text's count needs the whole set, whose parts come after the first part's results.
    await location(page).fill('Ranch');
    await expectCount(page, expectedSearch({ location: 'Ranch' }).length);
    await location(page).fill('');
    await stateSelect(page).selectOption('Texas');
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const texan = expectedExact({ state: 'Texas' })[0]!;
    await expect.poll(() => page.getByRole('dialog').getByText(texan.description).count()).toBe(1);
    const parts = partSizes(VERIFIED.length).map((_, i) => `/data/browse/part-${i}.json`);
    expect(requests.filter((p) => p.startsWith('/data/browse/')).sort()).toEqual(
      [...parts, '/data/browse/state-texas.json'].sort(),
    );
    // Besides them, only static files: the listing's details and the gazetteer pieces the location field asks for.
    // The one call to a function is the count of the opened dialog (D35, docs/insights.md): it sends, reads nothing.
    const counted = (p: string) => p === '/api/events';
    expect(requests.filter(counted).length).toBeLessThanOrEqual(1);
    expect(
      requests.filter((p) => !p.startsWith('/data/browse/') && !p.startsWith('/data/places/') && !counted(p)),
    ).toEqual([`/data/listings/${texan.slug}.json`]);
    // The page itself carries only its first results, not the whole list.
    const html = await (await fetch(new URL('/browse', baseURL()))).text();
    expect(html).toContain(VERIFIED[0]!.property_name);
    for (const l of VERIFIED.slice(24, 60)) expect(html).not.toContain(l.slug);
    await context.close();
  });

  it('lays cards out in 1, 2 or 3 columns by width', async () => {
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const { page, context } = await openHydrated(browser, '/browse', { width });
      const lefts = await page
        .getByRole('article')
        .evaluateAll((cards) => cards.slice(0, 6).map((c) => Math.round(c.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);
      await context.close();
    }
  });

  it('stays usable at 375 px: no sideways scrolling, filters reachable', async () => {
    const { page, context } = await openHydrated(browser, '/browse', { width: 375, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The filters beyond the location are a sheet on a phone (tests/e2e/sort.test.ts).
    await panel(page).getByRole('button', { name: 'Filters (0)' }).click();
    await stateSelect(page).selectOption('Utah');
    await expectCount(page, expectedExact({ state: 'Utah' }).length);
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await panel(page).getByRole('checkbox', { name: 'Fire Pit', exact: true }).check();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('landing pages', () => {
  const get = async (path: string) => (await fetch(new URL(path, baseURL()))).text();
  const decode = (s: string) =>
    s
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  // Card titles: h3 holding the link to the listing's page.
  const headings = (html: string) =>
    [...html.matchAll(/<h3[^>]*><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((m) => decode(m[1]!));
  const meta = (html: string) => ({
    title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    description: decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''),
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '',
  });
  const routes = [
    ...US_STATES.map((state) => ({ path: statePath(state), filters: { state } })),
    ...TYPE_ROUTES.map((r) => ({ path: `/${r.path}`, filters: { accommodationType: r.type } })),
  ];

  it('serve their first page of results in the HTML, pre-filtered', async () => {
    expect(routes).toHaveLength(64);
    for (const { path, filters } of routes) {
      const html = await get(path);
      const expected = expectedExact(filters);
      expect(headings(html), path).toEqual(expected.slice(0, 24).map((l) => l.property_name));
      expect(html, path).toContain(resultsLine(expected.length));
    }
  });

  it('each have a unique title, description and canonical URL', async () => {
    const seen = { title: new Set<string>(), description: new Set<string>(), canonical: new Set<string>() };
    for (const { path } of [...routes, { path: '/browse' }, { path: '/' }]) {
      const m = meta(await get(path));
      expect(new URL(m.canonical).pathname, path).toBe(path);
      for (const key of ['title', 'description', 'canonical'] as const) {
        expect(m[key].length, `${path} ${key}`).toBeGreaterThan(10);
        expect(seen[key].has(m[key]), `${path} repeats its ${key}: ${m[key]}`).toBe(false);
        seen[key].add(m[key]);
      }
    }
    const california = meta(await get('/glamping-california'));
    expect(california.title).toContain('California');
    expect(california.description).toContain(`${expectedExact({ state: 'California' }).length}`);
  });

  it('pre-apply their state or type in the browser, and keep the URL clean until a change', async () => {
    const { page, context, errors } = await openHydrated(browser, '/glamping-maine');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Maine');
    expect(await stateSelect(page).inputValue()).toBe('Maine');
    await expectCount(page, expectedExact({ state: 'Maine' }).length);
    expect(new URL(page.url()).search).toBe('');
    await typeSelect(page).selectOption('Yurts');
    await expectCount(page, expectedExact({ state: 'Maine', accommodationType: 'Yurts' }).length);
    await expect.poll(() => query(page)).toEqual({ type: 'Yurts' });
    // The browser's first render matched the pre-rendered HTML: no hydration error.
    expect(errors).toEqual([]);
    await context.close();

    const yurts = await openHydrated(browser, '/yurts');
    expect(await typeSelect(yurts.page).inputValue()).toBe('Yurts');
    expect(await stateSelect(yurts.page).inputValue()).toBe('all-states');
    await expectCount(yurts.page, expectedExact({ accommodationType: 'Yurts' }).length);
    await expectCards(yurts.page, expectedExact({ accommodationType: 'Yurts' }));
    // 'Clear All' clears the pre-applied type too: the visitor sees every listing.
    await panel(yurts.page).getByRole('button', { name: 'Clear All' }).click();
    await expectCount(yurts.page, VERIFIED.length);
    await yurts.context.close();
  });
});

describe('loading on a phone', () => {
  /**
   * Paths of the listings files a page asks for, as they are requested (the gazetteer pieces the location field
   * loads as the visitor types are not listings).
   */
  const dataRequests = (page: Page) => {
    const paths: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/data/') && !path.startsWith('/data/places/')) paths.push(path);
    });
    return paths;
  };

  it('a landing page loads nothing until touched, then only its own listings until the filters widen', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const paths = dataRequests(page);
    await page.goto('/glamping-maine');
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(paths).toEqual([]);

    await location(page).fill('Camp');
    await expectCount(page, expectedSearch({ state: 'Maine', location: 'Camp' }).length);
    // The place suggestions for "Camp" close, as they do when the visitor moves on.
    await location(page).press('Escape');
    await typeSelect(page).selectOption('Cabins');
    await expectCount(
      page,
      expectedSearch({ state: 'Maine', location: 'Camp', accommodationType: 'Cabins' }).length,
    );
    expect(paths).toEqual(['/data/browse/state-maine.json']);

    // Another state: its file alone. All states: the whole set, in parts.
    await stateSelect(page).selectOption('Vermont');
    await expectCount(
      page,
      expectedSearch({ state: 'Vermont', location: 'Camp', accommodationType: 'Cabins' }).length,
    );
    expect(paths).toEqual(['/data/browse/state-maine.json', '/data/browse/state-vermont.json']);
    await panel(page).getByRole('button', { name: 'Clear All' }).click();
    await expectCount(page, VERIFIED.length);
    await expectCards(page, VERIFIED);
    expect(paths.slice(2).sort()).toEqual(
      partSizes(VERIFIED.length).map((_, i) => `/data/browse/part-${i}.json`),
    );
    await context.close();

    const yurts = await browser.newContext({ baseURL: baseURL() });
    const typePage = await yurts.newPage();
    const typePaths = dataRequests(typePage);
    await typePage.goto('/yurts');
    await waitForHydration(typePage);
    await location(typePage).fill('Lake');
    await expectCount(typePage, expectedSearch({ accommodationType: 'Yurts', location: 'Lake' }).length);
    expect(typePaths).toEqual(['/data/browse/type-yurts.json']);
    await yurts.close();
  });

  it('asks for the other parts of the whole set only once the first part has answered', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const paths = dataRequests(page);
    const release = await holdRequests(page, '**/data/browse/part-0.json');
    await page.goto('/browse');
    await waitForHydration(page);
    await location(page).fill('Lake');
    await page.waitForTimeout(500);
    // Its first results get the connection to themselves.
    expect(paths).toEqual(['/data/browse/part-0.json']);
    release();
    await expectCount(page, expectedSearch({ location: 'Lake' }).length);
    expect(paths.sort()).toEqual(partSizes(VERIFIED.length).map((_, i) => `/data/browse/part-${i}.json`));
    await context.close();
  });

  it("/browse shows a typed query's first matches before the last part arrives, and the final count after", async () => {
    const sizes = partSizes(VERIFIED.length);
    expect(sizes.length).toBeGreaterThan(1);
    const last = `/data/browse/part-${sizes.length - 1}.json`;
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const release = await holdRequests(page, `**${last}`);
    await page.goto('/browse');
    await waitForHydration(page);
    await location(page).fill('Lake');

    // The matches among the parts already in, newest first, with a cue that more are coming and no count yet.
    const loadedFirst = VERIFIED.slice(0, VERIFIED.length - sizes.at(-1)!);
    const early = expectedExact({ location: 'Lake' }).filter((l) => loadedFirst.includes(l));
    expect(early.length).toBeGreaterThan(3);
    await expectCards(page, early, Math.min(24, early.length));
    const cue = `Still loading ${sizes.at(-1)!.toLocaleString('en-US')} more listings…`;
    expect(await page.getByText(cue).isVisible()).toBe(true);
    expect(await countLine(page).count()).toBe(0);

    release();
    const all = expectedSearch({ location: 'Lake' });
    await expectCount(page, all.length);
    await expectCards(page, all);
    expect(await page.getByText(cue).count()).toBe(0);
    await context.close();
  });
});
