import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_PAGE_MAX_KB, median, withoutExtras } from '../../scripts/bench/html-weight';
import { type AmenityIcon, amenityIcon, iconClass } from '../../src/domain/amenity-icon';
import { excerpt } from '../../src/domain/browse-data';
import { formatPhone } from '../../src/domain/format';
import { PRICE_RANGES } from '../../src/domain/lists';
import { card, openHydrated, type SampleListing, VERIFIED, waitForHydration } from './browse-support';
import { baseURL, browser, withBrowser } from './browser';

withBrowser();

/** A listing on the first page of /browse with the given trait (the sample data is fixed, seed 42). */
const firstWith = (pick: (l: SampleListing) => boolean) => {
  const listing = VERIFIED.slice(0, 24).find(pick);
  if (!listing) throw new Error('no such listing on the first page');
  return listing;
};
/** The listing's name is unique on the first page, so its card can be found by name. */
const uniqueOnFirstPage = (l: SampleListing) =>
  VERIFIED.slice(0, 24).filter((o) => o.property_name === l.property_name).length === 1;
const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * The icon drawn before an element's text (its ::before, src/styles/icons.css): the shape, its box and its colour,
 * beside the shape the icon's own class draws, for comparison, and the width of the shape's image once decoded.
 */
const iconOf = (item: Locator, name: AmenityIcon) =>
  item.evaluate(async (el, className) => {
    const probe = document.createElement('span');
    probe.className = className;
    el.append(probe);
    const drawn = getComputedStyle(el, '::before');
    const shape = drawn.maskImage || drawn.webkitMaskImage;
    const icon = {
      shape,
      expected:
        getComputedStyle(probe, '::before').maskImage || getComputedStyle(probe, '::before').webkitMaskImage,
      size: [drawn.width, drawn.height],
      paint: drawn.backgroundColor,
      decodedWidth: 0,
    };
    probe.remove();
    const image = new Image();
    image.src = /^url\("(.*)"\)$/.exec(shape)?.[1] ?? '';
    await image.decode().catch(() => {});
    icon.decodedWidth = image.naturalWidth;
    return icon;
  }, iconClass(name));

/** Opens /browse filtered to one listing by its name and place, and returns its card. */
async function openCardOf(
  listing: SampleListing,
): Promise<{ page: Page; cardLocator: Locator; close: () => Promise<void> }> {
  const params = new URLSearchParams({ search: listing.property_name, state: listing.state });
  const { page, context } = await openHydrated(browser, `/browse?${params}`);
  const cards = card(page, listing.property_name).filter({ hasText: `${listing.city}, ${listing.state}` });
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  return { page, cardLocator: cards.first(), close: () => context.close() };
}

describe('listing card', () => {
  it('shows name, place, type, setting, price, 4 amenities, 3 features and the formatted phone', async () => {
    const listing = firstWith((l) => l.features.length > 3 && l.price_range !== null && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse');
    const c = card(page, listing.property_name);
    expect(await c.getByText(`${listing.city}, ${listing.state}`, { exact: true }).isVisible()).toBe(true);
    expect(await c.getByText(excerpt(listing.description), { exact: true }).isVisible()).toBe(true);
    expect(await c.getByText(listing.accommodation_type, { exact: true }).isVisible()).toBe(true);
    expect(await c.getByText(listing.setting_type, { exact: true }).isVisible()).toBe(true);
    expect(await c.getByText(listing.price_range!, { exact: true }).isVisible()).toBe(true);
    const items = await c.getByRole('listitem').allTextContents();
    for (const a of listing.amenities.slice(0, 4)) expect(items.some((t) => t.endsWith(a))).toBe(true);
    for (const a of listing.amenities.slice(4)) expect(items.some((t) => t.endsWith(a))).toBe(false);
    for (const f of listing.features.slice(0, 3)) expect(items).toContain(f);
    for (const f of listing.features.slice(3)) expect(items).not.toContain(f);
    const phone = formatPhone(listing.phone);
    expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    const call = c.getByRole('link', { name: `Call ${listing.property_name} at ${phone}` });
    expect(await call.getAttribute('href')).toBe(`tel:+1${digits(listing.phone)}`);
    expect(await call.textContent()).toContain(phone);
    await context.close();
  });

  it("shows '+N more' after the first 4 amenities, with an icon by keyword for each", async () => {
    const listing = firstWith((l) => l.amenities.length > 4 && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse');
    const c = card(page, listing.property_name);
    expect(await c.getByText(`+${listing.amenities.length - 4} more`, { exact: true }).isVisible()).toBe(
      true,
    );
    for (const a of listing.amenities.slice(0, 4)) {
      // The icon really draws: the keyword's shape, in a box of its own, in a colour.
      const icon = await iconOf(c.getByRole('listitem').filter({ hasText: a }), amenityIcon(a));
      // A raster mask drawn from the icon's SVG (scripts/icon-masks.ts), inlined in the style sheet.
      expect(icon.shape, a).toMatch(/^url\("data:image\/png;base64,/);
      expect(icon.decodedWidth, a).toBe(72);
      expect(icon.shape, a).toBe(icon.expected);
      expect(icon.size, a).toEqual(['16px', '16px']);
      expect(icon.paint, a).not.toBe('rgba(0, 0, 0, 0)');
    }
    await context.close();
  });

  it('leads with the photo and keeps its facts to two lines, at 1280 and at 390 px', async () => {
    // The first page's cards with the most to say: the longest kind-of-stay line, the most amenities.
    const words = (l: SampleListing) =>
      [l.accommodation_type, l.setting_type, l.price_range ?? '', ...l.amenities.slice(0, 4)].join('').length;
    const wordiest = VERIFIED.slice(0, 24)
      .filter((l) => uniqueOnFirstPage(l) && l.amenities.length > 4)
      .sort((a, b) => words(b) - words(a))
      .slice(0, 3);
    expect(wordiest.length).toBe(3);
    /** The lines an element's text takes on screen: its text's line boxes, by their middles (8 px apart or more). */
    const linesOf = (l: Locator) =>
      l.evaluate((el) => {
        const middles: number[] = [];
        const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) middles.push(r.top + r.height / 2);
        }
        middles.sort((a, b) => a - b);
        return middles.filter((m, i) => i === 0 || m - middles[i - 1]! >= 8).length;
      });
    /**
     * Where elements are on screen, read in one frame: between two separate reads, cards above may settle their
     * height as they are drawn (content-visibility: auto) and move the ones below.
     */
    const boxesOf = async <K extends string>(of: Record<K, Locator>) => {
      const names = Object.keys(of) as K[];
      const handles = await Promise.all(names.map((k) => of[k].elementHandle()));
      const rects = await handles[0]!.evaluate(
        (_, elements) =>
          elements.map((e) => {
            const r = e!.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          }),
        handles,
      );
      return Object.fromEntries(names.map((k, i) => [k, rects[i]!])) as Record<K, (typeof rects)[number]>;
    };
    for (const width of [1280, 390]) {
      const { page, context } = await openHydrated(browser, '/browse', { width });
      for (const listing of wordiest) {
        const c = card(page, listing.property_name);
        // As a visitor sees it: a card below the first row gets its photo as it nears the screen.
        await c.scrollIntoViewIfNeeded();
        // The photo (or its frame) is the first thing in the card, above the name.
        const cover = c
          .getByRole('img', { name: `Cover of ${listing.property_name}` })
          .or(c.getByText('No photos yet', { exact: true }));
        await cover.waitFor();
        const kind = c.getByText(listing.accommodation_type, { exact: true }).locator('..');
        const amenities = c.getByRole('list', { name: 'Amenities' });
        const moreText = c.getByText(`+${listing.amenities.length - 4} more`, { exact: true });
        const heading = c.getByRole('heading', { name: listing.property_name });
        const { box, photo, name, first, second, more } = await boxesOf({
          box: c,
          photo: cover,
          name: heading,
          first: kind,
          second: amenities,
          more: moreText,
        });
        expect(photo.y).toBeLessThanOrEqual(box.y + 1);
        expect(photo.height).toBeGreaterThan(100);
        expect(name.y).toBeGreaterThanOrEqual(photo.y + photo.height);
        // Facts: type · setting · price (and what was stated) on one line, the amenities on the next.
        expect(await linesOf(kind), `${listing.property_name} at ${width}`).toBe(1);
        expect(await linesOf(amenities), `${listing.property_name} at ${width}`).toBe(1);
        expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
        // '+N more' is in view, inside the card.
        expect(more.x + more.width).toBeLessThanOrEqual(box.x + box.width);
        expect(more.width).toBeGreaterThan(0);
      }
      await context.close();
    }
  });

  it("shows the 'Featured' badge only on featured listings", async () => {
    const { page, context } = await openHydrated(browser, '/browse');
    const firstPage = VERIFIED.slice(0, 24);
    expect(await page.getByRole('article').getByText('Featured', { exact: true }).count()).toBe(
      firstPage.filter((l) => l.featured).length,
    );
    await context.close();
    const featured = VERIFIED.find((l) => l.featured)!;
    const { cardLocator, close } = await openCardOf(featured);
    expect(await cardLocator.getByText('Featured', { exact: true }).isVisible()).toBe(true);
    await close();
  });

  it('leaves out what a listing does not have (no price, no features)', async () => {
    const bare = VERIFIED.find((l) => l.price_range === null && l.features.length === 0);
    if (!bare) throw new Error('sample data has no listing without price and features');
    const { cardLocator, close } = await openCardOf(bare);
    const text = await cardLocator.textContent();
    expect(text).not.toMatch(/null|undefined/);
    expect(await cardLocator.getByRole('button', { name: 'View Details' }).isVisible()).toBe(true);
    await close();
  });
});

describe('detail dialog', () => {
  it('shows every field of the listing, the contact block and the free-directory notice', async () => {
    const listing = firstWith((l) => l.website_url !== null && l.features.length > 0 && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse');
    await card(page, listing.property_name).getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(listing.description).count()).toBe(1);
    expect(await dialog.getByText(`${listing.city}, ${listing.state}`, { exact: true }).isVisible()).toBe(
      true,
    );
    for (const term of ['Accommodation Type', 'Setting', 'Price Range']) {
      expect(await dialog.getByText(term, { exact: true }).isVisible()).toBe(true);
    }
    expect(await dialog.getByText(listing.accommodation_type, { exact: true }).isVisible()).toBe(true);
    expect(
      await dialog.getByText(listing.price_range ?? 'Contact for rates', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'About' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Amenities & Features' }).isVisible()).toBe(true);
    const items = await dialog.getByRole('listitem').allTextContents();
    for (const a of listing.amenities) expect(items.some((t) => t.endsWith(a))).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Special Features' }).isVisible()).toBe(true);
    for (const f of listing.features) expect(items).toContain(f);
    const phone = formatPhone(listing.phone);
    expect(await dialog.getByRole('link', { name: phone }).getAttribute('href')).toBe(
      `tel:+1${digits(listing.phone)}`,
    );
    expect(await dialog.getByText(listing.street_address, { exact: false }).count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('link', { name: 'Call Now', exact: true }).getAttribute('href')).toBe(
      `tel:+1${digits(listing.phone)}`,
    );
    const map = new URL(
      (await dialog.getByRole('link', { name: 'View on Map', exact: true }).getAttribute('href'))!,
    );
    // Spec: View on Map is a maps search by latitude and longitude.
    expect(map.hostname).toBe('www.google.com');
    expect(map.searchParams.get('query')).toBe(`${listing.latitude},${listing.longitude}`);
    expect(await dialog.getByRole('link', { name: 'Visit Website', exact: true }).getAttribute('href')).toBe(
      new URL(listing.website_url!).href,
    );
    expect(await dialog.getByRole('link', { name: new URL(listing.website_url!).host }).count()).toBe(1);
    expect(await dialog.getByText(/directory is free/i).isVisible()).toBe(true);
    expect(await dialog.getByText(/verify .* directly with the property/i).isVisible()).toBe(true);
    await context.close();
  });

  it("says 'Contact for rates' without a price, and has no website links without a website", async () => {
    const noPrice = firstWith((l) => l.price_range === null && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse');
    await card(page, noPrice.property_name).getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: noPrice.property_name });
    await expect.poll(() => dialog.getByText('Contact for rates', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const noSite = firstWith((l) => l.website_url === null && uniqueOnFirstPage(l));
    await card(page, noSite.property_name).getByRole('button', { name: 'View Details' }).click();
    const second = page.getByRole('dialog', { name: noSite.property_name });
    await expect.poll(() => second.getByText(noSite.description).count()).toBe(1);
    expect(await second.getByRole('link', { name: 'Website', exact: true }).count()).toBe(0);
    expect(await second.getByText('Website', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('links Website only for http(s) addresses', async () => {
    const listing = firstWith((l) => l.website_url !== null && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse', { serviceWorkers: 'block' });
    // The dialog reads the listing's detail file; serve it with a hostile address to see what the island does.
    await page.route('**/data/listings/*.json', async (route) => {
      const response = await route.fetch();
      const body = { ...(await response.json()), website_url: 'javascript:alert(document.domain)' };
      await route.fulfill({ response, json: body });
    });
    await card(page, listing.property_name).getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await expect.poll(() => dialog.getByText(listing.description).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Visit Website', exact: true }).count()).toBe(0);
    const hrefs = await dialog.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => /^(https?:|tel:|mailto:|\/)/.test(h ?? ''))).toBe(true);
    await context.close();
  });

  it('offers Send Email only for a listing with a public e-mail (never a guessed one)', async () => {
    const withEmail = firstWith((l) => l.public_email !== null && uniqueOnFirstPage(l));
    const without = firstWith((l) => l.public_email === null && uniqueOnFirstPage(l));
    const { page, context } = await openHydrated(browser, '/browse');
    await card(page, withEmail.property_name).getByRole('button', { name: 'View Details' }).click();
    let dialog = page.getByRole('dialog', { name: withEmail.property_name });
    await expect.poll(() => dialog.getByRole('link', { name: 'Send Email' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Send Email' }).getAttribute('href')).toBe(
      `mailto:${withEmail.public_email}`,
    );
    await page.keyboard.press('Escape');
    await card(page, without.property_name).getByRole('button', { name: 'View Details' }).click();
    dialog = page.getByRole('dialog', { name: without.property_name });
    await expect.poll(() => dialog.getByText(without.description).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Send Email' }).count()).toBe(0);
    await context.close();
  });

  it('keeps focus inside, closes on Escape and by its button, and returns focus to the card', async () => {
    const listing = VERIFIED[1]!;
    const { page, context } = await openHydrated(browser, '/browse');
    const view = card(page, listing.property_name).getByRole('button', { name: 'View Details' });
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(listing.description).count()).toBe(1);
    const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
    expect(await insideDialog()).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => ({
        inside: Boolean(document.activeElement?.closest('dialog[open]')),
        body: document.activeElement === document.body,
      }));
      // Focus may pass through the browser's own controls (body), never the page behind the dialog.
      expect(state.inside || state.body).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await view.evaluate((b) => b === document.activeElement)).toBe(true);

    await view.click();
    await page
      .getByRole('dialog', { name: listing.property_name })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await view.evaluate((b) => b === document.activeElement)).toBe(true);
    await context.close();
  });

  it('on a phone, Back closes the dialog and keeps the search; closing by its button leaves no extra step', async () => {
    const maine = VERIFIED.filter((l) => l.state === 'Maine');
    const listing = maine[0]!;
    const { page, context } = await openHydrated(browser, '/', { width: 390, height: 844 });
    const search = `/glamping-maine?type=${encodeURIComponent(listing.accommodation_type)}`;
    await page.goto(search);
    await waitForHydration(page);
    const view = card(page, listing.property_name).first().getByRole('button', { name: 'View Details' });
    await view.waitFor();
    // The address once the filters rest (the page tidies its query): what Back must come back to.
    await page.waitForTimeout(400);
    const before = page.url();
    await view.click();
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toBe(before);
    expect(new URL(page.url()).searchParams.get('type')).not.toBeNull();
    expect(await card(page, listing.property_name).count()).toBeGreaterThan(0);
    // Forward opens it again, as any other screen.
    await page.goForward();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Closed by its button, the dialog takes its history entry with it: the next Back leaves the page.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog closes at once; the step back past its entry lands a moment later. Back pressed before then would
    // be taken by that same step, so wait for the entry to be gone, as it is long before a person's next tap.
    await expect
      .poll(() => page.evaluate(() => (history.state as { listing?: string } | null)?.listing ?? null))
      .toBeNull();
    expect(new URL(page.url()).pathname).toBe('/glamping-maine');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('on a 390×844 phone, the contact bar (Call Now, Visit Website, View on Map, Save) is in view without scrolling', async () => {
    const listing = firstWith((l) => l.website_url !== null && uniqueOnFirstPage(l));
    const inView = async (page: Page, scope: Locator, atTop = true) => {
      const bar = scope.getByRole('group', { name: 'Contact' });
      for (const name of ['Call Now', 'Visit Website', 'View on Map'])
        await bar.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
      await bar.getByRole('button', { name: `Save ${listing.property_name}` }).waitFor();
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      // The listing page is not scrolled: the bar is in reach as the page opens.
      if (atTop) expect(await page.evaluate(() => window.scrollY)).toBe(0);
    };
    const phone = { width: 390, height: 844 };
    const { page, context } = await openHydrated(browser, `/listings/${listing.slug}`, phone);
    await inView(page, page.getByRole('main'));
    // Saving from the bar works on the page without React.
    await page.getByRole('button', { name: `Save ${listing.property_name}` }).click();
    await expect
      .poll(
        () =>
          page.getByRole('button', { name: `Save ${listing.property_name}` }).getAttribute('aria-pressed'),
        { timeout: 10_000 },
      )
      .toBe('true');
    await page.goto('/browse');
    await waitForHydration(page);
    await card(page, listing.property_name).getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: listing.property_name });
    await expect.poll(() => dialog.getByText(listing.description).count(), { timeout: 15_000 }).toBe(1);
    // The dialog's bar, whatever the page behind it did (it scrolled to the card).
    await inView(page, dialog, false);
    await context.close();
  });

  it('links to the listing page, which has the same details without React', async () => {
    const listing = VERIFIED[0]!;
    const { page, context } = await openHydrated(browser, '/browse');
    await card(page, listing.property_name).getByRole('button', { name: 'View Details' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /full listing page/i })
      .click();
    await page.waitForURL(`**/listings/${listing.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(listing.property_name);
    expect(await page.getByText(listing.description).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View on Map', exact: true }).getAttribute('href')).toContain(
      `${listing.latitude},${listing.longitude}`,
    );
    expect(await page.locator('astro-island').count()).toBe(0);
    await context.close();
  });

  it('fits a 375 px screen', async () => {
    const listing = VERIFIED[0]!;
    const { page, context } = await openHydrated(browser, '/browse', { width: 375, height: 700 });
    await card(page, listing.property_name).getByRole('button', { name: 'View Details' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await context.close();
  });
});

describe('listing pages', () => {
  const get = async (path: string) => {
    const response = await fetch(new URL(path, baseURL()));
    return { status: response.status, html: await response.text() };
  };

  it('exist for every verified listing, with schema.org JSON-LD', async () => {
    const listing =
      VERIFIED.find((l) => l.price_range && l.website_url && l.property_name.includes('&')) ?? VERIFIED[0]!;
    const { status, html } = await get(`/listings/${listing.slug}`);
    expect(status).toBe(200);
    const script = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(script).not.toBeNull();
    // The place first, then its BreadcrumbList (tests/e2e/seo.test.ts checks that one).
    const data = JSON.parse(script![1]!)[0];
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toEqual(['Campground', 'LodgingBusiness']);
    expect(data.name).toBe(listing.property_name);
    expect(data.telephone).toBe(`+1-${formatPhone(listing.phone).slice(1).replace(') ', '-')}`);
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: listing.street_address,
      addressLocality: listing.city,
      addressRegion: listing.state,
      postalCode: listing.zip_code,
      addressCountry: 'US',
    });
    expect(data.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: listing.latitude,
      longitude: listing.longitude,
    });
    expect(data.priceRange).toBe(PRICE_RANGES.find((p) => p.value === listing.price_range)?.signs);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/listings/${listing.slug}"`));
    const pending = (await import('../../scripts/lib/sample/generate'))
      .generateSampleListings()
      .find((l) => l.verification_status !== 'verified')!;
    expect((await get(`/listings/${pending.slug}`)).status).toBe(404);
  });

  it('are all listed in the XML sitemap', async () => {
    const index = (await get('/sitemap-index.xml')).html;
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const paths = new Set<string>();
    for (const map of maps) {
      for (const m of (await get(map)).html.matchAll(/<loc>([^<]+)<\/loc>/g))
        paths.add(new URL(m[1]!).pathname);
    }
    for (const l of VERIFIED) expect(paths.has(`/listings/${l.slug}`)).toBe(true);
    expect([...paths].filter((p) => p.startsWith('/listings/'))).toHaveLength(VERIFIED.length);
  });

  it('weigh at most 11 KB of HTML (median), the sections marked data-bench-extra left out', async () => {
    // Every 25th verified listing: short and long descriptions, few and many amenities.
    const sample = VERIFIED.filter((_, i) => i % 25 === 0);
    const sizes = await Promise.all(
      sample.map(async (l) => Buffer.byteLength(withoutExtras((await get(`/listings/${l.slug}`)).html))),
    );
    expect(median(sizes)).toBeLessThanOrEqual(LISTING_PAGE_MAX_KB * 1024);
  });

  it("draw each amenity's icon by its keyword, from the style sheet", async () => {
    const listing = VERIFIED.find((l) => l.amenities.length > 2)!;
    const { page, context } = await openHydrated(browser, `/listings/${listing.slug}`);
    const region = page.getByRole('region', { name: 'Amenities & Features' });
    // No SVG of their own: the shapes are the cached style sheet's (src/styles/icons.css).
    expect(await region.locator('svg').count()).toBe(0);
    const amenities = region.getByRole('listitem');
    expect(await amenities.allTextContents()).toEqual(listing.amenities);
    for (const a of listing.amenities) {
      const icon = await iconOf(amenities.filter({ hasText: a }), amenityIcon(a));
      // A raster mask drawn from the icon's SVG (scripts/icon-masks.ts), inlined in the style sheet.
      expect(icon.shape, a).toMatch(/^url\("data:image\/png;base64,/);
      expect(icon.decodedWidth, a).toBe(72);
      expect(icon.shape, a).toBe(icon.expected);
      expect(icon.size, a).toEqual(['16px', '16px']);
      expect(icon.paint, a).not.toBe('rgba(0, 0, 0, 0)');
    }
    await context.close();
  });

  it('renders a listing without price or features cleanly', async () => {
    const bare = VERIFIED.find((l) => l.price_range === null && l.features.length === 0 && !l.website_url);
    const listing = bare ?? VERIFIED.find((l) => l.price_range === null)!;
    const { page, context } = await openHydrated(browser, `/listings/${listing.slug}`);
    expect(await page.getByText('Contact for rates', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).not.toMatch(/null|undefined|NaN/);
    await context.close();
  });
});
