/**
 * Full build time: the whole site built from a fresh embedded database holding 1,000 and 10,000 verified
 * listings, and the wall time per HTML page. Uses the bench's shared sites (scripts/bench/site.ts), so a size another
 * section already built is not built twice. At the reference size (10,000) the figures judged are the medians of the
 * three cold builds of scripts/bench/cold-builds.ts, measured here, right after the site's own. Notes give the
 * build's CPU time beside the wall time: on a machine shared with other work the wall time measures the neighbours
 * too.
 */
import { availableParallelism, loadavg } from 'node:os';
import { coldBuildRounds, eachRound, medianOf } from './cold-builds';
import { benchSite, REFERENCE_LISTINGS } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'build';
const RENDER_NOTE = 'page generation phase / HTML pages (JSON files included in the time)';
const renderPerPage = (site: { renderMs: number | null; pages: number }) =>
  (site.renderMs ?? Number.NaN) / site.pages;
const SIZES = [1_000, 10_000];

const section: BenchSection = {
  name: SECTION,
  async run() {
    const rows: BenchRow[] = [];
    for (const listings of SIZES) {
      const site = await benchSite(listings);
      const label = `${listings.toLocaleString('en-US')} listings`;
      const load = `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
      const pages = `${site.pages.toLocaleString('en-US')} HTML pages (+ a JSON file per listing)`;
      if (listings !== 10_000) {
        // At 1,000 the phase's fixed costs (the routes' getStaticPaths, the content store loaded, the writer thread
        // started) and the landing pages (their cards rendered by React) weigh on fewer pages: printed, not judged.
        const cpu = `CPU ${(site.buildCpuMs / 1000).toFixed(1)} s, ${load}`;
        rows.push(
          info(SECTION, `full build, ${label}`, site.buildMs / 1000, 's', `${pages}; ${cpu}`),
          info(SECTION, `render time per page, ${label}`, renderPerPage(site), 'ms', RENDER_NOTE),
        );
        continue;
      }
      // The budgets are at 10,000 listings, on the median of three cold builds when that is the reference size.
      const builds =
        REFERENCE_LISTINGS === listings
          ? (await coldBuildRounds()).product
          : [{ ms: site.buildMs, cpuMs: site.buildCpuMs, renderMs: site.renderMs, pages: site.pages }];
      const of = builds.length > 1 ? ` (median of ${builds.length})` : '';
      const walls = builds.map((b) => b.ms / 1000);
      const renders = builds.map(renderPerPage);
      const cpus = builds.map((b) => b.cpuMs / 1000);
      rows.push(
        atMost(
          SECTION,
          `full build, ${label}${of}`,
          medianOf(walls),
          's',
          60,
          [`builds ${eachRound(walls, 1)} s`, pages, `CPU ${eachRound(cpus, 1)} s, ${load}`].join('; '),
        ),
        atMost(
          SECTION,
          `render time per page, ${label}${of}`,
          medianOf(renders),
          'ms',
          3,
          `builds ${eachRound(renders, 2)} ms; ${RENDER_NOTE}`,
        ),
      );
    }
    return rows;
  },
};

export default section;
