/**
 * JavaScript shipped per page type, gzipped: what a built page loads by itself. The entries are read from the
 * HTML (inline scripts, script src, modulepreload links, each island's component and renderer), then every static
 * import is followed. Dynamic imports (loaded later, on demand) are reported beside the figure, not in it.
 */
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'js';
export const KB = 1024;

/** Size of text as a server sends it compressed (gzip, default level, one file at a time). */
export const gzipBytes = (text: string | Buffer) => gzipSync(text).length;

export interface PageJs {
  /** Gzipped bytes of everything loaded up front (inline scripts + the static import graph). */
  gzip: number;
  raw: number;
  /** Per file (inline scripts as one entry), largest first. */
  files: Array<{ name: string; gzip: number }>;
  /** Gzipped bytes only reachable through dynamic import(): loaded on demand. */
  lazyGzip: number;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The page's entry modules (site-absolute paths) and inline script bodies. */
export function pageEntries(html: string): { modules: string[]; inline: string[] } {
  const modules = new Set<string>();
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs = '', body = ''] = m;
    // JSON-LD and other data blocks are not executed.
    const type = attr(attrs, 'type');
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    const src = attr(` ${attrs}`, 'src');
    if (src) modules.add(src);
    else if (body.trim()) inline.push(body);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (attr(m[0], 'rel') === 'modulepreload') {
      const href = attr(m[0], 'href');
      if (href) modules.add(href);
    }
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(m[0], name);
      if (url) modules.add(url);
    }
  }
  return { modules: [...modules].map((u) => new URL(u, 'http://site/').pathname), inline };
}

/** Static and dynamic import specifiers of a (minified) ES module. */
export function moduleImports(code: string): { static: string[]; dynamic: string[] } {
  const staticImports = [
    ...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g),
    ...code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'`]([^"'`]+)["'`]/g),
  ].map((m) => m[1] ?? '');
  const dynamic = [...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1] ?? '');
  return { static: staticImports, dynamic };
}

/** Measures the JavaScript one built page (a path relative to siteDir) loads. */
export async function measurePageJs(siteDir: string, htmlFile: string): Promise<PageJs> {
  const html = await readFile(join(siteDir, htmlFile), 'utf8');
  const { modules, inline } = pageEntries(html);
  const cache = new Map<string, { code: string; gzip: number }>();
  const load = async (path: string) => {
    let file = cache.get(path);
    if (!file) {
      const code = await readFile(join(siteDir, decodeURIComponent(path)), 'utf8');
      file = { code, gzip: gzipBytes(code) };
      cache.set(path, file);
    }
    return file;
  };
  const resolve = (spec: string, from: string) => new URL(spec, `http://site${from}`).pathname;

  // Walks the static graph from the entries; dynamic imports are collected for a second walk.
  const walk = async (roots: string[], seen: Set<string>) => {
    const dynamic: string[] = [];
    const queue = [...roots];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const { code } = await load(path);
      const imports = moduleImports(code);
      queue.push(...imports.static.map((s) => resolve(s, path)));
      dynamic.push(...imports.dynamic.map((s) => resolve(s, path)));
    }
    return dynamic;
  };

  const eager = new Set<string>();
  const inlineDynamic: string[] = [];
  const inlineStatic: string[] = [];
  for (const body of inline) {
    const imports = moduleImports(body);
    inlineStatic.push(...imports.static.map((s) => resolve(s, `/${htmlFile}`)));
    inlineDynamic.push(...imports.dynamic.map((s) => resolve(s, `/${htmlFile}`)));
  }
  const dynamic = await walk([...modules, ...inlineStatic], eager);
  const lazy = new Set<string>();
  let pending = [...inlineDynamic, ...dynamic].filter((p) => !eager.has(p));
  while (pending.length > 0) {
    const more = await walk(pending, lazy);
    pending = more.filter((p) => !eager.has(p) && !lazy.has(p));
  }
  for (const p of eager) lazy.delete(p);

  const files = [...eager].map((p) => ({ name: p.replace(/^\/_astro\//, ''), gzip: cache.get(p)!.gzip }));
  if (inline.length > 0) files.push({ name: `${inline.length} inline`, gzip: gzipBytes(inline.join('\n')) });
  files.sort((a, b) => b.gzip - a.gzip);
  const raw =
    [...eager].reduce((sum, p) => sum + Buffer.byteLength(cache.get(p)!.code), 0) +
    Buffer.byteLength(inline.join('\n'));
  return {
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    raw,
    files,
    lazyGzip: [...lazy].reduce((sum, p) => sum + cache.get(p)!.gzip, 0),
  };
}

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** The page types the issue budgets, and the built file standing for each. */
async function pages(siteDir: string) {
  const listings = (await readdir(join(siteDir, 'listings'))).filter((f) => f.endsWith('.html')).sort();
  const listing = listings[0] ? `listings/${listings[0]}` : 'listings/(none).html';
  return [
    { name: 'static /about', file: 'about.html', max: 5 },
    { name: 'static /privacy', file: 'privacy.html', max: 5 },
    { name: `listing /${listing.replace(/\.html$/, '')}`, file: listing, max: 5 },
    { name: 'landing / (home)', file: 'index.html', max: 85 },
    { name: 'landing /glamping-california', file: 'glamping-california.html', max: 85 },
    { name: 'landing /yurts', file: 'yurts.html', max: 85 },
    { name: 'browse /browse', file: 'browse.html', max: 85 },
    { name: 'form /list-property', file: 'list-property.html', max: 90 },
    { name: 'form /contact', file: 'contact.html', max: 90 },
  ];
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(1000);
    const rows: BenchRow[] = [];
    for (const page of await pages(site.siteDir)) {
      if (!(await exists(join(site.siteDir, page.file)))) {
        rows.push(info(SECTION, page.name, 0, 'KB', 'no such page in the build'));
        continue;
      }
      const js = await measurePageJs(site.siteDir, page.file);
      const parts = js.files
        .slice(0, 4)
        .map((f) => `${f.name} ${kb(f.gzip)}`)
        .join(' + ');
      const rest = js.files.length > 4 ? ` + ${js.files.length - 4} more` : '';
      const lazy = js.lazyGzip ? `; +${kb(js.lazyGzip)} KB lazy` : '';
      rows.push(atMost(SECTION, page.name, kb(js.gzip), 'KB', page.max, `${parts}${rest}${lazy}`));
    }
    return rows;
  },
};

export default section;
