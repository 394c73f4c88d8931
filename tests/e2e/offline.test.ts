/** The installable app (docs/saved-searches.md, "The installable app"): manifest and worker, and a shortlist that works with no signal. */
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/format';
import { type SampleListing, VERIFIED } from './browse-support';
import { baseURL, browser, openPage, visitor, withBrowser } from './browser';

withBrowser();

// Listings with names no other listing has, and a phone number.
const unique = VERIFIED.filter(
  (l) => l.phone && VERIFIED.filter((o) => o.property_name === l.property_name).length === 1,
);
const [a, b, never] = unique.slice(40) as [SampleListing, SampleListing, SampleListing];

describe('installable app, offline shortlist', () => {
  it('is installable by Chrome’s own checks (what Lighthouse’s installability audit reads); the worker comes after load, once the visitor pauses', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), extraHTTPHeaders: visitor() });
    const page = await context.newPage();
    // A slow image keeps the page loading for as long as the test holds it: the worker must not be asked for until
    // the page has loaded, however long that takes.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const img = document.createElement('img');
        img.src = '/slow-image.png';
        img.alt = '';
        document.body.append(img);
      }),
    );
    let releaseImage = () => {};
    const imageAsked = new Promise<void>((asked) =>
      page.route('**/slow-image.png', async (route) => {
        asked();
        await new Promise<void>((release) => {
          releaseImage = release;
        });
        await route.fulfill({ status: 404, body: '' });
      }),
    );
    const workerRequests: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).pathname === '/sw.js') workerRequests.push(r.url());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await imageAsked;
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(workerRequests).toEqual([]);
    releaseImage();
    await page.waitForFunction(() => document.readyState === 'complete');
    // Nor while the visitor is busy with the page: a key every second for five seconds keeps it waiting.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift');
      await page.waitForTimeout(1_000);
    }
    expect(workerRequests).toEqual([]);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    expect(workerRequests.length).toBeGreaterThan(0);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    await context.close();
  });

  it('two shortlisted listings and the shortlist open offline with their phone links; another page shows the offline page', async () => {
    const { page, context, errors } = await openPage(browser, `/listings/${a.slug}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    for (const l of [a, b]) {
      await page.goto(`/listings/${l.slug}`);
      await page.getByRole('button', { name: `Save ${l.property_name}`, exact: true }).click();
    }
    await page.goto('/shortlist');
    await expect
      .poll(() => page.getByText(/^Saved for offline use on /).count(), { timeout: 30_000 })
      .toBe(2);

    await context.setOffline(true);
    await page.goto('/shortlist');
    // Each saved listing's card comes as its file is read from the worker's cache: one may show before the other.
    for (const l of [a, b]) {
      await expect
        .poll(() => page.getByRole('main').getByRole('link', { name: l.property_name, exact: true }).count())
        .toBe(1);
    }

    for (const l of [a, b]) {
      await page.goto(`/listings/${l.slug}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(l.property_name);
      expect(await page.getByRole('link', { name: 'Call Now', exact: true }).getAttribute('href')).toMatch(
        /^tel:/,
      );
      expect(await page.getByRole('link', { name: formatPhone(l.phone) }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'View on Map' }).count()).toBe(1);
      expect(await page.getByText(`${l.latitude}, ${l.longitude}`, { exact: true }).count()).toBe(1);
      await expect.poll(() => page.getByText(/^Saved for offline use on /).count()).toBe(1);
    }

    await page.goto(`/listings/${never.slug}`);
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: a.property_name, exact: true }).count()).toBe(1);

    // Back online: removing a listing drops its saved copy.
    await context.setOffline(false);
    await page.goto('/shortlist');
    await page.getByRole('button', { name: `Remove ${a.property_name}` }).click();
    await expect.poll(() => page.getByText(/^Saved for offline use on /).count()).toBe(1);
    // The copy is deleted by the pass that follows the shortlist's change (src/pwa/offline-copies.ts), which may end
    // after the list on screen has changed.
    const kept = () =>
      page.evaluate(async (slug) => {
        const cache = await caches.open('offline-shortlist');
        return (await cache.keys()).some((r) => r.url.includes(slug));
      }, a.slug);
    await expect.poll(kept, { timeout: 10_000 }).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never caches /api/, staff, owner, sign-in or form pages', async () => {
    const { page, context } = await openPage(browser, '/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    for (const path of ['/staff', '/owner', '/sign-in', '/list-property', '/contact', '/api/health']) {
      await page.goto(path);
    }
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((p) => /^\/(api|staff|owner|sign-in|list-property|contact)/.test(p))).toEqual([]);
    expect(cached).toContain('/offline');
    await context.close();
  });
});
