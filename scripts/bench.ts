/**
 * npm run bench: measures speed and size against the budgets and prints a table; writes bench-results/latest.json.
 * Sections live in scripts/bench/*.ts and are listed in SECTIONS; `npm run bench -- build js` runs only those whose
 * name contains one of the words (js, map, service-worker, data, page-weight, places, photos, latency, pagefind, lighthouse, load, insights,
 * build, bare-astro, rebuild, sync, scale). Exit code 1 when a
 * figure is over budget or a section fails (the table says which), so a script can gate on it; 0 otherwise.
 *
 * It builds what it measures from generated data (scripts/bench/site.ts: 1,000 and 10,000 listings, each size
 * once per run, in .cache/bench/) and serves it on loopback; everything is stopped and removed at the end.
 * BENCH_KEEP=1 keeps the built sites, BENCH_PROFILE=1 prints where the latency interactions spend CPU,
 * BENCH_LIGHTHOUSE_RUNS=N sets how many Lighthouse runs per page give the median (3), BENCH_LISTINGS=1000 runs the reference
 * sections (pagefind, bare-astro, rebuild) at that size instead of 10,000, and data at 1,000 only.
 *
 * The scale section (scripts/bench/scale.ts: the 50,000-listing rehearsal, most of an hour on 2 cores) runs only when
 * its name is one of the words, `npm run bench -- scale`: never in a plain `npm run bench`, nor for a word that
 * merely matches part of it. BENCH_SCALE_LISTINGS=2000 runs it at that size instead.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { type BenchRow, type BenchSection, info } from './bench/types';
import { runMain } from './lib/cli';

// In run order: sections that need the same site size share one build (scripts/bench/site.ts).
const SECTIONS: Array<() => Promise<BenchSection>> = [
  // First, on the machine as quiet as it will be, and the bare Astro reference right after the product's cold build
  // of the same listings (the 10,000-listing site is built by the build section): the ratio of two builds minutes
  // apart would measure how the host's speed drifted in between.
  () => import('./bench/build').then((m) => m.default),
  // Before rebuild, which changes the bench site's snapshot.
  () => import('./bench/bare-astro').then((m) => m.default),
  // The other builds timed against an absolute budget, while the machine is as quiet as it will be: after the
  // browser and load sections the same builds took up to 40% longer (docs/performance.md, "Sections and budgets").
  // It verifies listings and publishes reviews in the site's database; the sections after it serve the site as built.
  () => import('./bench/rebuild').then((m) => m.default),
  () => import('./bench/js').then((m) => m.default),
  () => import('./bench/map').then((m) => m.default),
  () => import('./bench/service-worker').then((m) => m.default),
  () => import('./bench/data').then((m) => m.default),
  () => import('./bench/page-weight').then((m) => m.default),
  () => import('./bench/places').then((m) => m.default),
  () => import('./bench/photos').then((m) => m.default),
  () => import('./bench/latency').then((m) => m.default),
  () => import('./bench/pagefind').then((m) => m.default),
  () => import('./bench/lighthouse').then((m) => m.default),
  () => import('./bench/load').then((m) => m.default),
  // Needs no site: a database of its own (D35).
  () => import('./bench/insights').then((m) => m.default),
  () => import('./bench/sync').then((m) => m.default),
  // Only when asked for by name (ON_REQUEST).
  () => import('./bench/scale').then((m) => m.default),
];

/** Sections too long for every run: they run only when their exact name is among the words. */
const ON_REQUEST = new Set(['scale']);

function table(rows: BenchRow[]): string {
  const lines = rows.map((r) => [
    r.section,
    r.name,
    `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`,
    r.budget || '-',
    r.ok === null ? 'info' : r.ok ? 'ok' : 'OVER',
    r.note ?? '',
  ]);
  const head = ['section', 'figure', 'value', 'budget', 'status', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

runMain(async () => {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  // Timings depend on what else the machine runs: the load average says how busy it was.
  const machine = (when: string) =>
    info(
      'machine',
      `load average (1 min) ${when}`,
      Math.round(loadavg()[0]! * 100) / 100,
      '',
      `${cpus().length} CPUs`,
    );
  const rows: BenchRow[] = [machine('at start')];
  for (const load of SECTIONS) {
    const section = await load();
    if (
      ON_REQUEST.has(section.name)
        ? !only.includes(section.name)
        : only.length && !only.some((w) => section.name.includes(w))
    )
      continue;
    console.log(`▸ bench: ${section.name}...`);
    try {
      rows.push(...(await section.run()));
    } catch (error) {
      console.error(`  ${section.name} failed: ${error instanceof Error ? error.message : error}`);
      rows.push({ section: section.name, name: 'error', value: 0, unit: '', budget: 'runs', ok: false });
    }
  }
  rows.push(machine('at end'));
  console.log(`\n${table(rows)}\n`);
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  const over = rows.filter((r) => r.ok === false).length;
  console.log(over ? `${over} figure(s) over budget` : 'All figures within budget');
  // Servers, browsers and databases are closed by their sections; this also removes the temp sites (site.ts).
  // A figure over budget (or a section that failed) makes the run fail, so a script can rely on it.
  process.exit(over ? 1 : 0);
});
