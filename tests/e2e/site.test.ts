import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleListings } from '../../src/data/sample/generate';
import {
  ACCOMMODATION_TYPES,
  POPULAR_STATES,
  POPULAR_TYPES,
  TYPE_ROUTES,
  US_STATES,
} from '../../src/domain/lists';
import { SOCIAL_PROFILES, SUPPORT_EMAIL } from '../../src/site';
import { baseURL, launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The e2e database is seeded with exactly this generator's output; only verified rows are public.
const verified = generateSampleListings().filter((l) => l.verification_status === 'verified');
const countOf = (pick: (l: (typeof verified)[number]) => boolean) => verified.filter(pick).length;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A page whose navigations to `pattern` are stopped, so what happens on the page itself can be checked. */
async function holdNavigation(page: Page, pattern: string): Promise<string[]> {
  const seen: string[] = [];
  await page.route(pattern, async (route) => {
    if (route.request().isNavigationRequest()) {
      seen.push(route.request().url());
      await route.abort('aborted');
    } else await route.continue();
  });
  return seen;
}

describe('header', () => {
  it('links to every section of the site', async () => {
    const { page, context } = await openPage(browser, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['Browse Listings', '/browse'],
      ['By State', '/states'],
      ['Types', '/accommodation-types'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of expected) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await nav.getByRole('link', { name: 'About', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'List FREE' }).getAttribute('href')).toBe('/list-property');
    await nav.getByRole('link', { name: 'By State' }).click();
    await page.waitForURL('**/states');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Glamping by State');
    await context.close();
  });

  it('sends the trimmed search text to /browse', async () => {
    const { page, context } = await openPage(browser, '/about');
    await page
      .getByRole('banner')
      .getByRole('searchbox', { name: /search glamping/i })
      .fill('  Yurts in Maine  ');
    await page
      .getByRole('banner')
      .getByRole('searchbox', { name: /search glamping/i })
      .press('Enter');
    await page.waitForURL('**/browse?**');
    expect(new URL(page.url()).pathname).toBe('/browse');
    expect(new URL(page.url()).searchParams.get('search')).toBe('Yurts in Maine');
    await context.close();
  });

  it('clears the box after a search', async () => {
    const { page, context } = await openPage(browser, '/about');
    const seen = await holdNavigation(page, '**/browse?**');
    const box = page.getByRole('banner').getByRole('searchbox', { name: /search glamping/i });
    await box.fill('Moab');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => seen.length).toBe(1);
    expect(new URL(seen[0]!).searchParams.get('search')).toBe('Moab');
    expect(await box.inputValue()).toBe('');
    await context.close();
  });

  it('does nothing for empty or whitespace-only text', async () => {
    const { page, context } = await openPage(browser, '/about');
    const seen = await holdNavigation(page, '**/browse**');
    const box = page.getByRole('banner').getByRole('searchbox', { name: /search glamping/i });
    await box.fill('    ');
    await box.press('Enter');
    await box.fill('');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(300);
    expect(seen).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/about');
    await context.close();
  });
});

describe('mobile menu at 375 px', () => {
  it('opens, closes, and repeats the links with a search box and the listing link', async () => {
    const { page, context } = await openPage(browser, '/about', { width: 375 });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor({ state: 'visible' });
    for (const name of ['Home', 'Browse Listings', 'By State', 'Types', 'About', 'Contact']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole('link', { name: 'List Your Property FREE' }).getAttribute('href')).toBe(
      '/list-property',
    );
    expect(await menu.getByRole('searchbox', { name: /search glamping/i }).isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('closes when a link is chosen', async () => {
    const { page, context } = await openPage(browser, '/about', { width: 375 });
    const seen = await holdNavigation(page, '**/states');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'By State' }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => seen.length).toBe(1);
    await page.unroute('**/states');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Types' }).click();
    await page.waitForURL('**/accommodation-types');
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(false);
    await context.close();
  });

  it('searches from the menu', async () => {
    const { page, context } = await openPage(browser, '/about', { width: 375 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('searchbox', { name: /search glamping/i });
    await box.fill(' tiny houses ');
    await box.press('Enter');
    await page.waitForURL('**/browse?**');
    expect(new URL(page.url()).searchParams.get('search')).toBe('tiny houses');
    await context.close();
  });
});

describe('footer', () => {
  const SPEC_LINKS: Array<[string, string]> = [
    ['California Glamping', '/glamping-california'],
    ['Colorado Glamping', '/glamping-colorado'],
    ['Florida Glamping', '/glamping-florida'],
    ['Texas Glamping', '/glamping-texas'],
    ['Utah Glamping', '/glamping-utah'],
    ['Washington Glamping', '/glamping-washington'],
    ['All States', '/states'],
    ['Safari Tents', '/safari-tents'],
    ['Yurts', '/yurts'],
    ['Treehouses', '/treehouses'],
    ['Tiny Houses', '/tiny-houses'],
    ['Cabins', '/cabins'],
    ['Domes', '/domes'],
    ['All Types', '/accommodation-types'],
    ['About Us', '/about'],
    ['List Your Property', '/list-property'],
    ['How It Works', '/how-it-works'],
    ['Blog', '/blog'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Sitemap', '/sitemap'],
    ['Accessibility', '/accessibility'],
  ];

  it("has every link of the spec's list, social profiles and the support e-mail", async () => {
    const { page, context } = await openPage(browser, '/states');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of SPEC_LINKS) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    for (const profile of SOCIAL_PROFILES) {
      expect(await footer.getByRole('link', { name: profile.name }).getAttribute('href')).toBe(profile.href);
    }
    expect(await footer.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Glamping Directory USA`);
    await context.close();
  });

  it("shows the viewer's current year, not the build's", async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    await context.clock.install({ time: new Date('2031-01-01T00:30:00') });
    const page = await context.newPage();
    await page.goto('/about');
    expect(await page.getByRole('contentinfo').textContent()).toContain('© 2031 Glamping Directory USA');
    await context.close();
  });
});

describe('/states', () => {
  const stateCount = (state: string) => countOf((l) => l.state === state);
  const stateHref = (state: string) => `/glamping-${state.toLowerCase().replace(/ /g, '-')}`;

  it('shows the popular states with their counts of verified listings', async () => {
    const { page, context } = await openPage(browser, '/states');
    const popular = page.getByRole('region', { name: 'Popular States' });
    const links = popular.getByRole('link');
    expect(await links.count()).toBe(POPULAR_STATES.length);
    for (const [i, state] of POPULAR_STATES.entries()) {
      const link = links.nth(i);
      expect(await link.textContent()).toMatch(
        new RegExp(`^\\s*${state}\\s+${stateCount(state)} sites\\s*$`),
      );
      expect(await link.getAttribute('href')).toBe(stateHref(state));
    }
    await context.close();
  });

  it('lists all 50 states A-Z, each with its count and link', async () => {
    const { page, context } = await openPage(browser, '/states');
    const all = page.getByRole('region', { name: 'All 50 States A-Z' });
    const text = (await all.textContent()) ?? '';
    for (const state of US_STATES) {
      const n = stateCount(state);
      expect(await all.getByRole('link', { name: state, exact: true }).getAttribute('href')).toBe(
        stateHref(state),
      );
      expect(text).toContain(`${state} (${n} ${n === 1 ? 'site' : 'sites'})`);
    }
    const order = await all
      .getByRole('list')
      .last()
      .locator('..')
      .locator('..')
      .getByRole('link')
      .allTextContents();
    expect(order.map((s) => s.trim())).toEqual([...US_STATES].sort());
    await context.close();
  });
});

describe('/accommodation-types', () => {
  const typeCount = (type: string) => countOf((l) => l.accommodation_type === type);
  const typeHref = (type: string) => {
    const route = TYPE_ROUTES.find((r) => r.type === type);
    return route ? `/${route.path}` : `/browse?type=${encodeURIComponent(type)}`;
  };

  it('shows popular types with counts, all 18 types with links, and style guides', async () => {
    const { page, context } = await openPage(browser, '/accommodation-types');
    const popular = page.getByRole('region', { name: 'Popular Types' });
    for (const type of POPULAR_TYPES) {
      const link = popular.getByRole('link', {
        name: new RegExp(`^${escapeRe(type)} ${typeCount(type)} sites`),
      });
      expect(await link.getAttribute('href')).toBe(typeHref(type));
    }
    const all = page.getByRole('region', { name: 'All 18 Types' });
    expect(await all.getByRole('link').count()).toBe(ACCOMMODATION_TYPES.length);
    const text = (await all.textContent()) ?? '';
    for (const type of ACCOMMODATION_TYPES) {
      expect(await all.getByRole('link', { name: type, exact: true }).getAttribute('href')).toBe(
        typeHref(type),
      );
      expect(text).toContain(`${type} (${typeCount(type)} sites)`);
    }
    const guides = page.getByRole('region', { name: 'Style Guides' });
    expect(await guides.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});

describe('content pages', () => {
  const PAGES: Array<[string, string]> = [
    ['/about', 'About Glamping Directory USA'],
    ['/how-it-works', 'How It Works'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/accessibility', 'Accessibility'],
    ['/sitemap', 'Sitemap'],
    ['/blog', 'Glamping Blog'],
  ];

  it('each answers with its heading', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    for (const [path, heading] of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(heading);
    }
    await context.close();
  });

  it('/privacy promises an answer to privacy inquiries within 30 days', async () => {
    const { page, context } = await openPage(browser, '/privacy');
    expect(await page.getByRole('main').textContent()).toMatch(/privacy inquiries within\s+30 days/);
    await context.close();
  });

  it('/about shows the listing total counted from the data', async () => {
    const { page, context } = await openPage(browser, '/about');
    const rounded = `${(Math.floor(verified.length / 100) * 100).toLocaleString('en-US')}+`;
    expect(await page.getByText('Verified Locations').locator('..').textContent()).toContain(rounded);
    expect(await page.getByText('Free Listings').locator('..').textContent()).toContain('100%');
    await context.close();
  });

  it('/sitemap links every state and type page and every article', async () => {
    const { page, context } = await openPage(browser, '/sitemap');
    const main = page.getByRole('main');
    for (const state of US_STATES) {
      expect(await main.getByRole('link', { name: `${state} Glamping`, exact: true }).count()).toBe(1);
    }
    for (const type of ACCOMMODATION_TYPES) {
      expect(await main.getByRole('link', { name: type, exact: true }).count(), type).toBe(1);
    }
    expect(await page.getByRole('region', { name: 'Blog Articles' }).getByRole('link').count()).toBe(6);
    await context.close();
  });

  it('pages without islands ship no React', async () => {
    const { page, context } = await openPage(browser, '/states');
    expect(await page.locator('astro-island').count()).toBe(0);
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(scripts.filter((s) => s?.includes('client'))).toEqual([]);
    await context.close();
  });
});

describe('/blog', () => {
  it('shows 6 articles, one featured, and a subscribe box that says it is not available yet', async () => {
    const { page, context } = await openPage(browser, '/blog');
    const articles = page.getByRole('main').getByRole('article');
    expect(await articles.count()).toBe(6);
    expect(await articles.filter({ hasText: 'Featured' }).count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'Newsletter' }).textContent()).toMatch(
      /don't have an e-mail newsletter yet/,
    );
    expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
    await context.close();
  });

  it('filters articles with the category chips', async () => {
    const { page, context } = await openPage(browser, '/blog');
    const chips = page.getByRole('group', { name: 'Filter articles by category' });
    const visible = () => page.getByRole('main').getByRole('article').filter({ visible: true });
    for (const category of [
      'Destinations',
      'Tips & Guides',
      'Sustainability',
      'Seasonal',
      'Family Travel',
      'Comparison',
    ]) {
      await chips.getByRole('button', { name: category }).click();
      expect(await chips.getByRole('button', { name: category }).getAttribute('aria-pressed')).toBe('true');
      expect(await chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
      expect(await visible().count(), category).toBe(1);
      expect(await visible().textContent()).toContain(category);
    }
    expect(await page.getByText('Showing 1 article', { exact: true }).isVisible()).toBe(true);
    await chips.getByRole('button', { name: 'All' }).click();
    expect(await visible().count()).toBe(6);
    await context.close();
  });

  it('opens an article on its own page', async () => {
    const { page, context } = await openPage(browser, '/blog');
    const featured = page.getByRole('article').filter({ hasText: 'Featured' });
    const title = (await featured.getByRole('heading').textContent())?.trim() ?? '';
    await featured.getByRole('link', { name: title }).click();
    await page.waitForURL('**/blog/*');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByRole('main').textContent()).toMatch(/\d+ min read/);
    await page.getByRole('link', { name: /All articles/ }).click();
    await page.waitForURL('**/blog');
    await context.close();
  });
});

describe('404', () => {
  it('answers unknown paths with status 404 and the not-found page', async () => {
    const response = await fetch(`${baseURL()}/no-such-page-here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it('shows a Return to Home link and logs the missing path to the console', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    await page.goto('/glamping-atlantis/secret');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
    expect(messages.some((m) => /^(error|warning): .*\/glamping-atlantis\/secret/.test(m))).toBe(true);
    expect(await page.getByRole('main').textContent()).toContain('/glamping-atlantis/secret');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('metadata', () => {
  const PAGES: Array<[string, string]> = [
    ['/states', 'Glamping by State | Glamping Directory USA'],
    ['/about', 'About Us | Glamping Directory USA'],
    ['/blog/fall-glamping', 'Fall Glamping: Color, Cool Nights and Quieter Trails | Glamping Directory USA'],
  ];

  it('sets title, description, keywords, canonical and social tags', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    for (const [path, title] of PAGES) {
      await page.goto(path);
      expect(await page.title()).toBe(title);
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      const description = await meta('meta[name="description"]');
      expect(description?.length, path).toBeGreaterThan(40);
      expect(await meta('meta[name="keywords"]')).toContain('glamping');
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(path);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\.png$/);
      expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(await meta('meta[name="twitter:title"]')).toBe(title);
    }
    await context.close();
  });

  it('keeps the 404 page out of search engines', async () => {
    const { page, context } = await openPage(browser, '/missing-page');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await context.close();
  });

  it('serves robots.txt pointing to the sitemap index, which lists the pages', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.status).toBe(200);
    const sitemapLine = (await robots.text()).split('\n').find((l) => l.startsWith('Sitemap: '));
    expect(sitemapLine).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/);
    const index = await fetch(`${baseURL()}/sitemap-index.xml`);
    expect(index.status).toBe(200);
    const first = /<loc>([^<]+)<\/loc>/.exec(await index.text())?.[1] ?? '';
    const pages = await (await fetch(`${baseURL()}${new URL(first).pathname}`)).text();
    for (const path of ['/states', '/accommodation-types', '/about', '/blog/fall-glamping', '/privacy']) {
      expect(pages).toContain(`${path}</loc>`);
    }
    expect(pages).not.toContain('404');
  });
});
