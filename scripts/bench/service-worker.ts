/**
 * The installable app's service worker (docs/saved-searches.md, "The installable app"): its size, the app shell it
 * precaches, and what it adds to a first visit. Budget: nothing before the page's load event (the layout's script
 * registers it once the page has loaded and then had no input for a few seconds, and the precache downloads only
 * then).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium';
import { gzipBytes, KB } from './js';
import { benchSite, withServedSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'service-worker';
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** The precache list Serwist wrote into sw.js: each URL once. */
const precached = (sw: string) => [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];

/** A precached URL's file in the built site (`/offline` is offline.html). */
const fileOf = (url: string) => (/\.[a-z0-9]+$/.test(url) ? url : `${url}.html`);

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(1000);
    const sw = await readFile(join(site.siteDir, 'sw.js'), 'utf8');
    const shell = precached(sw);
    let shellBytes = 0;
    for (const url of shell) shellBytes += gzipBytes(await readFile(join(site.siteDir, fileOf(url))));
    const worker = new Set(['/sw.js', ...shell]);
    const visit = await withServedSite(site, async (url) => {
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        let loaded = false;
        const before: string[] = [];
        const after: string[] = [];
        // What the worker adds: its script and the requests it makes itself (its precache), by when they started,
        // before or after the page's load event. The page's own stylesheet and scripts are in the precache list
        // too, but the page loads them with or without a worker: they are not counted.
        context.on('request', (r) => {
          const path = new URL(r.url()).pathname;
          const byWorker = path === '/sw.js' || r.serviceWorker() !== null;
          if (byWorker && worker.has(path)) (loaded ? after : before).push(path);
        });
        await page.goto(`${url}/`, { waitUntil: 'load' });
        loaded = true;
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        return { before, after };
      } finally {
        await browser.close();
      }
    });
    let beforeBytes = 0;
    for (const path of visit.before)
      beforeBytes += gzipBytes(await readFile(join(site.siteDir, fileOf(path))));
    return [
      info(
        SECTION,
        'sw.js (Serwist runtime and routes)',
        kb(gzipBytes(sw)),
        'KB',
        `gzipped; ${kb(sw.length)} KB raw`,
      ),
      info(SECTION, 'app shell precached after load', kb(shellBytes), 'KB', `gzipped, ${shell.length} files`),
      atMost(
        SECTION,
        'worker bytes before the load event (first visit)',
        kb(beforeBytes),
        'KB',
        0,
        `${visit.before.length} requests before load, ${visit.after.length} after (registration and precache)`,
      ),
    ];
  },
};

export default section;
