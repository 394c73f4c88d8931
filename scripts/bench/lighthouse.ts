/**
 * Lighthouse (mobile emulation, simulated throttling) driving the browser tests' Chromium (scripts/lib/chromium.ts)
 * through chrome-launcher, on /, /browse, a state page, its second page and one listing page of the 10,000-listing
 * site. Each page runs three times (BENCH_LIGHTHOUSE_RUNS) and keeps the run with the median Performance score: its
 * four category scores (the note names what cost points), its total blocking time and the long tasks behind it.
 * Full reports go to bench-results/lighthouse/.
 *
 * The phone it emulates is the same on every host: Lighthouse's default 4x CPU slowdown assumes a host of a given
 * speed, so the slowdown is calibrated to this host's `benchmarkIndex` (measured first, printed) as Lighthouse
 * documents (docs/performance.md, "Calibrated Lighthouse").
 * Responses are gzipped, as Netlify serves them (the local server compresses text like Netlify's CDN).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROME_FLAGS, resolveChromium } from '../lib/chromium';
import { benchSite, withServedSite } from './site';
import { atLeast, atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'lighthouse';
const LISTINGS = 10_000;
const MIN_SCORE = 95;
const MAX_TBT_MS = 200;
const CALIBRATION_RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REPORT_DIR = 'bench-results/lighthouse';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** Audits that cost points in a category, worst first, with their displayed value. */
function losses(lhr: Lhr, category: string): string {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0)
    .map((r) => ({ r, audit: lhr.audits[r.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.r.weight * (1 - (b.audit!.score ?? 0)) - a.r.weight * (1 - (a.audit!.score ?? 0)))
    .slice(0, 4)
    .map(({ r, audit }) => `${r.id}${audit!.displayValue ? ` ${audit!.displayValue}` : ''}`)
    .join(', ');
}

/** The performance metrics, for the note of the Performance row. */
function metrics(lhr: Lhr): string {
  const value = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  return `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}`;
}

/**
 * The CPU slowdown that makes this host emulate Lighthouse's reference phone, from its benchmarkIndex: the formula of
 * Lighthouse's CPU throttling calculator (patrickhulce/lighthouse-cpu-throttling-calculator, linked from
 * Lighthouse's docs/throttling.md). null for a host too slow to emulate the phone at all.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | null {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The long tasks of a run (what ran, when, how long, at the emulated phone's speed), longest first. */
function longTasks(lhr: Lhr): string {
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  if (!items?.length) return 'no long task';
  return [...items]
    .sort((a, b) => Number(b.duration) - Number(a.duration))
    .slice(0, 5)
    .map((t) => {
      const url = String(t.url);
      const what = url.startsWith('http') ? new URL(url).pathname.replace(/^\/_astro\//, '') : url;
      return `${what} ${Math.round(Number(t.duration))} ms at ${(Number(t.startTime) / 1000).toFixed(1)} s`;
    })
    .join(', ');
}

async function audit(
  port: number,
  url: string,
  cpuSlowdownMultiplier: number,
  only?: string[],
): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
    ...(only ? { onlyAudits: only } : { onlyCategories: [...CATEGORIES] }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3);
    const site = await benchSite(LISTINGS);
    const listing = (await readdir(join(site.siteDir, 'listings')))
      .filter((f) => f.endsWith('.html'))
      .sort()[0];
    const paths = [
      '/',
      '/browse',
      '/glamping-california',
      '/glamping-california/2',
      `/listings/${listing?.replace(/\.html$/, '')}`,
    ];
    await mkdir(REPORT_DIR, { recursive: true });
    return withServedSite(site, async (base) => {
      const { executablePath, env } = await resolveChromium();
      const chrome = await chromeLauncher.launch({
        chromePath: executablePath,
        chromeFlags: CHROME_FLAGS,
        envVars: { ...process.env, ...env },
      });
      const rows: BenchRow[] = [];
      try {
        // The host's speed, from a few light runs (one audit each) on the home page.
        const indexes: number[] = [];
        for (let i = 0; i < CALIBRATION_RUNS; i++) {
          const lhr = await audit(chrome.port, `${base}/`, throttling.mobileSlow4G.cpuSlowdownMultiplier, [
            'first-contentful-paint',
          ]);
          indexes.push(lhr.environment.benchmarkIndex);
        }
        const benchmarkIndex = median(indexes);
        const slowdown = cpuSlowdownFor(benchmarkIndex);
        if (slowdown === null)
          throw new Error(`this host is too slow to emulate a phone (benchmarkIndex ${benchmarkIndex})`);
        rows.push(
          info(
            SECTION,
            'host benchmarkIndex (median)',
            Math.round(benchmarkIndex),
            '',
            indexes.map(Math.round).join(', '),
          ),
          info(
            SECTION,
            'CPU slowdown calibrated to it',
            Math.round(slowdown * 100) / 100,
            'x',
            "Lighthouse's default 4x assumes a slower host",
          ),
        );
        for (const path of paths) {
          const lhrs: Lhr[] = [];
          for (let i = 0; i < runs; i++) lhrs.push(await audit(chrome.port, `${base}${path}`, slowdown));
          lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
          const lhr = lhrs[Math.floor(lhrs.length / 2)]!;
          const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '-');
          await writeFile(join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
          for (const category of CATEGORIES) {
            const lost = losses(lhr, category);
            const note = category === 'performance' ? `${metrics(lhr)}${lost ? `; ${lost}` : ''}` : lost;
            rows.push(atLeast(SECTION, `${path} ${category}`, score(lhr, category), '/100', MIN_SCORE, note));
          }
          const tbt = median(lhrs.map((l) => l.audits['total-blocking-time']?.numericValue ?? Number.NaN));
          rows.push(
            atMost(SECTION, `${path} total blocking time`, Math.round(tbt), 'ms', MAX_TBT_MS, longTasks(lhr)),
          );
        }
      } finally {
        await chrome.kill();
      }
      return rows;
    });
  },
};

export default section;
