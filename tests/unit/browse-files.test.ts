import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { covers, type LoadedFiles } from '../../src/domain/browse-coverage';
import { toBrowseListing } from '../../src/domain/browse-data';
import { browsePositions, decodeBrowseData } from '../../src/domain/browse-decode';
import { encodeBrowseData } from '../../src/domain/browse-encode';
import {
  type BrowseFile,
  browseFileName,
  browseFileUrl,
  filesCover,
  scopeFile,
} from '../../src/domain/browse-files';
import { allBrowseFiles, CARRIED_MAX, encodeBrowseFile, partSizes } from '../../src/domain/browse-parts';
import { DEFAULT_FILTERS } from '../../src/domain/schemas/filters';
import { searchListings } from '../../src/domain/search';
import { sampleListings } from './sample-listings';

// 10,000 generated listings take seconds on a busy machine: a generous limit, as speed is the bench's to check.
const HEAVY = { timeout: 60_000 };

const all = sampleListings().map(toBrowseListing);
const part = (index: number): BrowseFile => ({ kind: 'part', index });

describe('partSizes', () => {
  it('starts small and doubles up to 2,000 rows, covering every listing once', () => {
    expect(partSizes(10_000)).toEqual([900, 1800, 2000, 2000, 2000, 1300]);
    expect(partSizes(1200)).toEqual([900, 300]);
    expect(partSizes(30_000)).toEqual([900, 1800, ...Array(13).fill(2000), 1300]);
    expect(partSizes(899)).toEqual([899]);
    expect(partSizes(0)).toEqual([0]);
  });
});

describe('browse files', () => {
  it('are named by part, state slug and type slug under /data/browse', () => {
    expect(browseFileUrl(part(0))).toBe('/data/browse/part-0.json');
    expect(browseFileName({ kind: 'state', state: 'New York' })).toBe('state-new-york');
    expect(browseFileName({ kind: 'type', type: 'Domes (Geodomes)' })).toBe('type-domes-geodomes');
    const names = allBrowseFiles(10_000).map(browseFileName);
    expect(names).toHaveLength(6 + 50 + 18);
    expect(new Set(names).size).toBe(names.length);
  });

  it("split the whole set into parts that decode back to it, in order, with the first part's dictionaries", () => {
    const first = encodeBrowseFile(all, part(0));
    const shared = { dict: first.dict!, places: first.places! };
    const decoded = partSizes(all.length).flatMap((_, i) => {
      const data = JSON.parse(JSON.stringify(encodeBrowseFile(all, part(i))));
      expect(data.total).toBe(all.length);
      // Dictionaries travel once: later parts point into the first part's.
      expect('dict' in data, `part ${i}`).toBe(i === 0);
      if (i > 0) expect(() => decodeBrowseData(data)).toThrow();
      return decodeBrowseData(data, shared).map((l, k) => ({ l, at: browsePositions(data)[k] }));
    });
    expect(decoded.map((d) => d.at)).toEqual(all.map((_, i) => i));
    expect(decoded.map((d) => d.l)).toEqual(all);
  });

  it("hold a state's or a type's listings with their places in the whole set", () => {
    const maine = encodeBrowseFile(all, { kind: 'state', state: 'Maine' });
    const expected = all.flatMap((l, i) => (l.state === 'Maine' ? [i] : []));
    expect(expected.length).toBeGreaterThan(0);
    expect(browsePositions(maine)).toEqual(expected);
    expect(decodeBrowseData(maine)).toEqual(expected.map((i) => all[i]));
    const yurts = encodeBrowseFile(all, { kind: 'type', type: 'Yurts' });
    expect(decodeBrowseData(yurts).every((l) => l.accommodation_type === 'Yurts')).toBe(true);
    expect(decodeBrowseData(yurts)).toHaveLength(all.filter((l) => l.accommodation_type === 'Yurts').length);
  });

  it(
    'carry in the first part the later listings only rare characters find, and leave them out of their parts’ alphabets',
    HEAVY,
    () => {
      // Four parts (900, 1,800, 2,000, 300): a character in one part only is rare. Two listings of later parts get
      // characters no other listing has; more listings than the first part may carry get a third one.
      const base = sampleListings({ verified: 5_000, pending: 0, rejected: 0 }).map(toBrowseListing);
      expect(partSizes(base.length)).toHaveLength(4);
      const rename = (i: number, mark: string) => ({
        ...base[i]!,
        property_name: `${base[i]!.property_name} ${mark}`,
      });
      const crowd = new Set(Array.from({ length: CARRIED_MAX + 1 }, (_, k) => 3_000 + k));
      const big = base.map((l, i) =>
        i === 1_500 ? rename(i, 'Nº ß') : i === 4_900 ? rename(i, 'æ') : crowd.has(i) ? rename(i, 'ø') : l,
      );
      const files = partSizes(big.length).map((_, i) =>
        JSON.parse(JSON.stringify(encodeBrowseFile(big, part(i)))),
      );
      const shared = { dict: files[0].dict, places: files[0].places };
      // The first part holds its own 900 listings and the two rare ones, and decoding every part, a listing once,
      // gives the whole set back.
      expect(browsePositions(files[0])).toEqual([...Array.from({ length: 900 }, (_, i) => i), 1_500, 4_900]);
      const merged: unknown[] = [];
      for (const data of files) {
        decodeBrowseData(data, shared).forEach((l, k) => {
          merged[browsePositions(data)[k]!] ??= l;
        });
      }
      expect(merged).toEqual(big);
      // Later parts' alphabets leave out the carried listings: the first part alone covers a rare character's
      // matches, and holds all of them; a character in too many listings still needs its part.
      const alphabets: string[] = files[0].partAlphabets;
      expect(alphabets[1]).not.toContain('ß');
      expect(alphabets[3]).not.toContain('æ');
      expect(alphabets[2]).toContain('ø');
      const loaded: LoadedFiles = {
        files: new Set(['part-0']),
        wholeSet: false,
        alphabet: files[0].alphabet,
        partAlphabets: alphabets,
        areas: null,
      };
      const first = decodeBrowseData(files[0]);
      for (const location of ['ß', 'æ', 'nº ß']) {
        const filters = { ...DEFAULT_FILTERS, location };
        expect(covers(loaded, filters, null), location).toBe(true);
        expect(searchListings(first, filters, {})).toEqual(searchListings(big, filters, {}));
        expect(searchListings(first, filters, {})).toHaveLength(1);
      }
      expect(covers(loaded, { ...DEFAULT_FILTERS, location: 'ø' }, null)).toBe(false);
    },
  );

  it(
    'keep the first part of 10,000 listings near 40 KB gzipped, and the parts about as heavy as one file',
    HEAVY,
    () => {
      const big = sampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map(toBrowseListing);
      const gz = (file: BrowseFile) => gzipSync(JSON.stringify(encodeBrowseFile(big, file))).length;
      expect(gz(part(0))).toBeLessThanOrEqual(42 * 1024);
      const parts = partSizes(big.length).reduce((sum, _, i) => sum + gz(part(i)), 0);
      const one = gzipSync(JSON.stringify(encodeBrowseData(big))).length;
      expect(parts / one).toBeLessThanOrEqual(1.1);
      // The largest state's file: 32 KB before each row carried its verified month and facts, 35 KB with the rating
      // column (docs/reviews.md) and sample names that are all different.
      expect(gz({ kind: 'state', state: 'California' })).toBeLessThanOrEqual(36 * 1024);
    },
  );
});

describe('scopeFile / filesCover', () => {
  it("names the chosen state's file, else the chosen type's, else none (the whole set)", () => {
    expect(scopeFile(DEFAULT_FILTERS)).toBeNull();
    expect(scopeFile({ ...DEFAULT_FILTERS, location: 'Lake', setting: 'Forest' })).toBeNull();
    expect(scopeFile({ ...DEFAULT_FILTERS, state: 'Utah', accommodationType: 'Yurts' })).toEqual({
      kind: 'state',
      state: 'Utah',
    });
    expect(scopeFile({ ...DEFAULT_FILTERS, accommodationType: 'Yurts' })).toEqual({
      kind: 'type',
      type: 'Yurts',
    });
  });

  it('says the loaded files hold every match only while the filters stay inside them', () => {
    const utah = { files: new Set(['state-utah', 'part-0']), wholeSet: false };
    expect(filesCover(utah, { ...DEFAULT_FILTERS, state: 'Utah', location: 'Moab' })).toBe(true);
    expect(filesCover(utah, { ...DEFAULT_FILTERS, state: 'Texas' })).toBe(false);
    expect(filesCover(utah, DEFAULT_FILTERS)).toBe(false);
    const yurts = { files: new Set(['type-yurts']), wholeSet: false };
    expect(filesCover(yurts, { ...DEFAULT_FILTERS, accommodationType: 'Yurts', setting: 'Forest' })).toBe(
      true,
    );
    // A state's file answers before a type's: Utah's yurts need Utah's file.
    expect(filesCover(yurts, { ...DEFAULT_FILTERS, state: 'Utah', accommodationType: 'Yurts' })).toBe(false);
    expect(filesCover({ files: new Set(), wholeSet: true }, { ...DEFAULT_FILTERS, state: 'Texas' })).toBe(
      true,
    );
  });
});
