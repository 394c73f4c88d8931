/**
 * The HTML of the pages that show the browse view (home, /browse, every state and type landing page and their later
 * pages) at 10,000 listings, each page kind against one budget: the served HTML lists a page's first results and
 * hydrates the browse island with them (D11), which must stay light for phones (docs/performance.md, "Page weight").
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipBytes, KB } from './js';
import { atMost, type BenchRow } from './types';

/** Budget for every page that shows the browse view, whatever the number of listings (KB of 1,024 bytes). */
export const BROWSE_PAGE_MAX_KB = 60;

/** The pages measured one by one: one of each kind. */
const NAMED = [
  { name: 'home', file: 'index.html' },
  { name: '/browse', file: 'browse.html' },
  { name: 'state page /glamping-california', file: 'glamping-california.html' },
  { name: 'type page /yurts', file: 'yurts.html' },
  { name: 'later page /yurts/2', file: join('yurts', '2.html') },
];

/** A page shows the browse view when it hydrates the browse island. */
const isBrowsePage = (html: string) => /component-url="[^"]*\/BrowseApp\.[^"]*\.js"/.test(html);

/** Every built page at the top of the site or one folder down (a landing page's later pages: /yurts/2). */
async function pageFiles(siteDir: string): Promise<string[]> {
  const top = await readdir(siteDir, { withFileTypes: true });
  const files = top.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => e.name);
  for (const dir of top.filter((e) => e.isDirectory() && !e.name.startsWith('_'))) {
    const inside = await readdir(join(siteDir, dir.name));
    files.push(...inside.filter((f) => /^\d+\.html$/.test(f)).map((f) => join(dir.name, f)));
  }
  return files;
}

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

export async function browsePageRows(
  section: string,
  siteDir: string,
  listings: number,
): Promise<BenchRow[]> {
  const at = `@${listings.toLocaleString('en-US')}`;
  const rows: BenchRow[] = [];
  for (const page of NAMED) {
    const html = await readFile(join(siteDir, page.file));
    rows.push(
      atMost(
        section,
        `${page.name} HTML ${at}`,
        kb(html.length),
        'KB',
        BROWSE_PAGE_MAX_KB,
        `${kb(gzipBytes(html))} KB gzipped`,
      ),
    );
  }
  let heaviest = { file: '', bytes: 0 };
  let count = 0;
  for (const file of await pageFiles(siteDir)) {
    const html = await readFile(join(siteDir, file));
    if (!isBrowsePage(html.toString('utf8'))) continue;
    count++;
    if (html.length > heaviest.bytes) heaviest = { file, bytes: html.length };
  }
  rows.push(
    atMost(
      section,
      `heaviest browse page HTML ${at}`,
      kb(heaviest.bytes),
      'KB',
      BROWSE_PAGE_MAX_KB,
      `${heaviest.file}, of ${count} pages showing the browse view`,
    ),
  );
  return rows;
}
