import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endBuild, startBuild } from '../../src/build/incremental/state';
import { digest, type KeyedPath, keyedStaticPaths } from '../../src/build/incremental/static-paths';
import { type BuildSummary, parseSummary, summaryLine } from '../../src/build/incremental/summary';

const paths = [
  { params: { slug: 'a' }, props: { name: 'A' } },
  { params: { slug: 'b' }, props: { name: 'B' } },
  { params: { slug: 'c' }, props: { name: 'C' } },
];
const file = (p: { params: { slug?: string } }) => `listings/${p.params.slug}.html`;
const slugs = (kept: Array<{ params: { slug?: string } }>) => kept.map((p) => p.params.slug);
/** A listing route's getStaticPaths, as a page file declares it. */
const listingRoute = <P extends KeyedPath>(given: P[]) =>
  keyedStaticPaths({ route: 'listing', file, paths: () => given });

describe('keyedStaticPaths: which pages a build renders', () => {
  let site: string | null = null;
  afterEach(() => {
    endBuild();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  /** A previous site holding files for these slugs, with the keys of the given props. */
  function previous(keys: Record<string, string>, present: string[]) {
    site = mkdtempSync(join(tmpdir(), 'partial-build-'));
    mkdirSync(join(site, 'listings'));
    for (const slug of present) writeFileSync(join(site, `listings/${slug}.html`), slug);
    const routes = {
      listing: Object.fromEntries(Object.entries(keys).map(([s, k]) => [`listings/${s}.html`, k])),
    };
    return startBuild({ siteDir: site, routes });
  }

  it('renders every path outside a build (astro dev, astro check) and in a build without a previous site', async () => {
    expect(slugs(await listingRoute(paths)())).toEqual(['a', 'b', 'c']);
    const state = startBuild(null);
    expect(slugs(await listingRoute(paths)())).toEqual(['a', 'b', 'c']);
    expect(state.carried.size).toBe(0);
    expect(Object.keys(state.next.listing ?? {})).toHaveLength(3);
  });

  it('leaves out the paths whose key and file are unchanged, and carries their files', async () => {
    const state = previous(
      { a: digest({ name: 'A' }), b: digest({ name: 'old B' }), c: digest({ name: 'C' }) },
      ['a', 'b', 'c'],
    );
    expect(slugs(await listingRoute(paths)())).toEqual(['b']);
    expect([...state.carried].sort()).toEqual(['listings/a.html', 'listings/c.html']);
  });

  it('renders a path new to this build, and one whose file is missing from the previous site', async () => {
    const state = previous({ a: digest({ name: 'A' }), b: digest({ name: 'B' }) }, ['b']);
    expect(slugs(await listingRoute(paths)())).toEqual(['a', 'c']);
    expect([...state.carried]).toEqual(['listings/b.html']);
  });

  it('uses the key a path gives (what the page shows beyond its props), and hands Astro the path without it', async () => {
    const state = previous({ a: 'v1', b: 'v1', c: 'v1' }, ['a', 'b', 'c']);
    const kept = await listingRoute(paths.map((p) => ({ ...p, key: p.params.slug === 'c' ? 'v2' : 'v1' })))();
    expect(kept).toEqual([{ params: { slug: 'c' }, props: { name: 'C' } }]);
    expect(state.next.listing).toEqual({
      'listings/a.html': 'v1',
      'listings/b.html': 'v1',
      'listings/c.html': 'v2',
    });
  });
});

describe('keyedStaticPaths with `codeOnly`: routes made from code alone', () => {
  let site: string | null = null;
  afterEach(() => {
    endBuild();
    if (site) rmSync(site, { recursive: true, force: true });
  });
  let calls = 0;
  const pieces = () =>
    keyedStaticPaths({
      route: 'piece',
      file: (p) => `data/${p.params.slug}.json`,
      write: (p) => JSON.stringify(p.props),
      codeOnly: true,
      paths: () => {
        calls++;
        return paths;
      },
    });
  /** A previous site with the files of these slugs, and the keys its build recorded for all three. */
  function previous(present: string[]) {
    site = mkdtempSync(join(tmpdir(), 'code-only-'));
    mkdirSync(join(site, 'data'));
    for (const slug of present) writeFileSync(join(site, `data/${slug}.json`), slug);
    const keys = Object.fromEntries(paths.map((p) => [`data/${p.params.slug}.json`, digest(p.props)]));
    return { state: startBuild({ siteDir: site, routes: { piece: keys } }), keys };
  }

  it('carries every file of the previous build without making its paths, and keeps their keys', async () => {
    calls = 0;
    const { state, keys } = previous(['a', 'b', 'c']);
    expect(await pieces()()).toEqual([]);
    expect(calls).toBe(0);
    expect(state.written.size).toBe(0);
    expect([...state.carried].sort()).toEqual(['data/a.json', 'data/b.json', 'data/c.json']);
    expect(state.next.piece).toEqual(keys);
  });

  it('makes them when a file is missing from the previous site, or in a build with no previous site', async () => {
    calls = 0;
    const { state } = previous(['a', 'c']);
    await pieces()();
    expect(calls).toBe(1);
    expect([...state.written.keys()]).toEqual(['data/b.json']);
    endBuild();
    const full = startBuild(null);
    await pieces()();
    expect(calls).toBe(2);
    expect(full.written.size).toBe(3);
  });
});

describe('keyedStaticPaths with `write`: files a build writes without rendering them', () => {
  afterEach(() => endBuild());
  const written = () =>
    keyedStaticPaths({
      route: 'detail',
      file: (p) => `data/${p.params.slug}.json`,
      write: (p) => JSON.stringify(p.props),
      paths: () => paths,
    });

  it('returns every path outside a build (astro dev serves them through the route)', async () => {
    expect(slugs(await written()())).toEqual(['a', 'b', 'c']);
  });

  it('hands the files to the build and leaves Astro no path to render', async () => {
    const state = startBuild(null);
    expect(await written()()).toEqual([]);
    expect(state.written.get('data/b.json')).toBe('{"name":"B"}');
    expect(state.writing).toHaveLength(0);
  });

  it('writes them into the output folder from the writer thread when the folder is known', async () => {
    const out = mkdtempSync(join(tmpdir(), 'written-paths-'));
    try {
      const state = startBuild(null, out, join(out, 'kept'));
      await written()();
      await Promise.all(state.writing);
      expect(readFileSync(join(out, 'data/c.json'), 'utf8')).toBe('{"name":"C"}');
      // Linked into the copy of the site a full build keeps for the next one.
      expect(readFileSync(join(out, 'kept/data/c.json'), 'utf8')).toBe('{"name":"C"}');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

/**
 * Every route with many paths declares them through keyedStaticPaths (docs/incremental-build.md): a route that
 * built its paths another way would be rendered by every build, or, worse, carried with a key that misses what it
 * shows. The routes below have few paths and are rendered in full by every build, for the reason given.
 */
const RENDERED_EVERY_BUILD: Record<string, { why: string; paths: () => number }> = {
  'blog/[slug].astro': {
    why: 'one page per article of src/content/blog, part of the code: a handful, rendered by every build',
    paths: () => readdirSync('src/content/blog').filter((f) => f.endsWith('.md')).length,
  },
  'sitemap-listings-[part].xml.ts': {
    why: 'the later parts of the dated sitemap, 45,000 pages each: none until the directory outgrows one, rendered by every build so that src/build/sitemap-parts.mjs finds them all',
    // 10,000 listings and their landing pages fit the first part.
    paths: () => 0,
  },
};

describe('routes with many paths', () => {
  const pages = readdirSync('src/pages', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(astro|ts)$/.test(f))
    .map((f) => ({ route: f, text: readFileSync(join('src/pages', f), 'utf8') }))
    .filter((p) => /\bgetStaticPaths\b/.test(p.text));

  it('declare their paths with keyedStaticPaths, each under a route name of its own', () => {
    const unkeyed = pages
      .filter((p) => !/export const getStaticPaths = keyedStaticPaths\(\{/.test(p.text))
      .map((p) => p.route)
      .filter((route) => !(route in RENDERED_EVERY_BUILD));
    expect(unkeyed, 'routes whose getStaticPaths is not keyedStaticPaths({...})').toEqual([]);
    const names = pages.flatMap((p) => /keyedStaticPaths\(\{\s*route: '([^']+)'/.exec(p.text)?.[1] ?? []);
    expect(names.length).toBe(pages.length - Object.keys(RENDERED_EVERY_BUILD).length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are the only ones rendered by every build: the others stay few', () => {
    for (const [route, { paths }] of Object.entries(RENDERED_EVERY_BUILD)) {
      expect(
        pages.some((p) => p.route === route),
        `${route} has a getStaticPaths`,
      ).toBe(true);
      expect(paths(), `paths of ${route} at 10,000 listings`).toBeLessThanOrEqual(100);
    }
  });
});

describe("the build's summary line", () => {
  it('says how many of the rendered files are copies of public/ and _astro/, and reads back as written', () => {
    const summary: BuildSummary = {
      mode: 'incremental',
      rendered: 131,
      copied: 74,
      changed: 7,
      removed: 0,
      carried: 3428,
      total: 3559,
    };
    const line = summaryLine(summary);
    expect(line).toContain('rendered 131 files (74 copied from public/ and _astro/)');
    expect(parseSummary(`[incremental-site] ${line}\n`)).toEqual(summary);
  });
});
