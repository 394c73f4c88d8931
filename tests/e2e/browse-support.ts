import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { generateSampleListings } from '../../scripts/lib/sample/generate';
import { type BrowseData, type BrowseListing, toBrowseListing } from '../../src/domain/browse-data';
import { decodeBrowseData } from '../../src/domain/browse-decode';
import { browseFileUrl } from '../../src/domain/browse-files';
import { partSizes } from '../../src/domain/browse-parts';
import { createFuzzyMatcher } from '../../src/domain/fuzzy';
import { DEFAULT_FILTERS, type Filters } from '../../src/domain/schemas/filters';
import { searchListings } from '../../src/domain/search';
import { baseURL, visitor } from './browser';

/** The e2e database holds exactly this generator's output; only verified rows are public, newest first. */
export const VERIFIED = generateSampleListings()
  .filter((l) => l.verification_status === 'verified')
  .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
export type SampleListing = (typeof VERIFIED)[number];

/** The verified listings as the browser holds them (the listings file: positions rounded to about a km). */
export const LEAN = VERIFIED.map((l) => toBrowseListing({ ...l, updated_at: l.created_at }));

/** Listings matching the spec's exact rules (section 7), computed here independently of the site's code. */
export function expectedExact(over: Partial<Filters>): SampleListing[] {
  const f = { ...DEFAULT_FILTERS, ...over };
  const needle = f.location.trim().toLowerCase();
  return VERIFIED.filter(
    (l) =>
      (f.state === 'all-states' || l.state === f.state) &&
      (f.accommodationType === 'all-types' || l.accommodation_type === f.accommodationType) &&
      (f.setting === 'all-settings' || l.setting_type === f.setting) &&
      (f.priceRange === 'all-prices' || l.price_range === f.priceRange) &&
      (f.amenities.length === 0 || f.amenities.some((a) => (l.amenities as readonly string[]).includes(a))) &&
      (!needle ||
        [l.property_name, l.city, l.state].some((s) => s.toLowerCase().includes(needle)) ||
        (/^\d{5}$/.test(needle) && l.zip_code === needle)),
  );
}

const fuzzy = createFuzzyMatcher(VERIFIED);

/** The site's full result list (exact matches, then typo-tolerant ones) from the shared domain rules. */
export function expectedSearch(over: Partial<Filters>): readonly SampleListing[] {
  return searchListings(VERIFIED, { ...DEFAULT_FILTERS, ...over }, { fuzzy });
}

/** '1,234 results found' for a count. */
export const resultsLine = (n: number) => `${n.toLocaleString('en-US')} results found`;

/** Opens a page in a fresh context and waits until every island on it has hydrated. */
export async function openHydrated(
  browser: Browser,
  path: string,
  options: {
    width?: number;
    height?: number;
    permissions?: string[];
    geolocation?: { latitude: number; longitude: number };
    /**
     * 'block' for a test that answers requests itself (page.route): once the service worker controls the page, the
     * requests it handles (the listings' detail files, pages, assets) never reach a route (Playwright's docs).
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'allow',
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    extraHTTPHeaders: visitor(),
    ...(options.permissions ? { permissions: options.permissions } : {}),
    ...(options.geolocation ? { geolocation: options.geolocation } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  await waitForHydration(page);
  return { page, context, errors };
}

/** Astro removes the `ssr` attribute from an island once React has hydrated it. */
export async function waitForHydration(page: Page): Promise<void> {
  // React hydrates after Astro drops the island's `ssr` attribute; it is done once its DOM carries React's fibers.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => {
      const root = island.querySelector('*');
      return (
        !island.hasAttribute('ssr') && root && Object.keys(root).some((k) => k.startsWith('__reactFiber'))
      );
    }),
  );
  // Effects run after the hydration commit (reading the URL, for one): let them settle.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await resultsReady(page);
}

/**
 * Waits until the cards list what the view's filters ask. On an address with filters of its own, the page's cards
 * stay, dimmed and busy, until the results' code is in (src/islands/browse/BrowseApp.tsx).
 */
export async function resultsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** The filter panel's count line ('{n} results found'). */
export const countLine = (page: Page) => page.getByText(/^[\d,]+ results found$/);

/** Waits until the count line says `n` results. */
export async function expectCount(page: Page, n: number): Promise<void> {
  await expect.poll(() => countLine(page).textContent(), { timeout: 10_000 }).toBe(resultsLine(n));
}

/** Names of the result cards shown, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

/** Waits until the first `first` result cards are exactly the first of these listings, in this order. */
export async function expectCards(page: Page, listings: readonly { property_name: string }[], first = 24) {
  await expect
    .poll(async () => (await cardNames(page)).slice(0, first), { timeout: 10_000 })
    .toEqual(listings.slice(0, first).map((l) => l.property_name));
}

/** The result card of a listing, found by its heading. */
export const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The query string of the page as a plain object. */
export const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Every listing the served listings files hold, read the way the browse view reads them: the parts of the whole set. */
export async function publicListings(base: string): Promise<BrowseListing[]> {
  const part = async (index: number) => {
    const response = await fetch(new URL(browseFileUrl({ kind: 'part', index }), base));
    if (!response.ok) throw new Error(`part ${index}: HTTP ${response.status}`);
    return (await response.json()) as BrowseData;
  };
  const first = await part(0);
  const rest = await Promise.all(
    partSizes(first.total)
      .slice(1)
      .map((_, i) => part(i + 1)),
  );
  return [first, ...rest].flatMap((data) =>
    decodeBrowseData(data, { dict: first.dict!, places: first.places! }),
  );
}
