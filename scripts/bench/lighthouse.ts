/**
 * Lighthouse (mobile emulation, simulated throttling: its defaults) driving the browser tests' Chromium
 * (scripts/lib/chromium.ts) through chrome-launcher, on /, /browse, /glamping-california and one listing page of
 * the 10,000-listing site. Each page gets its four category scores; the note names what cost points.
 * BENCH_LIGHTHOUSE_RUNS=3 runs each page three times and keeps the run with the median Performance score. Full
 * reports go to bench-results/lighthouse/.
 * Responses are gzipped, as Netlify serves them (the local server compresses text like Netlify's CDN).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, resolveChromium } from '../lib/chromium';
import { benchSite, withServedSite } from './site';
import { atLeast, type BenchRow, type BenchSection } from './types';

const SECTION = 'lighthouse';
const LISTINGS = 10_000;
const MIN_SCORE = 95;
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

async function audit(port: number, url: string): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 1);
    const site = await benchSite(LISTINGS);
    const listing = (await readdir(join(site.siteDir, 'listings')))
      .filter((f) => f.endsWith('.html'))
      .sort()[0];
    const paths = ['/', '/browse', '/glamping-california', `/listings/${listing?.replace(/\.html$/, '')}`];
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
        for (const path of paths) {
          const lhrs: Lhr[] = [];
          for (let i = 0; i < runs; i++) lhrs.push(await audit(chrome.port, `${base}${path}`));
          lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
          const lhr = lhrs[Math.floor(lhrs.length / 2)]!;
          const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '-');
          await writeFile(join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
          for (const category of CATEGORIES) {
            const lost = losses(lhr, category);
            const note = category === 'performance' ? `${metrics(lhr)}${lost ? `; ${lost}` : ''}` : lost;
            rows.push(atLeast(SECTION, `${path} ${category}`, score(lhr, category), '/100', MIN_SCORE, note));
          }
        }
      } finally {
        await chrome.kill();
      }
      return rows;
    });
  },
};

export default section;
