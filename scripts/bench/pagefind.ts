/**
 * Side by side with Pagefind, in the same run and the same Chromium: Pagefind (the npm package's binary,
 * a measuring reference only) indexes the same 10,000 listing pages the bench built (their <main>), and a small
 * page of its JS API (`pagefind.search(q)`, then the first results' data, as its documentation shows) stands beside
 * the product's /browse. For a few queries (a town, a state, a type word, a ZIP, a typo), for both:
 * - bytes the server sends from page load to the first results of the typed query (a fresh browser context
 *   each: empty cache; headers and compressed bodies, counted by a relay in front of each server, up to the moment
 *   the page itself noted that the results showed);
 * - keystroke-to-results latency, key by key (p50, p95), and the first keystroke after the page loaded: to the first
 *   results of the text typed so far, noted by the page as it showed them (the product's may be the matches among
 *   the listings in so far, under "Still loading N more listings…", as a visitor sees them; its count follows), and,
 *   for the record, to the page settled.
 * Both are served from loopback, gzipped where text (the product by the local server, as Netlify does).
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import { instrument, measure, percentile, round } from './latency';
import { BENCH_HOST, benchSite, REFERENCE_LISTINGS as LISTINGS, withServedSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'pagefind';
/** What a visitor types: a town, a state, a type word, a ZIP, a typo (all in the generated data). */
const QUERIES = ['Asheville', 'Colorado', 'Yurt', '99603', 'Ashvile'];
/** Results whose data the Pagefind page loads and shows, as in Pagefind's documentation. */
const PAGEFIND_SHOWN = 5;
/**
 * Budgets as ratios to Pagefind in the same run, so that they hold on any quiet host; the absolute targets (a frame
 * for a keystroke, 100 ms for the first after load) are printed as information (the scale section holds them).
 */
const KEY_RATIO = 0.3;
const FIRST_KEY_RATIO = 0.3;
const FIRST_KEY_TARGET_MS = 100;
const ISLAND = 'astro-island[component-url*="BrowseApp"]';

const PAGEFIND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><label>Location <input id="q" type="search" autocomplete="off"></label>
<p role="status" id="status"></p><ul id="results"></ul></main>
<script type="module">
// Loaded at once, as its documentation shows; a keystroke before it is ready waits for it.
const ready = import('/pagefind/pagefind.js').then(async (pagefind) => {
  await pagefind.options({ excerptLength: 20 });
  await pagefind.init();
  return pagefind;
});
const input = document.getElementById('q');
const status = document.getElementById('status');
const list = document.getElementById('results');
let latest = 0;
window.__shown = [];
input.addEventListener('input', async () => {
  const id = ++latest;
  const q = input.value;
  const search = await (await ready).search(q);
  if (id !== latest) return;
  const data = await Promise.all(search.results.slice(0, ${PAGEFIND_SHOWN}).map((r) => r.data()));
  if (id !== latest) return;
  status.textContent = search.results.length + ' results found';
  list.replaceChildren(...data.map((d) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = d.url;
    a.textContent = d.meta.title;
    const p = document.createElement('p');
    p.innerHTML = d.excerpt;
    li.append(a, p);
    return li;
  }));
  window.__shown.push(q);
  window.__shownAt ??= {};
  window.__shownAt[q] ??= { at: performance.now(), epoch: performance.timeOrigin + performance.now() };
});
</script></body></html>
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** A plain static server for the Pagefind reference (the product's CSP would refuse Pagefind's WebAssembly). */
async function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^\/+/,
      '',
    );
    const file = join(dir, path === '' ? 'index.html' : path);
    const found = file.startsWith(dir) && (await stat(file).catch(() => null))?.isFile();
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Text is gzipped, as a CDN would; Pagefind's own files (.pf_*, .pagefind) are compressed already.
    const gzip = type in TYPES || type.startsWith('text/');
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, BENCH_HOST, resolve));
  return { url: `http://${BENCH_HOST}:${(server.address() as AddressInfo).port}`, server };
}

/** Indexes the listing pages of the bench site into `dir`/pagefind and writes the JS API page. */
async function buildReference(siteDir: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const bin = join(new URL('../../node_modules/.bin/pagefind', import.meta.url).pathname);
  if (!existsSync(bin)) throw new Error('the pagefind package is not installed (npm ci)');
  await promisify(execFile)(
    bin,
    [
      '--site',
      siteDir,
      '--glob',
      'listings/*.html',
      '--root-selector',
      'main',
      '--output-path',
      join(dir, 'pagefind'),
      '--quiet',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  await writeFile(join(dir, 'index.html'), PAGEFIND_PAGE);
}

interface Side {
  name: string;
  url: string;
  /** Waits until the page can be typed into once loaded (the product: its island hydrated). */
  ready(page: Page): Promise<void>;
  /** True once the first results of `query` are on screen. */
  shows(page: Page, query: string, before: string): Promise<boolean>;
  /** True once the page also says how many results `query` has in all. */
  counted(page: Page, query: string, before: string): Promise<boolean>;
  status(page: Page): Promise<string>;
  /** One keystroke's latency in ms (null: nothing visible changed). */
  key(page: Page, key: string, query: string): Promise<number | null>;
  /**
   * When the page first showed results of `query`, noted by the page itself as it changed (performance.now() and
   * epoch ms), or null: a poll from outside notices a few to tens of milliseconds later, and bytes that arrived in
   * between were not needed for those results.
   */
  firstResults(page: Page, query: string): Promise<{ at: number; epoch: number } | null>;
  /** The page's time of the last keydown (performance.now()). */
  keyTime(page: Page): Promise<number | null>;
}

/**
 * Installed in the product's page: notes (window.__firstResults[query]) when the results of each query first show,
 * by the rule of productSide.shows: the results are rendered for the query, and the count line has the final count,
 * or result cards are on screen under "Still loading N more listings…".
 */
function watchProductResults(selector: string) {
  const w = window as unknown as { __firstResults: Record<string, { at: number; epoch: number }> };
  w.__firstResults = {};
  const island = document.querySelector(selector);
  if (!island) return;
  // An object's methods, not named arrow functions: the bundler would wrap those in a helper the page lacks.
  const page = {
    before: '',
    status() {
      return (
        [...island.querySelectorAll('[role=status]')]
          .map((el) => el.textContent ?? '')
          .find((t) => /results? found|Loading|No glamping/.test(t)) ?? ''
      );
    },
    // The text the shown results are for: React writes a controlled field's value attribute in the commit that
    // renders its results (the field's live value runs ahead while keys come faster than renders, and the URL is
    // written only once the filters rest).
    field: [...island.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Location')?.control,
    check(at: number) {
      const query = page.field?.getAttribute('value') ?? null;
      if (query === null || query in w.__firstResults) return;
      const s = page.status();
      const counted = /^[\d,]+ results? found$/.test(s) && s !== page.before;
      const early =
        /Still loading [\d,]+ more listings/.test(island.textContent ?? '') &&
        island.querySelector('article') !== null;
      if (counted || early) w.__firstResults[query] = { at, epoch: performance.timeOrigin + at };
    },
  };
  page.before = page.status();
  // The time the DOM changed, taken before this check's own reading of it.
  new MutationObserver(() => page.check(performance.now())).observe(island, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

/**
 * How long each of the product's page loads waited in `ready` for the island to hydrate (ms; HYDRATION_WAIT_MS when
 * it never did): printed beside the figures, since a load that typed before the island was live, or after the
 * service worker's quiet spell began (src/pwa/register-worker.ts), measures something else.
 */
const hydrationWaits: number[] = [];
const HYDRATION_WAIT_MS = 3000;

const productSide = (url: string): Side => ({
  name: 'product',
  url: `${url}/browse`,
  // Typed once the island has hydrated, or after 3 s if it waits for an interaction to hydrate (then the first
  // keystroke pays for it, as a visitor's would).
  async ready(page) {
    const waitStart = performance.now();
    await page
      .waitForFunction(
        (selector) => {
          const island = document.querySelector(selector);
          const root = island?.querySelector('*');
          return (
            island &&
            !island.hasAttribute('ssr') &&
            root &&
            Object.keys(root).some((k) => k.startsWith('__reactFiber'))
          );
        },
        ISLAND,
        { timeout: HYDRATION_WAIT_MS },
      )
      .then(
        () => hydrationWaits.push(performance.now() - waitStart),
        () => hydrationWaits.push(HYDRATION_WAIT_MS),
      );
    // The results watcher first: a mutation observer's callback runs after those created before it, and the
    // first results are timed from the watcher's, not after the latency instrument's work on the same records.
    await page.evaluate(watchProductResults, ISLAND);
    await page.evaluate(instrument);
  },
  firstResults: (page, query) =>
    page.evaluate(
      (q) =>
        (window as unknown as { __firstResults: Record<string, { at: number; epoch: number }> })
          .__firstResults[q] ?? null,
      query,
    ),
  keyTime: (page) =>
    page.evaluate(() => (window as unknown as { __bench: { t0: number | null } }).__bench.t0),
  // The results count line (the place suggestions have a status region of their own).
  status: (page) =>
    page
      .locator(ISLAND)
      .getByRole('status')
      .filter({ hasText: /results? found|Loading|No glamping/ })
      .first()
      .textContent()
      .then((t) => t ?? ''),
  // The first results: the result cards of the query, either final (with the count line) or the matches among the
  // listings loaded so far, shown under "Still loading N more listings…" while the rest arrives (/browse
  // shows its first results before the whole set has arrived). The whole set comes newest first, as results are
  // ordered, so these cards are the top of the final list; only the count waits for the whole set.
  async shows(page, query, before) {
    if (await this.counted(page, query, before)) return true;
    const island = page.locator(ISLAND);
    return (
      new URL(page.url()).searchParams.get('search') === query &&
      (await island.getByText(/^Still loading [\d,]+ more listings/).count()) > 0 &&
      (await island.getByRole('article').count()) > 0
    );
  },
  async counted(page, query, before) {
    const status = await this.status(page);
    return (
      new URL(page.url()).searchParams.get('search') === query &&
      /^[\d,]+ results? found$/.test(status) &&
      status !== before
    );
  },
  async key(page, key) {
    const sample = await measure(page, 'keystroke', () => page.keyboard.press(key));
    return sample.updated;
  },
});

const pagefindSide = (url: string): Side => ({
  name: 'Pagefind',
  url,
  async ready(page) {
    await page.evaluate(() => {
      const w = window as unknown as { __t0: number | null };
      w.__t0 = null;
      addEventListener('keydown', (e) => (w.__t0 ??= e.timeStamp), { capture: true });
    });
  },
  status: (page) =>
    page
      .getByRole('status')
      .textContent()
      .then((t) => t ?? ''),
  async shows(page, query) {
    return page.evaluate((q) => (window as unknown as { __shown: string[] }).__shown.includes(q), query);
  },
  // Its count comes with its first results.
  counted(page, query, before) {
    return this.shows(page, query, before);
  },
  firstResults: (page, query) =>
    page.evaluate(
      (q) =>
        (window as unknown as { __shownAt?: Record<string, { at: number; epoch: number }> }).__shownAt?.[q] ??
        null,
      query,
    ),
  keyTime: (page) => page.evaluate(() => (window as unknown as { __t0: number | null }).__t0),
  async key(page, key, query) {
    await page.evaluate(() => {
      const w = window as unknown as { __t0: number | null; __shown: string[]; __at?: number };
      w.__t0 = null;
      w.__shown = [];
    });
    await page.keyboard.press(key);
    // Its results for the new text are rendered (the page notes the query once they are in the DOM).
    const handle = await page.waitForFunction(
      (q) => {
        const w = window as unknown as { __t0: number | null; __shown: string[] };
        return w.__shown.includes(q) && w.__t0 !== null ? performance.now() - w.__t0 : false;
      },
      query,
      { polling: 'raf', timeout: 15_000 },
    );
    return (await handle.jsonValue()) as number;
  },
});

/**
 * A TCP relay in front of a server that counts the bytes the server sends (headers and bodies, as on the wire).
 * Counted here rather than in the browser: Pagefind fetches its index from a Web Worker, whose requests a page's
 * DevTools session does not see.
 */
async function countingRelay(
  target: string,
): Promise<{ url: string; bytes(): number; bytesAt(epoch: number): number; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  let bytes = 0;
  /** [epoch ms, bytes so far] at each chunk the server sent. */
  const timeline: Array<[number, number]> = [];
  const sockets = new Set<Socket>();
  const relay = createTcpServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      timeline.push([performance.timeOrigin + performance.now(), bytes]);
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, BENCH_HOST, resolve));
  const path = new URL(target).pathname;
  return {
    url: `http://${BENCH_HOST}:${(relay.address() as AddressInfo).port}${path === '/' ? '' : path}`,
    bytes: () => bytes,
    // Bytes the server had sent by then (the relay sees them before the browser does: never fewer than it had).
    bytesAt: (epoch) => timeline.findLast(([at]) => at <= epoch)?.[1] ?? 0,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

/**
 * Bytes from navigation to the first results of `query`, typed right after the page loaded, and to its count. The
 * first: what the server had sent when the page showed them (its own note of the time, ./pagefind.ts Side); the
 * count: when the poll saw it.
 */
async function bytesToResults(
  browser: Browser,
  side: Side,
  query: string,
): Promise<{ first: number; counted: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const relay = await countingRelay(side.url);
  try {
    const page = await context.newPage();
    await page.goto(relay.url, { waitUntil: 'load' });
    await side.ready(page);
    const before = await side.status(page);
    await page.getByLabel('Location', { exact: true }).first().pressSequentially(query);
    const deadline = Date.now() + 30_000;
    const until = async (done: () => Promise<boolean>) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`${side.name}: no results for "${query}" within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return relay.bytes();
    };
    const polled = await until(() => side.shows(page, query, before));
    const counted = await until(() => side.counted(page, query, before));
    const shown = await side.firstResults(page, query);
    return { first: shown ? relay.bytesAt(shown.epoch) : polled, counted };
  } finally {
    await context.close();
    await relay.close();
  }
}

/** One keystroke: to the first results of the new text on screen, and to the page settled (null: no visible change). */
interface KeySample {
  /** The text typed so far. */
  text: string;
  results: number | null;
  settled: number | null;
}

/**
 * Keystroke latencies for `query` typed key by key on a fresh page, the first keystroke after load first. Each to
 * the first results of the text typed so far (the page's own note of when they showed, as for the bytes: what the
 * visitor waits for, the same moment on both sides), and to the page settled (every change the keystroke was
 * followed by: on the product, also the count and the cards that come as the rest of the whole set arrives).
 */
async function keystrokes(browser: Browser, side: Side, query: string): Promise<KeySample[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(side.url, { waitUntil: 'load' });
    await side.ready(page);
    await page.getByLabel('Location', { exact: true }).first().focus();
    const samples: KeySample[] = [];
    for (let i = 0; i < query.length; i++) {
      const ch = query[i] ?? '';
      const text = query.slice(0, i + 1);
      const settled = await side.key(page, ch === ' ' ? 'Space' : ch, text);
      const t0 = await side.keyTime(page);
      let shown = await side.firstResults(page, text);
      // The first keystroke's results may come after a quiet spell longer than the settle window (at 50,000
      // listings, one card, then the count once its files are in): the page notes the moment, so waiting for the
      // note does not change the figure.
      for (let waited = 0; i === 0 && !shown && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        shown = await side.firstResults(page, text);
      }
      samples.push({ text, settled, results: shown && t0 !== null ? shown.at - t0 : null });
    }
    return samples;
  } finally {
    await context.close();
  }
}

interface Figures {
  bytes: number[];
  /** Bytes until the page also says how many results there are (the product: once the whole set is in). */
  countedBytes: number[];
  /** Keystrokes after the first, to the first results of their text. */
  keys: number[];
  /** The text each of those keystrokes made. */
  keyTexts: string[];
  /** The same keystrokes, to the page settled. */
  keysSettled: number[];
  /** First keystroke after load to the page settled (every change it caused, the count included). */
  first: number[];
  /** First keystroke after load to the first results of its text on screen. */
  firstResults: number[];
  unchanged: number;
}

const noFigures = (): Figures => ({
  bytes: [],
  countedBytes: [],
  keys: [],
  keyTexts: [],
  keysSettled: [],
  first: [],
  firstResults: [],
  unchanged: 0,
});

/** One query on one side: its bytes to results, then its keystrokes, into that side's figures. */
async function measureQuery(browser: Browser, side: Side, query: string, figures: Figures): Promise<void> {
  const bytes = await bytesToResults(browser, side, query);
  figures.bytes.push(bytes.first);
  figures.countedBytes.push(bytes.counted);
  const [first, ...rest] = await keystrokes(browser, side, query);
  if (first?.results == null) throw new Error(`${side.name}: no results shown for "${query.slice(0, 1)}"`);
  figures.firstResults.push(first.results);
  if (first.settled !== null) figures.first.push(first.settled);
  for (const key of rest) {
    // Keystrokes that changed nothing visible (the same count and cards) are left out, as in the latency section.
    if (key.settled === null || key.results === null) figures.unchanged++;
    else {
      figures.keys.push(key.results);
      figures.keyTexts.push(key.text);
      figures.keysSettled.push(key.settled);
    }
  }
}

/** A page load of a side, not measured: the browser's and the server's first navigation is behind both sides. */
async function warmUp(browser: Browser, side: Side): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(side.url, { waitUntil: 'load' });
    await side.ready(page);
  } finally {
    await context.close();
  }
}

/**
 * Both sides' figures, the queries taken in turn by each side (product, then Pagefind, query by query), after one
 * unmeasured load of each: a freshly launched browser's first navigations (its renderer and network processes
 * starting, the servers' first answers) would otherwise fall on whichever side went first, and a host whose speed
 * drifts during the run would favour one side. Each measured load is still a fresh browser context, with an empty
 * cache, as a first visit.
 */
async function measureSides(browser: Browser, sides: readonly Side[]): Promise<Figures[]> {
  for (const side of sides) await warmUp(browser, side);
  const figures = sides.map(noFigures);
  for (const query of QUERIES) {
    for (const [i, side] of sides.entries()) await measureQuery(browser, side, query, figures[i]!);
  }
  return figures;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** The slowest keystrokes, with the text each made: where to look when the p95 is high. */
const slowest = (f: Figures, n = 3) =>
  f.keys
    .map((ms, i) => ({ ms, text: f.keyTexts[i] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map(({ ms, text }) => `"${text}" ${round(ms)} ms`)
    .join(', ');

/** The comparison on the bench site of `listings` listings (the scale section's at its own size). */
export async function comparePagefind(listings: number): Promise<BenchRow[]> {
  const site = await benchSite(listings);
  const refDir = join(site.workDir, 'pagefind-reference');
  const indexStart = performance.now();
  await buildReference(site.siteDir, refDir);
  const indexMs = performance.now() - indexStart;
  const reference = await serveStatic(refDir);
  hydrationWaits.length = 0;
  try {
    return await withServedSite(site, async (url) => {
      const browser = await launchChromium();
      try {
        const [product, pagefind] = (await measureSides(browser, [
          productSide(url),
          pagefindSide(reference.url),
        ])) as [Figures, Figures];
        const unhydrated = hydrationWaits.filter((ms) => ms >= HYDRATION_WAIT_MS).length;
        const rows: BenchRow[] = [
          info(
            SECTION,
            'Pagefind index of the listing pages',
            round(indexMs / 1000),
            's',
            `${listings} pages`,
          ),
          info(
            SECTION,
            'product /browse: wait for the island to hydrate after load (max)',
            round(Math.max(...hydrationWaits)),
            'ms',
            `${hydrationWaits.length} page loads${unhydrated ? `; ${unhydrated} typed without a hydrated island after ${HYDRATION_WAIT_MS / 1000} s` : ''}`,
          ),
        ];
        const maxBytes = (f: Figures) => Math.max(...f.bytes);
        const p = (values: number[], n: number) => round(percentile(sorted(values), n));
        const queries = `queries ${QUERIES.map((q) => `"${q}"`).join(', ')}`;
        for (const [name, f] of [
          ['product /browse', product],
          ['Pagefind JS API page', pagefind],
        ] as const) {
          rows.push(
            info(
              SECTION,
              `${name}: KB to first results (max)`,
              kb(maxBytes(f)),
              'KB',
              `per query: ${f.bytes.map(kb).join(', ')} KB; ${queries}`,
            ),
            info(
              SECTION,
              `${name}: KB to the results count (max)`,
              kb(Math.max(...f.countedBytes)),
              'KB',
              `per query: ${f.countedBytes.map(kb).join(', ')} KB`,
            ),
            info(SECTION, `${name}: keystroke p50, to its first results`, p(f.keys, 50), 'ms'),
            info(
              SECTION,
              `${name}: keystroke p95, to its first results`,
              p(f.keys, 95),
              'ms',
              `${f.keys.length} keystrokes${f.unchanged ? ` (+${f.unchanged} with no visible change, left out)` : ''}; slowest ${slowest(f)}`,
            ),
            info(
              SECTION,
              `${name}: keystroke p95, to the page settled`,
              p(f.keysSettled, 95),
              'ms',
              'every change after it, the count and cards of parts arriving meanwhile included',
            ),
            info(
              SECTION,
              `${name}: first keystroke after load, to its first results (max)`,
              round(Math.max(...f.firstResults)),
              'ms',
              `per query: ${f.firstResults.map(round).join(', ')} ms`,
            ),
            info(
              SECTION,
              `${name}: first keystroke after load, to the page settled (max)`,
              round(Math.max(...f.first)),
              'ms',
              'every change it caused, the final count included',
            ),
          );
        }
        rows.push(
          atMost(
            SECTION,
            'product / Pagefind, bytes to first results',
            ratio(maxBytes(product), maxBytes(pagefind)),
            'x',
            1,
            'largest query of each side',
          ),
          info(
            SECTION,
            'product / Pagefind, bytes to the results count',
            ratio(Math.max(...product.countedBytes), Math.max(...pagefind.countedBytes)),
            'x',
            'the product counts once the whole set is in; Pagefind with its first results',
          ),
          atMost(
            SECTION,
            'product / Pagefind, keystroke p95',
            ratio(percentile(sorted(product.keys), 95), percentile(sorted(pagefind.keys), 95)),
            'x',
            KEY_RATIO,
          ),
          atMost(
            SECTION,
            'product / Pagefind, first keystroke after load (max)',
            ratio(Math.max(...product.firstResults), Math.max(...pagefind.firstResults)),
            'x',
            FIRST_KEY_RATIO,
            `${product.firstResults.length} page loads each, one per query`,
          ),
          info(
            SECTION,
            'product first keystroke after load, to its first results (max)',
            round(Math.max(...product.firstResults)),
            'ms',
            `target ${FIRST_KEY_TARGET_MS} ms`,
          ),
        );
        return rows;
      } finally {
        await browser.close();
      }
    });
  } finally {
    await new Promise((resolve) => reference.server.close(resolve));
  }
}

const section: BenchSection = {
  name: SECTION,
  run: () => comparePagefind(LISTINGS),
};

export default section;
