import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import type { SiteInsights } from '../../src/domain/insights-figures';
import { monthYear } from '../../src/domain/insights-figures';
import { listingPath } from '../../src/domain/slug';
import { card, waitForHydration } from './browse-support';
import { baseURL, browser, openPage, visitor, withBrowser } from './browser';
import { marker, seriousOrWorse, signIn, staff } from './forms-helpers';
import { staffAddress } from './staff-addresses';

// Insights (D35): a traveler's visit shows in the owner's figures and the console's, and nothing is counted for a
// browser that asks not to be tracked. Headless Chromium is a bot to the counting function (isbot): the traveler
// here carries a desktop browser's user agent, as a real visitor would.
const STAFF = staffAddress('insights');
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

withBrowser();

/** A traveler's browser: its own visitor address, a desktop user agent, and no request leaving the machine. */
async function traveler(headers: Record<string, string> = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 900 },
    userAgent: DESKTOP,
    extraHTTPHeaders: { ...visitor(), ...headers },
    // Share copies the address where the browser has no share sheet (this one has none).
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // The owner's website opens in a new tab: answered here, never fetched from the internet.
  await context.route(
    (url) => url.origin !== new URL(baseURL()).origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Owner site</title>' }),
  );
  return context;
}

/** The total of one figure over the last 30 days on the owner's page. */
async function ownerFigure(page: Page, name: string, figure: string): Promise<number> {
  await page.reload();
  const section = page.getByRole('region', { name: `What ${name} brought you` });
  const row = section
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: figure, exact: true }) });
  return Number(await row.getByRole('cell').first().textContent({ timeout: 30_000 }));
}

/** The site's page views this month, as the console's chart names them. */
async function consoleViews(page: Page): Promise<number> {
  await page.reload();
  await page.getByRole('button', { name: 'Insights' }).click();
  const chart = page.getByRole('img', { name: /^Visits per day/ });
  const label = (await chart.getAttribute('aria-label', { timeout: 30_000 })) ?? '';
  return Number(/Page views: (\d+)/.exec(label)?.[1]);
}

const siteViews = async () =>
  (await staff<{ insights: SiteInsights }>({ action: 'insights' })).insights.days.reduce(
    (s, d) => s + d.views,
    0,
  );

describe('insights', () => {
  it('a traveler’s visit, share, dialog, website and call clicks show in the owner’s figures and the console', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    const listing = listings.find((l) => l.website_url && l.phone) as StaffListing;
    const name = listing.property_name;
    // Its owner: a claim approved by staff (the sample's published listings have no owner address on file).
    const email = `${marker('figures')}@example.org`;
    const claimed = await fetch(`${baseURL()}/api/owner/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...visitor() },
      body: JSON.stringify({
        slug: listing.slug,
        name: 'Fig Owner',
        email,
        role: 'Owner',
        proof: 'https://example.org/us',
      }),
    });
    expect(claimed.status).toBe(202);
    const { claims } = await staff<{ claims: Array<{ id: string; email: string }> }>({ action: 'claims' });
    await staff({ action: 'claim-approve', claim: claims.find((c) => c.email === email)?.id });

    const owner = await openPage(browser, '/sign-in');
    await signIn(owner.page, email, '**/owner');
    const before = {
      views: await ownerFigure(owner.page, name, 'Page views'),
      dialogs: await ownerFigure(owner.page, name, 'Dialog opens'),
      calls: await ownerFigure(owner.page, name, 'Calls'),
      website: await ownerFigure(owner.page, name, 'Website clicks'),
      shares: await ownerFigure(owner.page, name, 'Shares'),
    };
    const desk = await openPage(browser, '/sign-in', { width: 1280, height: 1000 });
    await signIn(desk.page, STAFF);
    const consoleBefore = await consoleViews(desk.page);

    const context = await traveler();
    const page = await context.newPage();
    const counted = () => page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 204);
    let sent = counted();
    await page.goto(listingPath(listing.slug));
    await sent;
    // Share on the listing page: the address is copied, the visitor told so, and one share counted.
    sent = counted();
    await page.getByRole('button', { name: `Share ${name}` }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL()}${listingPath(listing.slug)}`,
    );
    await sent;
    const params = new URLSearchParams({ search: name, state: listing.state });
    sent = counted();
    await page.goto(`/browse?${params}`);
    await waitForHydration(page);
    await card(page, name).first().getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name });
    await sent;
    sent = counted();
    const tab = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'Visit Website', exact: true }).click();
    await (await tab).close();
    await sent;
    sent = counted();
    await dialog.getByRole('link', { name: 'Call Now', exact: true }).click();
    await sent;
    await context.close();

    await expect
      .poll(() => ownerFigure(owner.page, name, 'Page views'), { timeout: 30_000 })
      .toBe(before.views + 1);
    expect(await ownerFigure(owner.page, name, 'Dialog opens')).toBe(before.dialogs + 1);
    expect(await ownerFigure(owner.page, name, 'Website clicks')).toBe(before.website + 1);
    expect(await ownerFigure(owner.page, name, 'Calls')).toBe(before.calls + 1);
    expect(await ownerFigure(owner.page, name, 'Shares')).toBe(before.shares + 1);
    // The same numbers drawn as a chart, in a table for screen readers, with the median of comparable listings.
    const section = owner.page.getByRole('region', { name: `What ${name} brought you` });
    await section.getByRole('img', { name: new RegExp(`^${name}, last 30 days`) }).waitFor();
    await section.getByRole('columnheader', { name: 'Median of comparable listings in the state' }).waitFor();
    await section.getByText(`Verified ${monthYear(listing.verified_at ?? '')}`).waitFor();
    await section.getByRole('radio', { name: 'Last 90 days' }).check();
    await section.getByRole('img', { name: new RegExp(`^${name}, last 90 days`) }).waitFor();
    const snippet = await section.getByLabel('HTML to paste on your website').inputValue();
    expect(snippet).toContain(`/badge/${listing.slug}.svg`);
    expect(await seriousOrWorse(owner.page)).toEqual([]);
    expect(await consoleViews(desk.page)).toBe(consoleBefore + 1);
    expect(await seriousOrWorse(desk.page)).toEqual([]);
    await owner.context.close();
    await desk.context.close();
  }, 240_000);

  it('a search for a town with no listing appears among the console’s searches with no results', async () => {
    // Letters only: a run of digits would be dropped as possibly a phone number (src/domain/insights.ts).
    const town = `zzyzx${marker('').replace(/[^a-z]/g, '')}`;
    const context = await traveler();
    const page = await context.newPage();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 204);
    await page.goto(`/browse?search=${town}`);
    await page.getByText('0 results found').waitFor();
    await sent;
    await context.close();
    const desk = await openPage(browser, '/sign-in', { width: 1280, height: 1000 });
    await signIn(desk.page, STAFF);
    await desk.page.getByRole('button', { name: 'Insights' }).click();
    const link = desk.page.getByRole('link', { name: town, exact: true });
    expect(await link.getAttribute('href')).toBe(`/browse?search=${town}`);
    await desk.context.close();
  }, 120_000);

  it('a browser sending Sec-GPC changes no figure', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    const listing = listings[1] as StaffListing;
    const before = await siteViews();
    const context = await traveler({ 'sec-gpc': '1' });
    const page = await context.newPage();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/events'));
    await page.goto(listingPath(listing.slug));
    expect((await answered).status()).toBe(204);
    await context.close();
    expect(await siteViews()).toBe(before);
  }, 60_000);

  it('a verified listing’s badge is an SVG naming its verification month; an unpublished one’s reveals nothing', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    const listing = listings[2] as StaffListing;
    const res = await fetch(`${baseURL()}/badge/${listing.slug}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await res.text();
    expect(svg).toContain(`Verified on Glamping Directory USA, ${monthYear(listing.verified_at ?? '')}`);
    // A valid SVG: the browser draws it as an image of its own size.
    const { page, context } = await openPage(browser, '/');
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, `/badge/${listing.slug}.svg`);
    expect(size[1]).toBe(28);
    expect(size[0]).toBeGreaterThan(200);
    await context.close();
    const pending = (await staff<{ listings: StaffListing[] }>({ action: 'list' }))
      .listings[0] as StaffListing;
    const hidden = await fetch(`${baseURL()}/badge/${pending.slug}.svg`);
    expect(hidden.status).toBe(404);
    const body = await hidden.text();
    expect(body).not.toContain(pending.property_name);
    expect(body).not.toContain('Verified');
  }, 60_000);
});
