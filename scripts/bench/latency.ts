/**
 * Filter and search latency in real Chromium on /browse with 10,000 listings: from a keystroke in Location (real
 * key events through Chromium's input pipeline) or a select change to the moment the results on screen are
 * updated, measured in the page.
 *
 * t0 is the first keydown/input/change event's timeStamp (when the input happened). A MutationObserver on the
 * browse island notes every DOM change; once the page has been quiet for a while, the last change is when the
 * updated results were committed (this includes the deferred render useDeferredValue schedules after the input
 * has painted; "to first DOM change" is the urgent render alone). "to next frame" adds the frame that shows them
 * (requestAnimationFrame, then a task after it).
 * Interactions that change nothing visible (same count and same first cards) have no "updated results" moment
 * and are left out of the figures; the note says how many. BENCH_PROFILE=1 also prints where the CPU time went.
 *
 * The place suggestions under the location field (src/islands/browse/combobox.ts: a listbox, its live region and the
 * input's aria-expanded/aria-activedescendant) live inside the island's DOM but are not the results: they come from a
 * gazetteer piece fetched over the network when a word's second character is typed, independently of
 * the results, which are already on screen by then. Their changes are timed apart ("to place suggestions") and do
 * not count as the results' update.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ACCOMMODATION_TYPES, SETTING_TYPES } from '../../src/domain/lists';
import { launchChromium } from '../lib/chromium';
import { benchSite, withServedSite } from './site';
import { atLeast, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'latency';
const LISTINGS = 10_000;
/**
 * A frame at 60 Hz: the target of every interaction, printed as information. Absolute times move several-fold with
 * the host and its load; the budget is the keystroke's ratio to Pagefind's in the same run (scripts/bench/pagefind.ts).
 */
const TARGET_MS = 16;
/** How long the page must stay quiet after the last DOM change before an interaction counts as settled. */
const QUIET_MS = 200;

/** Location texts typed key by key: exact names, typos (fuzzy matches), a ZIP code. */
const QUERIES = [
  'Asheville',
  'Sedona',
  'Ashvile',
  'Gatlinburg',
  'Big Sur',
  'Leavenwrth',
  'Moab',
  'Bar Harbor',
  'Lake',
  '99603',
];
/** State changes with no location text: the exact filters alone over every listing. */
const STATES = [
  'California',
  'Texas',
  'Colorado',
  'Maine',
  'Florida',
  'New York',
  'Utah',
  'Oregon',
  'Tennessee',
  'Montana',
  'Vermont',
  'Arizona',
  'Michigan',
  'Washington',
  'Georgia',
  'California',
];

export interface Sample {
  kind: 'keystroke' | 'select';
  /** Input to results committed, and to the frame after, in ms; null when nothing visible changed. */
  updated: number | null;
  /** Input to the first DOM change (the input's own render, before any deferred one). */
  first: number | null;
  frame: number | null;
  /** Input to the last change of the place suggestions, if they changed. */
  suggested?: number | null;
}

/** A measurement once the page is quiet, in the page's clock; `same`: nothing changed. */
interface Settled {
  t0: number;
  first: number | null;
  last: number | null;
  frame: number | null;
  suggested: number | null;
  same: boolean;
}

/** Installed in the page once: records input time and DOM changes of the browse island. */
export function instrument() {
  type Bench = {
    t0: number | null;
    first: number | null;
    last: number | null;
    frame: number | null;
    suggested: number | null;
    before: string;
    sig(): string;
    reset(): void;
    settled(quiet: number): false | Settled;
  };
  // An object's method, not an arrow function: the bundler would wrap a named one in a helper the page lacks.
  const changes = {
    ofSuggestions(r: MutationRecord) {
      const node = r.target;
      const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
      if (!el) return false;
      if (el.getAttribute('role') === 'combobox')
        return r.type === 'attributes' && !!r.attributeName?.startsWith('aria-');
      return el.closest('[role=listbox]') !== null || el.matches('[role=listbox] + [role=status]');
    },
  };
  const root = document.querySelector('astro-island[component-url*="BrowseApp"]') ?? document.body;
  const b: Bench = {
    t0: null,
    first: null,
    last: null,
    frame: null,
    suggested: null,
    before: '',
    sig() {
      const status = root.querySelector('[role=status]')?.textContent ?? '';
      const cards = [...root.querySelectorAll('ul:not([role=listbox]) li')]
        .slice(0, 24)
        .map((li) => li.textContent);
      const other = root.querySelector('ul') ? '' : (root.textContent ?? '').slice(-200);
      return `${status}|${cards.join('|')}|${other}`;
    },
    reset() {
      b.t0 = null;
      b.first = null;
      b.last = null;
      b.frame = null;
      b.suggested = null;
      b.before = b.sig();
    },
    settled(quiet) {
      const now = performance.now();
      if (b.t0 === null || now - Math.max(b.t0, b.last ?? 0) < quiet) return false;
      if (b.last !== null && b.frame === null) return false;
      return {
        t0: b.t0,
        first: b.first,
        last: b.last,
        frame: b.frame,
        suggested: b.suggested,
        same: b.sig() === b.before,
      };
    },
  };
  for (const type of ['keydown', 'input', 'change']) {
    addEventListener(
      type,
      (e) => {
        if (b.t0 === null) b.t0 = e.timeStamp;
      },
      { capture: true },
    );
  }
  new MutationObserver((records) => {
    const at = performance.now();
    const results = records.filter((r) => !changes.ofSuggestions(r));
    if (results.length < records.length) b.suggested = at;
    if (results.length === 0) return;
    b.first ??= at;
    b.last = at;
    b.frame = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (b.last === at) b.frame = performance.now();
      };
      channel.port2.postMessage(0);
    });
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  (window as unknown as { __bench: Bench }).__bench = b;
}

export async function measure(page: Page, kind: Sample['kind'], act: () => Promise<void>): Promise<Sample> {
  await page.evaluate(() => (window as unknown as { __bench: { reset(): void } }).__bench.reset());
  await act();
  const handle = await page.waitForFunction(
    (quiet) =>
      (
        window as unknown as {
          __bench: { settled(q: number): false | { t0: number; last: number | null; frame: number | null } };
        }
      ).__bench.settled(quiet),
    QUIET_MS,
    { polling: 50, timeout: 15_000 },
  );
  const r = (await handle.jsonValue()) as Settled;
  const suggested = r.suggested === null ? null : r.suggested - r.t0;
  if (r.same || r.last === null) return { kind, updated: null, first: null, frame: null, suggested };
  return {
    kind,
    updated: r.last - r.t0,
    first: (r.first ?? r.last) - r.t0,
    frame: r.frame === null ? null : r.frame - r.t0,
    suggested,
  };
}

/** Runs the interaction script; at least 100 interactions. */
export async function runInteractions(page: Page): Promise<Sample[]> {
  const island = page.locator('astro-island[component-url*="BrowseApp"]');
  const location = island.getByLabel('Location', { exact: true });
  const state = island.getByLabel('State', { exact: true });
  const type = island.getByLabel('Accommodation Type', { exact: true });
  const setting = island.getByLabel('Setting', { exact: true });
  const samples: Sample[] = [];
  const select = async (control: Locator, label: string) =>
    samples.push(await measure(page, 'select', () => control.selectOption({ label }).then(() => {})));
  const key = async (k: string) =>
    samples.push(await measure(page, 'keystroke', () => page.keyboard.press(k)));

  for (const q of QUERIES) {
    await location.focus();
    for (const ch of q) await key(ch === ' ' ? 'Space' : ch);
    await page.keyboard.press('Control+A');
    await key('Backspace');
  }
  // Exact filters alone: states, then every type and setting within the last state.
  for (const s of STATES) await select(state, s);
  for (const t of [...ACCOMMODATION_TYPES, 'Any Type']) await select(type, t);
  for (const s of [...SETTING_TYPES, 'Any Setting']) await select(setting, s);
  await select(state, 'All States');
  return samples;
}

/**
 * Distance mode: ZIP codes typed key by key (the fifth digit switches to distance mode: results sorted by
 * distance, with a radius) and the type and setting selects while the results are measured from a place.
 */
export async function runDistanceInteractions(page: Page): Promise<Sample[]> {
  const island = page.locator('astro-island[component-url*="BrowseApp"]');
  const location = island.getByLabel('Location', { exact: true });
  const type = island.getByLabel('Accommodation Type', { exact: true });
  const setting = island.getByLabel('Setting', { exact: true });
  const samples: Sample[] = [];
  for (const zip of ['80302', '28801', '97701', '59715', '04609']) {
    await location.focus();
    await page.keyboard.press('Control+A');
    for (const digit of zip) samples.push(await measure(page, 'keystroke', () => page.keyboard.press(digit)));
    for (const t of [...ACCOMMODATION_TYPES.slice(0, 4), 'Any Type'])
      samples.push(await measure(page, 'select', () => type.selectOption({ label: t }).then(() => {})));
    for (const t of [...SETTING_TYPES.slice(0, 3), 'Any Setting'])
      samples.push(await measure(page, 'select', () => setting.selectOption({ label: t }).then(() => {})));
  }
  return samples;
}

/**
 * BENCH_PROFILE=1: a CPU profile of the interactions, printed as the functions with the most self time (with the
 * minified code where they start, to find them in the bundle) and the time per file.
 */
async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async report(siteDir: string) {
      const { profile } = await cdp.send('Profiler.stop');
      const ticks = profile.samples ?? [];
      const msPerTick = (profile.endTime - profile.startTime) / 1000 / Math.max(1, ticks.length);
      const hits = new Map<number, number>();
      for (const id of ticks) hits.set(id, (hits.get(id) ?? 0) + 1);
      const byFile = new Map<string, number>();
      const byFunction = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, ms: number) =>
        map.set(key, (map.get(key) ?? 0) + ms);
      for (const node of profile.nodes) {
        const ms = (hits.get(node.id) ?? 0) * msPerTick;
        if (!ms) continue;
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        const file = url.split('/').pop() || functionName;
        add(byFile, file, ms);
        let code = '';
        if (url.includes('/_astro/')) {
          const line = readFileSync(join(siteDir, '_astro', file), 'utf8').split('\n')[lineNumber] ?? '';
          code = line.slice(Math.max(0, columnNumber - 20), columnNumber + 80);
        }
        add(byFunction, `${file} ${functionName || '(anonymous)'} ${code}`, ms);
      }
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([key, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${key}`)
          .join('\n');
      console.log(`  CPU profile of the interactions, by file:\n${top(byFile, 10)}`);
      console.log(`  by function (self time):\n${top(byFunction, 15)}`);
    },
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const round = (ms: number) => Math.round(ms * 10) / 10;

function rowsFor(label: string, samples: Sample[], excluded: number): BenchRow[] {
  const updated = samples.map((s) => s.updated!).sort((a, b) => a - b);
  const framed = samples.flatMap((s) => (s.frame === null ? [] : [s.frame])).sort((a, b) => a - b);
  const first = samples.map((s) => s.first!).sort((a, b) => a - b);
  const note = `${updated.length} interactions${excluded ? ` (+${excluded} with no visible change, left out)` : ''}; max ${round(updated.at(-1) ?? Number.NaN)} ms`;
  return [
    info(
      SECTION,
      `${label} p50 to first DOM change`,
      round(percentile(first, 50)),
      'ms',
      'the urgent render; results may follow in a deferred one',
    ),
    info(SECTION, `${label} p50 to results`, round(percentile(updated, 50)), 'ms'),
    info(
      SECTION,
      `${label} p95 to results`,
      round(percentile(updated, 95)),
      'ms',
      `target ${TARGET_MS} ms; ${note}`,
    ),
    info(
      SECTION,
      `${label} p95 to next frame`,
      round(percentile(framed, 95)),
      'ms',
      'results committed + painted',
    ),
  ];
}

/** The place suggestions' own timing (not the results'): p95 over the keystrokes that changed them. */
function suggestionsRow(samples: Sample[]): BenchRow {
  const times = samples.flatMap((s) => (s.suggested == null ? [] : [s.suggested])).sort((a, b) => a - b);
  return info(
    SECTION,
    'keystroke p95 to place suggestions',
    round(percentile(times, 95)),
    'ms',
    `${times.length} keystrokes changed them; max ${round(times.at(-1) ?? Number.NaN)} ms (a gazetteer piece is fetched on a word's second character)`,
  );
}

/** The interactions on /browse of the bench site of `listings` listings (the scale section's at its own size). */
export async function measureLatency(listings: number): Promise<BenchRow[]> {
  const site = await benchSite(listings);
  return withServedSite(site, async (url) => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${url}/browse`);
      // The island loads the listings once touched (src/islands/browse/browse-loader.ts); typing starts once all are in.
      await page.waitForFunction(() => {
        const root = document.querySelector('astro-island[component-url*="BrowseApp"]:not([ssr]) *');
        return root !== null && Object.keys(root).some((k) => k.startsWith('__reactFiber'));
      });
      await page.getByLabel('Location', { exact: true }).focus();
      await page.waitForLoadState('networkidle');
      await page.getByText(/^Still loading/).waitFor({ state: 'detached' });
      await page.evaluate(instrument);
      const profiler = process.env.BENCH_PROFILE ? await startProfile(page) : null;
      const samples = await runInteractions(page);
      if (profiler) await profiler.report(site.siteDir);
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      const seen = samples.filter((s) => s.updated !== null);
      const keys = seen.filter((s) => s.kind === 'keystroke');
      const selects = seen.filter((s) => s.kind === 'select');
      const skipped = (kind: Sample['kind']) =>
        samples.filter((s) => s.kind === kind && s.updated === null).length;
      // Distance mode: a fresh page measured from a ZIP code, with the whole set loaded as above. A ZIP typed on a
      // fresh page loads only the files of the states near it (src/domain/browse-coverage.ts), so each new ZIP
      // of the script would also wait for a download; this figure is what a keystroke costs, not the network.
      const distancePage = await context.newPage();
      distancePage.on('pageerror', (e) => errors.push(e.message));
      await distancePage.goto(`${url}/browse`);
      const distanceField = distancePage.getByLabel('Location', { exact: true });
      await distanceField.focus();
      await distancePage.waitForLoadState('networkidle');
      await distancePage.getByText(/^Still loading/).waitFor({ state: 'detached' });
      await distanceField.fill('80302');
      await distancePage
        .getByText(/ mi away$/)
        .first()
        .waitFor();
      await distancePage.waitForLoadState('networkidle');
      await distancePage.evaluate(instrument);
      const distance = (await runDistanceInteractions(distancePage)).filter((s) => s.updated !== null);
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      return [
        atLeast(SECTION, 'interactions with updated results', seen.length, '', 100),
        ...rowsFor('all', seen, samples.length - seen.length),
        ...rowsFor('keystroke', keys, skipped('keystroke')),
        suggestionsRow(samples),
        ...rowsFor('select', selects, skipped('select')),
        ...rowsFor('distance mode', distance, 0),
      ];
    } finally {
      await browser.close();
    }
  });
}

const section: BenchSection = {
  name: SECTION,
  run: () => measureLatency(LISTINGS),
};

export default section;
