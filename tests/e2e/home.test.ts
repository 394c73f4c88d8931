import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../src/domain/lists';
import type { Filters } from '../../src/domain/schemas/filters';
import {
  expectCards,
  expectCount,
  expectedExact,
  expectedSearch,
  openHydrated,
  VERIFIED,
} from './browse-support';
import { baseURL, browser, withBrowser } from './browser';
import { holdRequests } from './forms-helpers';

withBrowser();

const hero = (page: Page) => page.getByRole('search', { name: 'Find glamping' });
const panel = (page: Page) => page.getByRole('region', { name: 'Find Your Perfect Glamping Experience' });

/** What the filter panel shows, field by field. */
async function panelValues(page: Page) {
  const p = panel(page);
  return {
    location: await p.getByLabel('Location', { exact: true }).inputValue(),
    state: await p.getByLabel('State', { exact: true }).inputValue(),
    accommodationType: await p.getByLabel('Accommodation Type', { exact: true }).inputValue(),
    setting: await p.getByLabel('Setting', { exact: true }).inputValue(),
  };
}

/**
 * Waits until the results section's top has scrolled to the top of the viewport, or as near as the page allows
 * (with few results the page ends before the section could reach the top).
 */
async function expectResultsInView(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const top = document.getElementById('results')!.getBoundingClientRect().top;
          const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
          return Math.abs(top) < 40 || (atEnd && top > 0 && top < innerHeight / 2);
        }),
      // The hero scrolls again when a smooth scroll ends short (src/components/scroll-to-section.ts): on a busy
      // machine that can take a few seconds.
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('home hero search', () => {
  it("has the placeholder, a state select starting with 'All States', and 'Find Glamping'", async () => {
    const { page, context, errors } = await openHydrated(browser, '/');
    const text = hero(page).getByLabel('Where do you want to go?');
    expect(await text.getAttribute('placeholder')).toBe("City, ZIP, or 'Near Me'");
    const options = await hero(page)
      .getByLabel('Which state?')
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([['all-states', 'All States'], ...US_STATES.map((s) => [s, s])]);
    expect(await hero(page).getByLabel('Which state?').inputValue()).toBe('all-states');
    expect(await hero(page).getByRole('button', { name: 'Find Glamping' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sets location and state on 'Find Glamping' and scrolls smoothly to the results", async () => {
    const { page, context } = await openHydrated(browser, '/');
    await hero(page).getByLabel('Where do you want to go?').fill('  Springs ');
    await hero(page).getByLabel('Which state?').selectOption('Colorado');
    const scrolls = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          // A smooth scroll moves in several steps; an instant jump in one.
          let steps = 0;
          addEventListener('scroll', () => steps++);
          setTimeout(() => resolve(steps), 1500);
        }),
    );
    await hero(page).getByRole('button', { name: 'Find Glamping' }).click();
    await expectResultsInView(page);
    expect(await scrolls).toBeGreaterThan(1);
    expect(await panelValues(page)).toEqual({
      location: 'Springs',
      state: 'Colorado',
      accommodationType: 'all-types',
      setting: 'all-settings',
    });
    const expected = expectedSearch({ location: 'Springs', state: 'Colorado' });
    expect(expected.slice(0, 5)).toEqual(
      expectedExact({ location: 'Springs', state: 'Colorado' }).slice(0, 5),
    );
    await expectCount(page, expected.length);
    await expectCards(page, expected);
    await context.close();
  });

  it('searches with Enter in the text field, across all states', async () => {
    const { page, context } = await openHydrated(browser, '/');
    await hero(page).getByLabel('Where do you want to go?').fill('Lake');
    await hero(page).getByLabel('Where do you want to go?').press('Enter');
    await expectResultsInView(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await panelValues(page)).location).toBe('Lake');
    expect((await panelValues(page)).state).toBe('all-states');
    await expectCount(page, expectedSearch({ location: 'Lake' }).length);
    await context.close();
  });

  it('keeps a search made before the results have hydrated', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const release = await holdRequests(page, '**/_astro/BrowseApp*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await hero(page).getByLabel('Where do you want to go?').fill('Lake');
    await hero(page).getByLabel('Which state?').selectOption('Michigan');
    await hero(page).getByRole('button', { name: 'Find Glamping' }).click();
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await expect.poll(() => panel(page).getByLabel('Location', { exact: true }).inputValue()).toBe('Lake');
    expect(await panel(page).getByLabel('State', { exact: true }).inputValue()).toBe('Michigan');
    await expectCount(page, expectedSearch({ location: 'Lake', state: 'Michigan' }).length);
    await context.close();
  });

  it('makes each search a history entry: Back and Forward restore the results around it', async () => {
    const { page, context } = await openHydrated(browser, '/');
    await panel(page).getByLabel('State', { exact: true }).selectOption('Utah');
    await expect.poll(() => new URL(page.url()).search).toBe('?state=Utah');
    const utah = expectedExact({ state: 'Utah' });
    await expectCount(page, utah.length);

    await hero(page).getByLabel('Where do you want to go?').fill('Lake');
    await hero(page).getByLabel('Which state?').selectOption('Michigan');
    await hero(page).getByRole('button', { name: 'Find Glamping' }).click();
    const lake = expectedSearch({ location: 'Lake', state: 'Michigan' });
    await expectCount(page, lake.length);
    await page.getByRole('button', { name: 'Florida Glamping', exact: true }).click();
    await expectCount(page, expectedExact({ state: 'Florida' }).length);

    const fields = { accommodationType: 'all-types', setting: 'all-settings' };
    await page.goBack();
    await expect.poll(() => panelValues(page)).toEqual({ location: 'Lake', state: 'Michigan', ...fields });
    await expectCount(page, lake.length);
    await expectCards(page, lake);
    await page.goBack();
    await expect.poll(() => panelValues(page)).toEqual({ location: '', state: 'Utah', ...fields });
    await expectCount(page, utah.length);
    await expectCards(page, utah);
    expect(page.url()).toBe(new URL('/?state=Utah', baseURL()).href);
    await page.goForward();
    await expect.poll(() => panelValues(page)).toEqual({ location: 'Lake', state: 'Michigan', ...fields });
    await expectCount(page, lake.length);
    await context.close();
  });

  it('sets the filters of each popular search (D12)', async () => {
    const searches: Array<[string, Partial<Filters>]> = [
      ['Florida Glamping', { state: 'Florida' }],
      ['California Luxury Camping', { state: 'California', priceRange: 'Luxury' }],
      ['Texas Ranch Glamping', { state: 'Texas', setting: 'Farm/Ranch' }],
      ['Colorado Mountain Glamping', { state: 'Colorado', setting: 'Mountains' }],
      ['Maine Coastal Glamping', { state: 'Maine', setting: 'Coastal' }],
    ];
    const { page, context } = await openHydrated(browser, '/');
    // A popular search starts from a clean slate: earlier choices do not linger.
    await hero(page).getByLabel('Where do you want to go?').fill('Yurt');
    await hero(page).getByRole('button', { name: 'Find Glamping' }).click();
    for (const [label, filters] of searches) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await expectResultsInView(page);
      const values = await panelValues(page);
      expect(values).toEqual({
        location: '',
        state: filters.state,
        accommodationType: 'all-types',
        setting: filters.setting ?? 'all-settings',
      });
      const expected = expectedExact(filters);
      expect(expected.length).toBeGreaterThan(0);
      await expectCount(page, expected.length);
      await expectCards(page, expected);
      // Back to the hero before the next search, so that its click has to bring the results into view. The smooth
      // scroll may still be in its last frames, and Chromium lets it move the page a little after an instant
      // scroll (up to 222 px in a scratch run): scroll to the top until the page stays there.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            window.scrollTo(0, 0);
            await new Promise((r) =>
              requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))),
            );
            return scrollY;
          }),
        )
        .toBe(0);
    }
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await page.getByRole('button', { name: 'California Luxury Camping', exact: true }).click();
    expect(await panel(page).getByLabel('Price Range', { exact: true }).inputValue()).toBe('Luxury');
    await context.close();
  });

  it('reaches the results from a popular search picked while the previous search still scrolls', async () => {
    const { page, context } = await openHydrated(browser, '/');
    await hero(page).getByLabel('Where do you want to go?').fill('Yurt');
    // A tenth of a second into the smooth scroll of one search, the visitor is back at the hero at once (an instant
    // scroll, as a test's scroll of a button into view before its click is) and picks a popular search. Chromium
    // drops a smooth scroll started right after an instant one cut another short: a single scrollIntoView left the
    // page where it was (19 times out of 20 in a scratch run), and the popular-search test above failed now and then.
    await page.evaluate(async () => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-hero-search] button')];
      buttons.find((b) => b.textContent?.trim() === 'Find Glamping')!.click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      scrollTo(0, 0);
      buttons.find((b) => b.textContent?.trim() === 'Florida Glamping')!.click();
    });
    await expectResultsInView(page);
    expect((await panelValues(page)).state).toBe('Florida');
    await expectCount(page, expectedExact({ state: 'Florida' }).length);
    await context.close();
  });

  it('shows the results section, the listing promo and claims counted from the data', async () => {
    const { page, context } = await openHydrated(browser, '/');
    expect(await panel(page).isVisible()).toBe(true);
    await expectCount(page, VERIFIED.length);
    await expectCards(page, VERIFIED);
    const promo = page.getByRole('main').getByRole('link', { name: 'List Your Property FREE' });
    expect(await promo.getAttribute('href')).toBe('/list-property');
    expect(await page.getByText(/publish it within about 24 hours/).isVisible()).toBe(true);
    const claims = await page.locator('main dl').first().textContent();
    const hundreds = `${(Math.floor(VERIFIED.length / 100) * 100).toLocaleString('en-US')}+`;
    expect(claims).toContain(hundreds);
    expect(claims).toContain('Verified Locations');
    expect(claims).toContain('All 50');
    expect(claims).toContain('100%');
    await context.close();
  });

  it('is usable at 375 px', async () => {
    const { page, context } = await openHydrated(browser, '/', { width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await hero(page).getByLabel('Where do you want to go?').fill('Moab');
    await hero(page).getByRole('button', { name: 'Find Glamping' }).click();
    await expectResultsInView(page);
    await expectCount(page, expectedSearch({ location: 'Moab' }).length);
    await context.close();
  });
});

describe('accessibility of the discovery pages', () => {
  const listing = VERIFIED[0]!;
  const pages = ['/', '/browse', '/glamping-california', '/yurts', `/listings/${listing.slug}`];

  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  for (const path of pages) {
    it(`${path} has no serious or critical axe violation`, async () => {
      const { page, context } = await openHydrated(browser, path);
      expect(await serious(page)).toEqual([]);
      await context.close();
    });
  }

  it('the open detail dialog and the advanced filters have none either', async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    await panel(page).getByRole('button', { name: 'Show Advanced Filters' }).click();
    await panel(page).getByRole('checkbox', { name: 'Fire Pit', exact: true }).check();
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await expect
      .poll(() =>
        page.getByRole('dialog').getByRole('link', { name: 'View on Map', exact: true }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByRole('dialog').getByText('Loading details...').count()).toBe(0);
    expect(await serious(page)).toEqual([]);
    await context.close();
  });
});
