import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createNearestFinder, formatMiles, NEARBY_COUNT, NEARBY_MAX_MILES } from '../../src/domain/nearby';
import { statePath } from '../../src/domain/slug';
import { countLine, expectCount, openHydrated, query, resultsLine, VERIFIED } from './browse-support';
import { baseURL, browser, withBrowser } from './browser';

withBrowser();

const tileOrigin = () => inject('tileOrigin');
const CLUSTER = /^Cluster of [\d,]+ listings, zoom in$/;
const mapRegion = (page: Page) => page.getByRole('region', { name: /^Map of the results/ });
const clusters = (page: Page) => mapRegion(page).getByRole('button', { name: CLUSTER });

/**
 * Records every request a context makes that leaves the site and the tile fixture (there must be none: tests never
 * reach the internet) and every tile the fixture served.
 */
function watchRequests(context: BrowserContext) {
  const outside: string[] = [];
  const tiles: string[] = [];
  context.on('request', (r) => {
    const url = r.url();
    if (url.startsWith(tileOrigin())) tiles.push(url);
    else if (!url.startsWith(baseURL()) && !url.startsWith('data:')) outside.push(url);
  });
  return { outside, tiles };
}

/** Listings whose browse-file coordinates (rounded to 0.01 degree) lie in the area 'south,west,north,east'. */
function inside(area: string) {
  const [south, west, north, east] = area.split(',').map(Number) as [number, number, number, number];
  const r = (n: number) => Math.round(n * 100) / 100;
  return VERIFIED.filter((l) => {
    const [lat, lng] = [r(l.latitude), r(l.longitude)];
    return lat >= south && lat <= north && lng >= west && lng <= east;
  });
}

async function openMap(path: string) {
  const opened = await openHydrated(browser, path);
  const seen = watchRequests(opened.context);
  return { ...opened, seen };
}

describe('browse map', () => {
  it('List / Map toggle: the map shows every result in clusters, drawn from the local tiles, in the URL', async () => {
    const { page, context, errors, seen } = await openMap('/browse');
    const toggle = page.getByRole('group', { name: 'Show results as' });
    expect(await toggle.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    // Nothing of the map is loaded before it is opened.
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /leaflet|ResultsMap/.test(e.name)),
      ),
    ).toBe(false);
    await toggle.getByRole('button', { name: 'Map' }).click();
    await clusters(page).first().waitFor();
    expect(await toggle.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => query(page).view).toBe('map');
    // Every result is on the map: the clusters and points drawn add up to the count (all of the US is in view).
    const counted = await mapRegion(page)
      .getByRole('button')
      .evaluateAll((els) =>
        els.reduce((sum, el) => {
          const m = /^Cluster of ([\d,]+) listings/.exec(el.getAttribute('aria-label') ?? '');
          return sum + (m ? Number(m[1]!.replace(/,/g, '')) : el.classList.contains('map-pin') ? 1 : 0);
        }, 0),
      );
    expect(counted).toBe(VERIFIED.length);
    // The list stays below the map.
    expect(await countLine(page).textContent()).toBe(resultsLine(VERIFIED.length));
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    await expect.poll(() => seen.tiles.length).toBeGreaterThan(0);
    expect(await page.getByText('Test tile fixture').isVisible()).toBe(true);
    expect(seen.outside).toEqual([]);
    // The open map passes the same accessibility sweep as every page (tests/e2e/site.test.ts).
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cluster zooms in; a marker (click or Enter) opens a preview card, whose button opens the dialog', async () => {
    const listing = VERIFIED[0]!;
    const { page, context, errors } = await openMap(
      `/browse?view=map&state=${encodeURIComponent(listing.state)}`,
    );
    const zoom = () =>
      page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style') ?? '');
    await clusters(page).first().waitFor();
    // A click on a cluster zooms in, and so does Enter on a focused one. (While the map still settles, it may
    // redraw its clusters under the pointer and take the click with the old one: click again then.)
    const style = await zoom();
    await expect
      .poll(async () => {
        await clusters(page).first().click();
        return zoom();
      })
      .not.toBe(style);
    await page.reload();
    await clusters(page).first().waitFor();
    const again = await zoom();
    // (The map may redraw its markers once more as it settles, taking focus with the old button: focus again then.)
    await expect
      .poll(async () => {
        await clusters(page).first().focus();
        await page.keyboard.press('Enter');
        return zoom();
      })
      .not.toBe(again);
    await context.close();
    // One listing alone, on a visit of its own: its marker is a button named after it.
    const alone = await openMap(
      `/browse?view=map&search=${encodeURIComponent(listing.property_name)}&state=${encodeURIComponent(listing.state)}`,
    );
    const marker = mapRegion(alone.page)
      .getByRole('button', { name: listing.property_name, exact: true })
      .first();
    // A small card, not the modal: photo, name, type and place, a link to the page. One click: the map flies to the
    // one result as the page opens, and a marker still in view when it lands is kept, not redrawn under the click.
    await marker.click();
    const preview = alone.page.getByRole('region', { name: `Preview of ${listing.property_name}` });
    await preview.waitFor();
    expect(await alone.page.getByRole('dialog').count()).toBe(0);
    expect(await preview.textContent()).toContain(
      `${listing.accommodation_type} · ${listing.city}, ${listing.state}`,
    );
    expect(await preview.getByRole('link', { name: listing.property_name }).getAttribute('href')).toBe(
      `/listings/${listing.slug}`,
    );
    const photo = preview.locator('img');
    if ((await photo.count()) > 0)
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await preview.getByRole('button', { name: `View Details for ${listing.property_name}` }).click();
    const dialog = alone.page.getByRole('dialog', { name: listing.property_name });
    await dialog.waitFor();
    await alone.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });
    await marker.focus();
    await alone.page.keyboard.press('Enter');
    await preview.waitFor();
    expect([...errors, ...alone.errors]).toEqual([]);
    await alone.context.close();
  });

  it('on a wide screen the map sits beside the list; on a phone it is one tap away and fills the screen', async () => {
    const wide = await openHydrated(browser, '/browse?view=map', { width: 1440, height: 900 });
    await clusters(wide.page).first().waitFor();
    const map = (await mapRegion(wide.page).boundingBox())!;
    const card = (await wide.page.getByRole('article').first().boundingBox())!;
    expect(map.x).toBeGreaterThan(card.x + card.width - 1);
    expect(map.y).toBeLessThan(card.y + card.height);
    expect(map.height).toBeGreaterThan(600);
    // The open map, beside the list, passes axe (overlapping cluster buttons would fail target-size).
    const axe = await new AxeBuilder({ page: wide.page }).include('main').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await wide.context.close();

    const phone = await openHydrated(browser, '/browse', { width: 390, height: 844 });
    const show = phone.page.getByRole('button', { name: 'Show map' });
    const button = (await show.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(844);
    await show.click();
    await clusters(phone.page).first().waitFor();
    await expect.poll(async () => (await mapRegion(phone.page).boundingBox())!.y).toBeLessThan(60);
    expect((await mapRegion(phone.page).boundingBox())!.height).toBeGreaterThan(0.7 * 844);
    await expect.poll(() => query(phone.page).view).toBe('map');
    await phone.context.close();
  });

  it('"Search this area" filters to the visible bounds: count, URL and a removable filter', async () => {
    const { page, context, errors } = await openMap('/browse?view=map');
    await clusters(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'Search this area' }).count()).toBe(0);
    // Keyboard: the map pans and zooms with Leaflet's keys once focused.
    await mapRegion(page).focus();
    await page.keyboard.press('Equal');
    await page.keyboard.press('Equal');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Search this area' }).click();
    await expect.poll(() => query(page).area ?? '').toMatch(/^-?\d+(\.\d{1,4})?(,-?\d+(\.\d{1,4})?){3}$/);
    const area = query(page).area!;
    const expected = inside(area).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(VERIFIED.length);
    await expectCount(page, expected);
    // Shared link: the same view and area come back.
    const shared = await browser.newContext({ baseURL: baseURL() });
    const again = await shared.newPage();
    await again.goto(`/browse?view=map&area=${area}`);
    await expectCount(again, expected);
    await clusters(again).first().waitFor();
    expect(query(again)).toEqual({ view: 'map', area });
    await shared.close();
    // A removable filter, like the others.
    await page.getByRole('button', { name: 'Remove map area filter' }).click();
    await expectCount(page, VERIFIED.length);
    await expect.poll(() => query(page).area).toBeUndefined();
    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'List' }).click();
    await expect.poll(() => query(page).view).toBeUndefined();
    await mapRegion(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('landing pages have the toggle too, over their preset', async () => {
    const { page, context } = await openMap('/glamping-california?view=map');
    await clusters(page).first().waitFor();
    const california = VERIFIED.filter((l) => l.state === 'California').length;
    expect(await countLine(page).textContent()).toBe(resultsLine(california));
    await context.close();
  });
});

describe('map: Content-Security-Policy', () => {
  it('allows images from the site and the tile origin only, and the open map breaks no rule of it', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto('/browse?view=map');
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    expect(policy).toContain(`img-src 'self' data: blob: ${tileOrigin()};`);
    expect(policy).not.toMatch(/https:[;\s]/);
    await clusters(page).first().waitFor();
    await mapRegion(page).locator('.leaflet-tile-loaded').first().waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    await context.close();
  });
});

describe('/states map', () => {
  it('shows every state with its count and links to its page, with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/states');
    const map = page.getByRole('group', { name: /^Map of the United States/ });
    const california = VERIFIED.filter((l) => l.state === 'California').length;
    const link = map.getByRole('link', { name: `California: ${california} listings`, exact: true });
    expect(await link.getAttribute('href')).toBe(statePath('California'));
    expect(await map.getByRole('link').count()).toBe(50);
    expect(await link.locator('path').isVisible()).toBe(true);
    // The list of states stays.
    expect(await page.getByRole('heading', { name: 'All 50 States A-Z' }).isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(/\/glamping-california$/);
    await context.close();
  });
});

describe('listing page map and nearby listings', () => {
  const listing = VERIFIED[0]!;
  const path = `/listings/${listing.slug}`;
  const expectedNearby = createNearestFinder(VERIFIED)(listing, NEARBY_COUNT, NEARBY_MAX_MILES, listing);

  it('shows a small map from the local tiles (loaded lazily), a Directions link and the nearest listings with distances', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const seen = watchRequests(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    const map = page.getByRole('link', { name: /^Map of the location of .+, open on OpenStreetMap$/ });
    expect(await map.getAttribute('href')).toContain(`mlat=${listing.latitude}&mlon=${listing.longitude}`);
    // Lazy: the tiles load once the map scrolls into view, from the local tile fixture.
    await map.scrollIntoViewIfNeeded();
    const tiles = map.locator('img');
    expect(await tiles.count()).toBe(6);
    await expect
      .poll(() =>
        tiles.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 256)),
      )
      .toBe(true);
    expect(seen.tiles.length).toBeGreaterThanOrEqual(6);
    expect(await page.getByText('Test tile fixture').isVisible()).toBe(true);
    const onMap = page.getByRole('link', { name: 'View on Map' });
    expect(await onMap.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${listing.latitude},${listing.longitude}`,
    );
    const nearby = page.getByRole('region', { name: `More glamping near ${listing.city}` });
    expect(expectedNearby.length).toBeGreaterThan(0);
    expect(await nearby.getByRole('link').allTextContents()).toEqual(
      expectedNearby.map((n) => n.listing.property_name),
    );
    const first = expectedNearby[0]!;
    expect(await nearby.getByRole('listitem').first().textContent()).toContain(formatMiles(first.miles));
    expect(await nearby.getByRole('link').first().getAttribute('href')).toBe(
      `/listings/${first.listing.slug}`,
    );
    expect(seen.outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the same map, Directions and the nearby links (the page has no script of its own)', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    const map = page.getByRole('link', { name: /^Map of the location of .+, open on OpenStreetMap$/ });
    await map.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        map
          .locator('img')
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 256).length),
      )
      .toBe(6);
    expect(await page.getByRole('link', { name: 'View on Map' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('region', { name: `More glamping near ${listing.city}` })
        .getByRole('link')
        .count(),
    ).toBe(expectedNearby.length);
    await context.close();
  });
});
