import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { generateSampleListings } from '../../scripts/lib/sample/generate';
import { formatPhone, phoneDigits } from '../../src/domain/format';
import { PRICE_RANGES, SITE_NAME, TYPE_ROUTES } from '../../src/domain/lists';
import { statePath } from '../../src/domain/slug';
import { openHydrated } from './browse-support';
import { baseURL, browser, openPage, withBrowser } from './browser';
import { htmlErrors } from './html-checker';

withBrowser();

// The e2e database is seeded with exactly this generator's output; only verified rows are public.
const verified = generateSampleListings().filter((l) => l.verification_status === 'verified');

const html = async (path: string) => {
  const response = await fetch(`${baseURL()}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
};

/** Same-site page paths of the plain `<a href>` links in served HTML (no JS runs: what a crawler sees). */
function plainLinks(body: string, from: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const url = new URL(m[1]!.replace(/&amp;/g, '&'), `http://site${from}`);
    if (url.host !== 'site' || url.pathname.startsWith('/api/')) continue;
    out.push(url.pathname);
  }
  return out;
}

describe('crawlable listings', () => {
  it('a crawl from / through plain links reaches every listing page', async () => {
    const seen = new Set<string>(['/']);
    const queue = ['/'];
    // Each share image with the size and alt its pages state.
    const sharedWrong: string[] = [];
    const images = new Map<string, { width: string; height: string; page: string }>();
    const long: string[] = [];
    const titles = new Map<string, string>();
    const h1s = new Map<string, string>();
    const bySlug = new Map(verified.map((l) => [l.slug, l]));
    while (queue.length > 0) {
      const batch = queue.splice(0, 16);
      const pages = await Promise.all(batch.map(async (path) => ({ path, ...(await html(path)) })));
      for (const page of pages) {
        if (page.status !== 200 || !page.type.startsWith('text/html')) continue;
        const meta = (property: string) =>
          new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(page.body)?.[1] ?? '';
        expect(meta('og:image:alt').length, page.path).toBeGreaterThan(10);
        const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
        const description = /<meta name="description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
        // Lengths as a reader sees them (entities decoded): what a search result shows in full.
        const shown = (s: string) => s.replace(/&(amp|quot|lt|gt|#39);/g, '_');
        if (shown(title).length > 60) long.push(`${page.path}: title ${shown(title).length}`);
        expect(title, `${page.path}: the title carries the directory's name`).toContain(SITE_NAME);
        if (shown(description).length > 160)
          long.push(`${page.path}: description ${shown(description).length}`);
        const h1 =
          /<h1[^>]*>([\s\S]*?)<\/h1>/
            .exec(page.body)?.[1]
            ?.replace(/<[^>]+>/g, '')
            .trim() ?? '';
        if (page.path.startsWith('/listings/')) {
          expect(titles.has(title), `${page.path} repeats the title of ${titles.get(title)}`).toBe(false);
          // Same name, same town: the h1 must still tell the two apart.
          const l = bySlug.get(page.path.slice('/listings/'.length));
          const place = `${h1}|${l?.city}|${l?.state}`;
          expect(h1s.has(place), `${page.path} repeats the h1 of ${h1s.get(place)} in the same town`).toBe(
            false,
          );
          h1s.set(place, page.path);
        }
        const image = new URL(meta('og:image')).pathname;
        const listing = bySlug.get(page.path.slice('/listings/'.length));
        // A listing page shares its cover photo, else its state's card.
        const shared =
          image === `/og${statePath(listing?.state ?? '')}.png` ||
          /^\/photos\/[\w-]{11}\/\d+\.jpg$/.test(image);
        if (page.path.startsWith('/listings/') && !shared) sharedWrong.push(`${page.path}: ${image}`);
        images.set(image, {
          width: meta('og:image:width'),
          height: meta('og:image:height'),
          page: page.path,
        });
        for (const link of plainLinks(page.body, page.path)) {
          if (seen.has(link)) continue;
          seen.add(link);
          queue.push(link);
        }
      }
    }
    const reached = new Set([...seen].filter((p) => p.startsWith('/listings/')));
    const missing = verified.filter((l) => !reached.has(`/listings/${l.slug}`)).map((l) => l.slug);
    console.log(`crawl: ${seen.size} paths, ${reached.size} listing pages of ${verified.length}`);
    expect(missing).toEqual([]);
    expect(long).toEqual([]);

    // Every og:image answers 200 with an image of the size its pages state.
    const wrong: string[] = [];
    const entries = [...images];
    for (let i = 0; i < entries.length; i += 16) {
      await Promise.all(
        entries.slice(i, i + 16).map(async ([path, stated]) => {
          const response = await fetch(`${baseURL()}${path}`);
          const meta = await sharp(Buffer.from(await response.arrayBuffer()))
            .metadata()
            .catch(() => null);
          const size = meta ? `${meta.width}x${meta.height}` : 'none';
          if (response.status !== 200 || size !== `${stated.width}x${stated.height}`)
            wrong.push(`${path} (from ${stated.page}): ${response.status} ${size}`);
        }),
      );
    }
    console.log(`og:image: ${images.size} distinct images checked`);
    // The default, every state's (listing pages share their state's) and every type's.
    expect(images.size).toBeGreaterThanOrEqual(
      1 + new Set(verified.map((l) => l.state)).size + TYPE_ROUTES.length,
    );
    expect(sharedWrong).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('splits a landing page into static pages, each its own canonical, linking to the others', async () => {
    const { body } = await html('/cabins/2');
    expect(body).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/cabins\/2"/);
    expect(body).toContain('href="/cabins"');
    expect(body).toContain('(page 2 of');
    const first = await html('/cabins');
    expect(first.body).toContain('href="/cabins/2"');
  });

  it("card titles link to the listing's page; a plain click opens the dialog; names say which listing", async () => {
    const { page, context } = await openPage(browser, '/browse');
    const first = page.getByRole('article').first();
    const name = (await first.getByRole('heading').textContent())!.trim();
    const listing = verified.find((l) => l.property_name === name)!;
    const title = first.getByRole('link', { name, exact: true });
    expect(await title.getAttribute('href')).toBe(`/listings/${listing.slug}`);
    expect(await first.getByRole('button', { name: `View Details for ${name}`, exact: true }).count()).toBe(
      1,
    );
    const phone = formatPhone(listing.phone);
    expect(await first.getByRole('link', { name: `Call ${name} at ${phone}`, exact: true }).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await title.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name, exact: true }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/browse');
    await context.close();
  });
});

type Node = Record<string, unknown> & { '@type'?: string | string[] };

/** Every JSON-LD node of a served page, parsed (a script may hold one object or an array). */
async function jsonLd(path: string): Promise<Node[]> {
  const { body } = await html(path);
  const scripts = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return scripts.flatMap((m) => [JSON.parse(m[1]!)].flat() as Node[]);
}
const ofType = (nodes: Node[], type: string) => nodes.filter((n) => [n['@type']].flat().includes(type));

describe('structured data', () => {
  it('listing pages: international telephone, priceRange, full-precision geo, BreadcrumbList as shown', async () => {
    const listing = verified.find((l) => l.price_range && String(l.latitude).split('.')[1]!.length > 4)!;
    const path = `/listings/${listing.slug}`;
    const [place] = ofType(await jsonLd(path), 'Campground');
    const d = phoneDigits(listing.phone);
    expect(place!.telephone).toBe(`+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`);
    expect(place!.priceRange).toBe(PRICE_RANGES.find((p) => p.value === listing.price_range)!.signs);
    expect(place!.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: listing.latitude,
      longitude: listing.longitude,
    });
    const [crumbs] = ofType(await jsonLd(path), 'BreadcrumbList');
    const items = crumbs!.itemListElement as Array<{ position: number; name: string; item: string }>;
    const { page, context } = await openPage(browser, path);
    const visible = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    const shown = await visible.evaluateAll((as) =>
      as.map((a) => ({ name: a.textContent?.trim(), path: a.getAttribute('href') })),
    );
    await context.close();
    expect(shown.length).toBeGreaterThan(1);
    expect(items.map((i) => ({ name: i.name, path: new URL(i.item).pathname }))).toEqual(shown);
    expect(items.map((i) => i.position)).toEqual(shown.map((_, i) => i + 1));
  });

  it('home: WebSite with a SearchAction to /browse?search=, and the Organization', async () => {
    const nodes = await jsonLd('/');
    const [site] = ofType(nodes, 'WebSite');
    const action = site!.potentialAction as {
      '@type': string;
      target: { urlTemplate: string };
      'query-input': string;
    };
    expect(action['@type']).toBe('SearchAction');
    const template = new URL(action.target.urlTemplate.replace('{search_term_string}', 'yurt'));
    expect(`${template.pathname}${template.search}`).toBe('/browse?search=yurt');
    expect(action['query-input']).toBe('required name=search_term_string');
    const [org] = ofType(nodes, 'Organization');
    expect(org!.name).toBe(SITE_NAME);
    expect(new URL(String(org!.url)).pathname).toBe('/');
  });

  it('blog articles: BlogPosting with headline, dates and author', async () => {
    const [post] = ofType(await jsonLd('/blog/fall-glamping'), 'BlogPosting');
    expect(post!.headline).toBe('Fall Glamping: Color, Cool Nights and Quieter Trails');
    expect(Date.parse(String(post!.datePublished))).not.toBeNaN();
    expect(Date.parse(String(post!.dateModified))).not.toBeNaN();
    expect((post!.author as { name: string }).name.length).toBeGreaterThan(0);
  });

  it('state and type pages: an ItemList of the listings the page shows, numbered across pages', async () => {
    for (const path of ['/glamping-texas', '/cabins', '/cabins/2']) {
      const { body } = await html(path);
      const [list] = ofType(await jsonLd(path), 'ItemList');
      const items = list!.itemListElement as Array<{ position: number; url: string }>;
      const cardLinks = [...body.matchAll(/<h3[^>]*><a href="(\/listings\/[^"]+)"/g)].map((m) => m[1]);
      expect(
        items.map((i) => new URL(i.url).pathname),
        path,
      ).toEqual(cardLinks);
      const first = path.endsWith('/2') ? 25 : 1;
      expect(items[0]!.position, path).toBe(first);
      expect(Number(list!.numberOfItems), path).toBeGreaterThanOrEqual(items.length);
    }
  });

  it('the sitemap gives every listing page its lastmod', async () => {
    const index = (await html('/sitemap-index.xml')).body;
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const xml = (await Promise.all(maps.map(async (p) => (await html(p)).body))).join('');
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)];
    const listings = urls.filter((m) => new URL(m[1]!).pathname.startsWith('/listings/'));
    // Every seeded listing once; listings other browser tests publish on the shared site may join (each rebuild
    // writes the sitemap anew).
    const paths = new Set(listings.map((m) => new URL(m[1]!).pathname));
    expect(paths.size, 'no listing twice').toBe(listings.length);
    for (const l of verified) expect(paths.has(`/listings/${l.slug}`), l.slug).toBe(true);
    for (const [, loc, lastmod] of listings) {
      expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(Date.parse(lastmod!), loc).toBeLessThanOrEqual(Date.now());
    }
    const landing = urls.find((m) => new URL(m[1]!).pathname === '/glamping-texas');
    expect(landing?.[2]).toMatch(/^\d{4}-/);
  });
});

describe('valid HTML', () => {
  it('the Nu HTML Checker finds no error after the pages’ JavaScript has run (place suggestions attached)', async () => {
    const documents = [];
    for (const path of ['/', '/browse', '/glamping-maine', '/yurts']) {
      const { page, context } = await openHydrated(browser, path);
      // The location fields have become comboboxes: the part of the page that only exists after JavaScript.
      await expect.poll(() => page.getByRole('combobox').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      documents.push({ path, html: await page.content() });
      await context.close();
    }
    expect(await htmlErrors(documents)).toEqual([]);
  }, 120_000);

  it('the Nu HTML Checker finds no error on one page of each template', async () => {
    const listing = verified[0]!;
    const [article] = (await readdir(join(process.cwd(), 'src/content/blog'))).filter((f) =>
      f.endsWith('.md'),
    );
    const pages = [
      '/',
      '/browse',
      '/glamping-california',
      '/glamping-california/2',
      '/yurts',
      `/listings/${listing.slug}`,
      '/blog',
      `/blog/${article?.replace(/\.md$/, '')}`,
      '/about',
      '/how-it-works',
      '/contact',
      '/list-property',
      '/list-success',
      '/states',
      '/accommodation-types',
      '/privacy',
      '/terms',
      '/accessibility',
      '/newsletter/confirmed',
      '/newsletter/unsubscribed',
      '/shortlist',
      '/no-such-page',
    ];
    const documents = await Promise.all(pages.map(async (path) => ({ path, html: (await html(path)).body })));
    expect(await htmlErrors(documents)).toEqual([]);
  });

  it('no style element in the body, nothing after </html>, no street-address on a one-line input', async () => {
    for (const path of [
      '/',
      '/browse',
      '/glamping-texas',
      '/yurts',
      '/blog',
      '/blog/fall-glamping',
      '/list-property',
    ]) {
      const { body } = await html(path);
      const inBody = body.slice(body.indexOf('<body'));
      expect(inBody.match(/<style\b/g), path).toBeNull();
      expect(body.slice(body.lastIndexOf('</html>') + '</html>'.length).trim(), path).toBe('');
      expect(body, path).not.toMatch(/<input[^>]*autocomplete="street-address"/);
    }
    // The island rule moved to the stylesheet: islands still lay out as their content.
    const { page, context } = await openPage(browser, '/browse');
    const display = await page
      .locator('astro-island')
      .first()
      .evaluate((el) => getComputedStyle(el).display);
    expect(display).toBe('contents');
    await context.close();
  });
});

describe('newsletter', () => {
  /** The newest .eml the test server wrote for `to`: headers unfolded, quoted-printable soft breaks and '=' decoded. */
  async function lastMailTo(to: string): Promise<string> {
    const dir = inject('outboxDir');
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    for (const file of files.reverse()) {
      const text = await readFile(join(dir, file), 'utf8');
      if (text.includes(`To: ${to}`))
        return text
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
          .replace(/\r?\n[ \t]+/g, ' ');
    }
    throw new Error(`no e-mail to ${to}`);
  }

  it('a sign-up on /blog stays pending until its e-mailed link is opened, and ends with one click', async () => {
    const { page, context } = await openPage(browser, '/blog');
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('complementary', { name: 'Newsletter' });
    await box.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box
      .getByRole('status')
      .getByText(/open the link we just e-mailed you/)
      .waitFor();

    await expect
      .poll(() => lastMailTo('reader@example.com').catch(() => ''), { timeout: 10_000 })
      .toContain('confirm');
    const mail = await lastMailTo('reader@example.com');
    const confirm = mail.match(/https?:\/\/[^\s"<>]+\/api\/newsletter\/confirm\?token=[0-9a-f-]+/)![0];
    const unsubscribe = mail.match(
      /https?:\/\/[^\s"<>]+\/api\/newsletter\/unsubscribe\?token=[0-9a-f-]+/,
    )![0];
    expect(mail).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const path = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    await page.goto(path(confirm));
    expect(new URL(page.url()).pathname).toBe('/newsletter/confirmed');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain("You're subscribed");
    await page.goto(path(unsubscribe));
    expect(new URL(page.url()).pathname).toBe('/newsletter/unsubscribed');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain("You're unsubscribed");
    await context.close();
  });

  it('says which address is wrong, next to the field', async () => {
    const { page, context } = await openPage(browser, '/blog');
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('complementary', { name: 'Newsletter' });
    const field = box.getByRole('textbox', { name: 'Email address' });
    await field.fill('nobody-at-example');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect((await box.locator('#newsletter-error').textContent())?.length).toBeGreaterThan(5);
    await context.close();
  });
});
