import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import { type AccommodationType, TYPE_ROUTES } from '../../src/domain/lists';
import { createNearestFinder, NEARBY_COUNT, NEARBY_MAX_MILES } from '../../src/domain/nearby';
import { listingPath, statePath, typePath } from '../../src/domain/slug';
import { publicListings, VERIFIED, waitForHydration } from './browse-support';
import { launchBrowser } from './browser';

const base = () => inject('baseURL');

/** POST /api/staff on the test server, as a staff tool would. */
async function staff<T>(body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${base()}/api/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('staffToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`staff ${body.action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const get = async (path: string) => {
  const res = await fetch(`${base()}${path}`);
  return { status: res.status, text: await res.text() };
};

/** Waits (up to 3 minutes) until the background rebuild has swapped in a site where the page has this status. */
async function untilServed(path: string, status: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  while ((await get(path)).status !== status) {
    if (Date.now() > deadline) throw new Error(`${path} never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const countIn = (html: string, pattern: RegExp) =>
  Number(pattern.exec(html)?.[1]?.replace(/,/g, '') ?? Number.NaN);
const STATE_COUNT = /([\d,]+) verified glamping sites? in/;
const TYPE_COUNT = /([\d,]+) verified listings? across the USA/;

/** Everything public about a listing, read the way visitors and crawlers read it. */
async function publicView(listing: StaffListing) {
  const [own, detail, browse, sitemap, statePage, typePage] = await Promise.all([
    get(listingPath(listing.slug)),
    get(`/data/listings/${listing.slug}.json`),
    publicListings(base()),
    // Listing pages are in the sitemap with a lastmod (src/pages/sitemap-listings.xml.ts).
    get('/sitemap-listings.xml'),
    get(statePath(listing.state)),
    get(typePath(listing.accommodation_type as AccommodationType)),
  ]);
  return {
    ownPage: own.status === 200 && own.text.includes(listing.property_name),
    detailFile: detail.status,
    inBrowseData: browse.some((l) => l.slug === listing.slug),
    inSitemap: sitemap.text.includes(`${listingPath(listing.slug)}</loc>`),
    stateCount: countIn(statePage.text, STATE_COUNT),
    typeCount: countIn(typePage.text, TYPE_COUNT),
  };
}

/**
 * Slugs of the pages whose "More glamping near" links include `listing` once `added` are verified too:
 * the pages a rebuild must re-render when it arrives or leaves, though they did not change themselves.
 */
function pagesLinkingTo(listing: StaffListing, added: StaffListing[]): string[] {
  const all = [...VERIFIED, ...added];
  const find = createNearestFinder(all);
  return all
    .filter((l) => find(l, NEARBY_COUNT, NEARBY_MAX_MILES, l).some((n) => n.listing.slug === listing.slug))
    .map((l) => l.slug);
}

describe('a staff decision reaches the site through the background rebuild', () => {
  let browser: Browser;
  let a: StaffListing;
  let b: StaffListing;
  let before: Map<string, Awaited<ReturnType<typeof publicView>>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'list' });
    // Two pending sample listings whose type has its own page (/yurts, /cabins, ...).
    const typed = listings.filter((l) => TYPE_ROUTES.some((r) => r.type === l.accommodation_type));
    [a, b] = typed as [StaffListing, StaffListing];
    expect(b).toBeDefined();
    before = new Map([
      [a.id, await publicView(a)],
      [b.id, await publicView(b)],
    ]);
  });
  afterAll(() => browser?.close());

  /** On the state or type page, in a browser: searches the name and says whether its card shows. */
  async function cardShows(path: string, listing: StaffListing): Promise<boolean> {
    const context = await browser.newContext({ baseURL: base() });
    const page = await context.newPage();
    try {
      // Typed text counts once the island has mounted; typing loads the listings the filters need.
      await page.goto(path);
      await waitForHydration(page);
      await page.getByLabel('Location', { exact: true }).first().fill(listing.property_name);
      await page.waitForFunction(() => new URL(location.href).searchParams.has('search'));
      // What a person reads once the list has settled: the page's own cards are replaced (no list busy), and every
      // listing the search reads is in (no "Still loading N more listings…"). Counted before that, the page's own
      // card of a newly verified listing, or an empty list between the two, answered.
      await page.waitForFunction(
        () =>
          !document.querySelector('[aria-busy="true"]') &&
          !/Still loading/.test(document.body.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      const card = page.getByRole('heading', { name: listing.property_name, exact: true });
      // A render may still follow the last listings' arrival: a card that is there shows within a few seconds.
      await card
        .first()
        .waitFor({ state: 'visible', timeout: 5000 })
        .catch(() => {});
      return (await card.count()) > 0;
    } finally {
      await context.close();
    }
  }

  it('starts with both listings absent from every public page', () => {
    for (const view of before.values()) {
      expect(view).toMatchObject({ ownPage: false, detailFile: 404, inBrowseData: false, inSitemap: false });
    }
  });

  it('verified listings show on /browse data, their state and type pages, their own page and the sitemap', async () => {
    for (const listing of [a, b]) {
      const answer = await staff<{ rebuild: string; listing: StaffListing }>({
        action: 'verify',
        id: listing.id,
      });
      expect(answer).toMatchObject({ rebuild: 'local', listing: { verification_status: 'verified' } });
    }
    await untilServed(listingPath(a.slug), 200);
    await untilServed(listingPath(b.slug), 200);
    for (const listing of [a, b]) {
      const was = before.get(listing.id);
      const sameState = a.state === b.state ? 2 : 1;
      const sameType = a.accommodation_type === b.accommodation_type ? 2 : 1;
      expect(await publicView(listing)).toEqual({
        ownPage: true,
        detailFile: 200,
        inBrowseData: true,
        inSitemap: true,
        stateCount: (was?.stateCount ?? 0) + sameState,
        typeCount: (was?.typeCount ?? 0) + sameType,
      });
    }
    expect(await cardShows(statePath(a.state), a)).toBe(true);
    expect(await cardShows(typePath(b.accommodation_type as AccommodationType), b)).toBe(true);
    // Its neighbours' pages were re-rendered and link to it (incremental builds key a page on its neighbours).
    const neighbours = [a, b].flatMap((l) => pagesLinkingTo(l, [a, b]).map((slug) => [slug, l.slug]));
    expect(neighbours.length).toBeGreaterThan(0);
    for (const [page, linked] of neighbours)
      expect((await get(listingPath(page!))).text, page).toContain(`href="${listingPath(linked!)}"`);
  }, 240_000);

  it('an edit of a published listing re-renders its page (incremental builds skip only unchanged pages)', async () => {
    const description = `Edited by the rebuild test ${Date.now()}`;
    const answer = await staff<{ rebuild: string }>({
      action: 'edit',
      id: a.id,
      field: 'description',
      value: description,
    });
    expect(answer.rebuild).toBe('local');
    const deadline = Date.now() + 180_000;
    while (!(await get(listingPath(a.slug))).text.includes(description)) {
      if (Date.now() > deadline) throw new Error('the edited description never reached the page');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const detail = JSON.parse((await get(`/data/listings/${a.slug}.json`)).text) as { description: string };
    expect(detail.description).toBe(description);
    // The other listing's page was not re-rendered, and is still served.
    expect((await get(listingPath(b.slug))).status).toBe(200);
  }, 240_000);

  it('rejected and unverified listings disappear from all of them', async () => {
    await staff({ action: 'reject', id: a.id, reason: 'Could not confirm the address' });
    await staff({ action: 'unverify', id: b.id });
    await untilServed(listingPath(a.slug), 404);
    await untilServed(listingPath(b.slug), 404);
    for (const listing of [a, b]) expect(await publicView(listing)).toEqual(before.get(listing.id));
    expect(await cardShows(statePath(a.state), a)).toBe(false);
    expect(await cardShows(typePath(b.accommodation_type as AccommodationType), b)).toBe(false);
    // Gone from their neighbours' pages too.
    for (const listing of [a, b])
      for (const page of pagesLinkingTo(listing, [a, b]).filter((slug) => slug !== a.slug && slug !== b.slug))
        expect((await get(listingPath(page))).text, page).not.toContain(
          `href="${listingPath(listing.slug)}"`,
        );
  }, 240_000);
});
