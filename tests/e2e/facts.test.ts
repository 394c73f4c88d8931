/**
 * The facts glampers filter by (D32): "Open in" a month and "Pets allowed" in the advanced filters show
 * only listings that said yes, every card checked against the data; an owner's submission with facts shows them on
 * its page once staff verified it and the site was rebuilt.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listingPath } from '../../src/domain/slug';
import { countLine, expectCount, openHydrated, query, resultsLine, VERIFIED } from './browse-support';
import { baseURL, browser, visitor, withBrowser } from './browser';
import { hydrated, marker, staff, unpublish, untilStatus } from './forms-helpers';

withBrowser();

const main = (page: Page) => page.getByRole('main');

/** Slugs of the result cards shown, read from their title links. */
const cardSlugs = (page: Page) =>
  page
    .getByRole('article')
    .getByRole('heading', { level: 3 })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').replace(/^\/listings\//, '')));

describe('/browse: the fact filters', () => {
  it('"Open in October" and "Pets allowed" show only listings that said so, and live in the URL', async () => {
    // Computed from the sample data itself: open in October, and pets stated as allowed (not stated is not yes).
    const expected = VERIFIED.filter((l) => l.open_months?.includes(10) && l.pets_allowed === true);
    const notStated = VERIFIED.filter((l) => l.pets_allowed === null && l.open_months?.includes(10));
    expect(expected.length).toBeGreaterThan(24);
    expect(notStated.length).toBeGreaterThan(0);

    const { page, context, errors } = await openHydrated(browser, '/browse');
    await page.getByRole('button', { name: 'Show Advanced Filters' }).click();
    await page.getByLabel('Open in').selectOption({ label: 'October' });
    await page.getByRole('checkbox', { name: 'Pets allowed' }).check();
    await expectCount(page, expected.length);
    await expect.poll(() => query(page)).toMatchObject({ open: '10', pets: 'true' });

    // Every card shown: a listing of the data that is open in October and said pets are allowed, in order.
    const bySlug = new Map(VERIFIED.map((l) => [l.slug, l]));
    await expect
      .poll(() => cardSlugs(page), { timeout: 10_000 })
      .toEqual(expected.slice(0, 24).map((l) => l.slug));
    const slugs = await cardSlugs(page);
    for (const slug of slugs) {
      const listing = bySlug.get(slug);
      expect(listing?.open_months, slug).toContain(10);
      expect(listing?.pets_allowed, slug).toBe(true);
    }
    // The card says so, compactly.
    const first = page.getByRole('article').first();
    await expect
      .poll(() => first.getByRole('list', { name: 'Good to know' }).textContent())
      .toContain('Pets allowed');

    // A fresh visit to the URL restores the same filters and results.
    const url = page.url();
    const again = await openHydrated(browser, url.slice(url.indexOf('/browse')));
    await expectCount(again.page, expected.length);
    await again.page.getByRole('button', { name: 'Show Advanced Filters' }).click();
    expect(await again.page.getByLabel('Open in').inputValue()).toBe('10');
    expect(await again.page.getByRole('checkbox', { name: 'Pets allowed' }).isChecked()).toBe(true);
    await again.context.close();

    // Unticking pets widens to every listing open in October, stated pets or not.
    await page.getByRole('checkbox', { name: 'Pets allowed' }).uncheck();
    await expectCount(page, VERIFIED.filter((l) => l.open_months?.includes(10)).length);
    expect(await countLine(page).textContent()).not.toBe(resultsLine(expected.length));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an owner submission with the facts', () => {
  it('shows them on its listing page after staff verify it, and leaves out what was not stated', async () => {
    const name = `${marker('Facts')} Yurts`;
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: visitor(),
    });
    const page = await context.newPage();
    await page.goto('/list-property');
    await hydrated(page);
    const form = main(page);
    await form.getByLabel('Property Name').fill(name);
    await form.getByLabel('Accommodation Type').selectOption('Yurts');
    await form.getByLabel('Setting Type').selectOption('Forest');
    await form.getByLabel('Description').fill('Heated yurts among the pines.');
    for (const month of ['May', 'June', 'July', 'August', 'September', 'October'])
      await form.getByRole('checkbox', { name: month, exact: true }).check();
    await form.getByLabel('Pets allowed').selectOption({ label: 'Yes' });
    await form.getByLabel('Wheelchair accessible').selectOption({ label: 'No' });
    await form.getByLabel('Sleeps (maximum guests)').fill('4');
    await form.getByLabel('Minimum nights').fill('2');
    await form.getByLabel('Street Address').fill('12 Forest Road');
    await form.getByLabel('City').fill('Bend');
    await form.getByLabel('State', { exact: true }).selectOption('Oregon');
    await form.getByLabel('ZIP Code').fill('97701');
    await form.getByLabel('Owner Name').fill('Ada Owner');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Phone').fill('(555) 123-4567');
    await page.getByRole('button', { name: 'Submit Listing' }).click();
    await page.waitForURL('**/list-success');
    await context.close();

    const { listings } = await staff<{
      listings: Array<{ id: string; slug: string; property_name: string }>;
    }>({
      action: 'list',
    });
    const stored = listings.find((l) => l.property_name === name);
    expect(stored).toBeDefined();
    await staff({ action: 'verify', id: stored?.id });

    // The background rebuild publishes it.
    const path = listingPath(stored?.slug ?? '');
    await untilStatus(`${baseURL()}${path}`, 200);

    const view = await browser.newContext({ baseURL: baseURL() });
    const listingPage = await view.newPage();
    await listingPage.goto(path);
    // "Good to know" in the listing's facts: the term, then what was stated.
    const terms = await listingPage.getByRole('term').allTextContents();
    const values = await listingPage.getByRole('definition').allTextContents();
    const known = values[terms.indexOf('Good to know')];
    expect(known).toBe(
      'Open May–October · Pets allowed · Not wheelchair accessible · Sleeps up to 4 · Minimum stay 2 nights',
    );
    // Kids were not stated: nothing is said about them, least of all "no".
    expect(await listingPage.getByRole('main').textContent()).not.toMatch(/kids/i);
    const [ld] = JSON.parse(
      (await listingPage.locator('script[type="application/ld+json"]').first().textContent()) ?? '[]',
    ) as Array<{ petsAllowed?: boolean; maximumAttendeeCapacity?: number }>;
    expect(ld).toMatchObject({ petsAllowed: true, maximumAttendeeCapacity: 4 });
    await view.close();
    await unpublish(stored?.id ?? '', stored?.slug ?? '');
  }, 240_000);
});
