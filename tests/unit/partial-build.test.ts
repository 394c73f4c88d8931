import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  digest,
  endPartialBuild,
  keyedPaths,
  startPartialBuild,
  writtenPaths,
} from '../../src/build/partial-build';

const paths = [
  { params: { slug: 'a' }, props: { name: 'A' } },
  { params: { slug: 'b' }, props: { name: 'B' } },
  { params: { slug: 'c' }, props: { name: 'C' } },
];
const file = (p: { params: { slug: string } }) => `listings/${p.params.slug}.html`;
const slugs = (kept: typeof paths) => kept.map((p) => p.params.slug);

describe('keyedPaths: which pages a build renders', () => {
  let site: string | null = null;
  afterEach(() => {
    endPartialBuild();
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
    return startPartialBuild({ siteDir: site, routes });
  }

  it('renders every path outside a build (astro dev, astro check) and in a build without a previous site', () => {
    expect(slugs(keyedPaths('listing', paths, file))).toEqual(['a', 'b', 'c']);
    const state = startPartialBuild(null);
    expect(slugs(keyedPaths('listing', paths, file))).toEqual(['a', 'b', 'c']);
    expect(state.carried.size).toBe(0);
    expect(Object.keys(state.next.listing ?? {})).toHaveLength(3);
  });

  it('leaves out the paths whose key and file are unchanged, and carries their files', () => {
    const state = previous(
      { a: digest({ name: 'A' }), b: digest({ name: 'old B' }), c: digest({ name: 'C' }) },
      ['a', 'b', 'c'],
    );
    expect(slugs(keyedPaths('listing', paths, file))).toEqual(['b']);
    expect([...state.carried].sort()).toEqual(['listings/a.html', 'listings/c.html']);
  });

  it('renders a path new to this build, and one whose file is missing from the previous site', () => {
    const state = previous({ a: digest({ name: 'A' }), b: digest({ name: 'B' }) }, ['b']);
    expect(slugs(keyedPaths('listing', paths, file))).toEqual(['a', 'c']);
    expect([...state.carried]).toEqual(['listings/b.html']);
  });

  it('uses the key a route gives (what the page shows beyond its props)', () => {
    const state = previous({ a: 'v1', b: 'v1', c: 'v1' }, ['a', 'b', 'c']);
    const kept = keyedPaths('listing', paths, file, (p) => (p.params.slug === 'c' ? 'v2' : 'v1'));
    expect(slugs(kept)).toEqual(['c']);
    expect(state.next.listing).toEqual({
      'listings/a.html': 'v1',
      'listings/b.html': 'v1',
      'listings/c.html': 'v2',
    });
  });
});

describe('writtenPaths: files a build writes without rendering them', () => {
  afterEach(() => endPartialBuild());
  const body = (p: (typeof paths)[number]) => JSON.stringify(p.props);
  const json = (p: (typeof paths)[number]) => `data/${p.params.slug}.json`;

  it('returns every path outside a build (astro dev serves them through the route)', () => {
    expect(slugs(writtenPaths(paths, json, body))).toEqual(['a', 'b', 'c']);
  });

  it('hands the files to the build and leaves Astro no path to render', () => {
    const state = startPartialBuild(null);
    expect(writtenPaths(paths, json, body)).toEqual([]);
    expect(state.written.get('data/b.json')).toBe('{"name":"B"}');
    expect(state.writing).toHaveLength(0);
  });

  it('writes them into the output folder in the background when it is known', async () => {
    const out = mkdtempSync(join(tmpdir(), 'written-paths-'));
    try {
      const state = startPartialBuild(null, out);
      writtenPaths(paths, json, body);
      await Promise.all(state.writing);
      expect(readFileSync(join(out, 'data/c.json'), 'utf8')).toBe('{"name":"C"}');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
