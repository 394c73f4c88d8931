import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browseAreas, minMilesToBox, statesNear } from '../../src/domain/browse-areas';
import {
  covers,
  fewPartsToLoad,
  firstParts,
  type LoadedFiles,
  nearFiles,
  needOf,
  partsToLoad,
} from '../../src/domain/browse-coverage';
import { toBrowseListing } from '../../src/domain/browse-data';
import { browseFileName } from '../../src/domain/browse-files';
import { encodeBrowseFile, filePositions, partSizes } from '../../src/domain/browse-parts';
import { createFuzzyMatcher, knownMatches } from '../../src/domain/fuzzy';
import { locationAlphabet, locationText } from '../../src/domain/location-text';
import { DEFAULT_FILTERS, type Filters } from '../../src/domain/schemas/filters';
import { cannotMatch, distanceMiles, searchListings } from '../../src/domain/search';
import { sampleListings } from './sample-listings';

const all = sampleListings().map(toBrowseListing);
const alphabet = locationAlphabet(all.map(locationText));
const areas = browseAreas(all);
const filters = (over: Partial<Filters>): Filters => ({ ...DEFAULT_FILTERS, ...over });
const latitude = fc.double({ min: -89, max: 89, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });

describe('minMilesToBox', () => {
  it('is 0 inside the box (to rounding) and never more than the distance to any point of it', () => {
    fc.assert(
      fc.property(
        latitude,
        longitude,
        latitude,
        latitude,
        longitude,
        longitude,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, a, b, c, d, u, v) => {
          const box = [Math.min(a, b), Math.min(c, d), Math.max(a, b), Math.max(c, d)] as const;
          const point = {
            latitude: box[0] + u * (box[2] - box[0]),
            longitude: box[1] + v * (box[3] - box[1]),
          };
          const bound = minMilesToBox({ latitude: lat, longitude: lng }, box);
          expect(bound).toBeLessThanOrEqual(distanceMiles({ latitude: lat, longitude: lng }, point) + 1e-6);
          expect(minMilesToBox(point, box)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is close to the true distance for a box far away (not a useless bound)', () => {
    // Asheville to a box around Boulder: about 1,350 miles to Boulder itself.
    const bound = minMilesToBox({ latitude: 35.6, longitude: -82.55 }, [39.9, -105.4, 40.1, -105.1]);
    expect(bound).toBeGreaterThan(1250);
    expect(bound).toBeLessThan(1350);
  });
});

describe('statesNear', () => {
  it('keeps every state with a listing within the radius, and leaves far states out', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.constantFrom(25, 50, 100, 250),
        (i, miles) => {
          const origin = all[i]!;
          const kept = new Set(statesNear(areas, origin, miles));
          for (const l of all) if (distanceMiles(origin, l) <= miles) expect(kept).toContain(l.state);
        },
      ),
      { numRuns: 200 },
    );
    const homer = { latitude: 59.64, longitude: -151.54 };
    expect(statesNear(areas, homer, 100)).toEqual(['Alaska']);
    expect(nearFiles(areas, homer, 100).map(browseFileName)).toEqual(['state-alaska']);
  });
});

describe('cannotMatch', () => {
  const fuzzy = createFuzzyMatcher(all);
  const found = (location: string) => searchListings(all, filters({ location }), { fuzzy }).length;

  it('says so of the first digits of a ZIP being typed, which no name, city or state holds', () => {
    expect(alphabet).not.toMatch(/\d/);
    for (const text of ['9', '99', '996', '9960']) {
      expect(cannotMatch(text, alphabet)).toBe(true);
      expect(found(text)).toBe(0);
    }
    // A full ZIP also matches zip codes; words of the listings can match.
    expect(cannotMatch('99603', alphabet)).toBe(false);
    expect(cannotMatch('Ashvile', alphabet)).toBe(false);
    expect(cannotMatch('', alphabet)).toBe(false);
    expect(cannotMatch('Near Me', alphabet)).toBe(false);
  });

  it('is never true of a text some listing matches, exactly or with a typo', () => {
    const chars = [...alphabet, ...'0123456789#@$%&*_~'];
    const text = fc
      .array(fc.constantFrom(...chars), { minLength: 1, maxLength: 12 })
      .map((cs) => cs.join(''));
    // Also words of the listings with a few characters replaced by ones no listing has.
    const vocabulary = [...new Set(all.flatMap((l) => locationText(l).split(/\s+/)))].filter(
      (w) => w.length > 2,
    );
    const slipped = fc
      .tuple(
        fc.constantFrom(...vocabulary),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.constantFrom(...'0123#@'),
      )
      .map(([w, at, c]) => {
        const cs = [...w];
        for (const i of at) cs[i % cs.length] = c;
        return cs.join('');
      });
    fc.assert(
      fc.property(fc.oneof(text, slipped), (location) => {
        if (cannotMatch(location, alphabet)) expect(found(location)).toBe(0);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('coverage of the loaded files', () => {
  const none: LoadedFiles = {
    files: new Set(),
    wholeSet: false,
    alphabet: null,
    partAlphabets: null,
    areas: null,
  };
  const first = encodeBrowseFile(all, { kind: 'part', index: 0 });

  it('the first part carries the whole set’s alphabet, and each part’s', () => {
    expect(first.alphabet).toBe(alphabet);
    const second = encodeBrowseFile(all, { kind: 'part', index: 1 });
    expect(second.alphabet).toBeUndefined();
    expect(second.partAlphabets).toBeUndefined();
    const parts = partSizes(all.length);
    expect(parts.length).toBeGreaterThan(1);
    expect(first.partAlphabets).toEqual(
      parts.map((_, index) =>
        locationAlphabet(filePositions(all, { kind: 'part', index }).map((p) => locationText(all[p]!))),
      ),
    );
    expect(locationAlphabet(first.partAlphabets ?? [])).toBe(alphabet);
  });

  it('needs a state’s file, the files near a place, or the whole set', () => {
    const origin = { latitude: 59.64, longitude: -151.54 };
    expect(needOf(filters({ state: 'Utah' }), null)).toEqual({
      kind: 'file',
      file: { kind: 'state', state: 'Utah' },
    });
    expect(needOf(filters({ location: '99603', radius: '100' }), origin)).toEqual({
      kind: 'near',
      origin,
      miles: 100,
    });
    expect(needOf(filters({ location: '99603', radius: 'any' }), origin)).toEqual({ kind: 'whole' });
    expect(needOf(filters({ location: '99603' }), 'pending')).toEqual({ kind: 'whole' });
    expect(needOf(filters({ location: 'Moab' }), null)).toEqual({ kind: 'whole' });
  });

  it('is final from the first part for a text nothing can match, from the near states in distance mode', () => {
    const partZero = {
      ...none,
      files: new Set(['part-0']),
      alphabet: first.alphabet ?? null,
      partAlphabets: first.partAlphabets ?? null,
    };
    expect(covers(partZero, filters({ location: '996' }), null)).toBe(true);
    expect(covers(partZero, filters({ location: 'Moab' }), null)).toBe(false);
    expect(covers(partZero, filters({ location: '996' }), 'pending')).toBe(false);

    const origin = { latitude: 59.64, longitude: -151.54 };
    const near = filters({ location: '99603', radius: '100' });
    expect(covers({ ...none, areas }, near, origin)).toBe(false);
    expect(covers({ ...none, areas, files: new Set(['state-alaska']) }, near, origin)).toBe(true);
    expect(
      covers({ ...none, areas, files: new Set(['state-alaska']) }, { ...near, radius: 'any' }, origin),
    ).toBe(false);
    expect(covers({ ...none, wholeSet: true }, filters({ location: 'Moab' }), null)).toBe(true);
  });

  it('needs only the parts whose alphabets a text can match, and is final once they are in', () => {
    // Three parts, of which only the last has a digit in a name (as a ZIP's first digits are typed).
    const loaded: LoadedFiles = {
      ...none,
      files: new Set(['part-0']),
      alphabet: 'abcdefghijklmnopqrstuvwxyz 9',
      partAlphabets: [
        'abcdefghijklmnopqrstuvwxyz ',
        'abcdefghijklmnopqrstuvwxyz ',
        'abcdefghijklmnopqrstuvwxyz 9',
      ],
    };
    expect(partsToLoad(loaded, filters({ location: '9' }))).toEqual([2]);
    expect(partsToLoad(loaded, filters({ location: 'Cabin 9' }))).toEqual([2]);
    expect(partsToLoad(loaded, filters({ location: 'moab' }))).toEqual([1, 2]);
    // No text, 'Near Me' and a whole ZIP (its zip_code is not in the alphabet) need every part.
    for (const location of ['', 'Near Me', '99603'])
      expect(partsToLoad(loaded, filters({ location }))).toEqual([1, 2]);
    expect(partsToLoad({ ...loaded, partAlphabets: null }, filters({ location: '9' }))).toBeNull();

    expect(covers(loaded, filters({ location: '9' }), null)).toBe(false);
    const withLast = { ...loaded, files: new Set(['part-0', 'part-2']) };
    expect(covers(withLast, filters({ location: '9' }), null)).toBe(true);
    expect(covers(withLast, filters({ location: 'moab' }), null)).toBe(false);
    // In distance mode the text is a place: the parts' alphabets say nothing about its results.
    expect(covers(withLast, filters({ location: '9' }), { latitude: 40, longitude: -105 })).toBe(false);
  });

  it('names the few parts that alone can match (at most a quarter of those to come), else none', () => {
    // Nine parts, the first loaded; a digit is only in the names of the last two (a ZIP's first digits being typed).
    const plain = 'abcdefghijklmnopqrstuvwxyz ';
    const partAlphabets = [...Array<string>(7).fill(plain), `${plain}9`, `${plain}9`];
    const loaded: LoadedFiles = {
      ...none,
      files: new Set(['part-0']),
      alphabet: `${plain}9`,
      partAlphabets,
    };
    // 2 of the 8 parts to come: a quarter.
    expect(fewPartsToLoad(loaded, filters({ location: '9' }))).toEqual([7, 8]);
    expect(fewPartsToLoad(loaded, filters({ location: 'Cabin 9' }))).toEqual([7, 8]);
    // A text any part can match, a whole ZIP (matched on zip_code) and no text: the whole set, which waits.
    for (const location of ['moab', '99603', ''])
      expect(fewPartsToLoad(loaded, filters({ location }))).toBeNull();
    // More than a quarter of the parts to come is no longer a small download.
    const wider = {
      ...loaded,
      partAlphabets: [...partAlphabets.slice(0, 6), ...Array<string>(3).fill(`${plain}9`)],
    };
    expect(partsToLoad(wider, filters({ location: '9' }))).toEqual([6, 7, 8]);
    expect(fewPartsToLoad(wider, filters({ location: '9' }))).toBeNull();
    // Counted against the parts still to come: with parts 1 to 5 in too, 2 of the 3 left is most of them.
    const later = { ...loaded, files: new Set(['part-0', 'part-1', 'part-2', 'part-3', 'part-4', 'part-5']) };
    expect(fewPartsToLoad(later, filters({ location: '9' }))).toBeNull();
    // Before the first part's alphabets are in, nothing can be told.
    expect(fewPartsToLoad({ ...loaded, partAlphabets: null }, filters({ location: '9' }))).toBeNull();
  });

  it('asks for the first part, and with it the few parts that can match a text the first part cannot', () => {
    // Nine parts, none decoded yet: the first part has arrived and its alphabets are read.
    const plain = 'abcdefghijklmnopqrstuvwxyz ';
    const partAlphabets = [...Array<string>(7).fill(plain), `${plain}9`, `${plain}9`];
    const arrived: LoadedFiles = { ...none, alphabet: `${plain}9`, partAlphabets };
    // A ZIP's first digit: the first part cannot match it, the last two can (2 of the 9 to come).
    expect(firstParts(arrived, filters({ location: '9' }))).toEqual([0, 7, 8]);
    // A text the first part can match, a whole ZIP (matched on zip_code) and no text: the first part alone.
    for (const location of ['moab', '99603', ''])
      expect(firstParts(arrived, filters({ location }))).toEqual([0]);
    // Before its alphabets are read, nothing can be told; a text most parts can match waits for the rest.
    expect(firstParts(none, filters({ location: '9' }))).toEqual([0]);
    const wider = { ...arrived, partAlphabets: [plain, ...Array<string>(8).fill(`${plain}9`)] };
    expect(firstParts(wider, filters({ location: '9' }))).toEqual([0]);
  });

  it('the parts it leaves out hold no match of the text (exact or typo-tolerant)', () => {
    // The sample's listings cut into parts of 100, some names given characters of their own.
    const marked = all.map((l, i) =>
      i % 401 === 5 ? { ...l, property_name: `${l.property_name} ${i % 2 ? 'Nº 9' : 'Šumava'}` } : l,
    );
    const size = 100;
    const parts = Array.from({ length: Math.ceil(marked.length / size) }, (_, k) =>
      marked.slice(k * size, (k + 1) * size),
    );
    const fuzzy = createFuzzyMatcher(marked);
    const loaded: LoadedFiles = {
      ...none,
      files: new Set(['part-0']),
      alphabet: locationAlphabet(marked.map(locationText)),
      partAlphabets: parts.map((part) => locationAlphabet(part.map(locationText))),
    };
    const words = [...new Set(marked.flatMap((l) => locationText(l).split(/\s+/)))].filter(
      (w) => w.length > 0,
    );
    const text = fc.oneof(
      fc.constantFrom('9', 'nº', 'šu', 'Šumava', 'sumava', 'Nº 9', '99', 'Asheville', 'Ashvile'),
      fc.constantFrom(...words),
      fc.string({ unit: fc.constantFrom(...'abcšº9 '), minLength: 1, maxLength: 6 }),
    );
    fc.assert(
      fc.property(text, (location) => {
        const needed = new Set([0, ...(partsToLoad(loaded, filters({ location })) ?? [])]);
        const fromParts = parts.flatMap((part, k) => (needed.has(k) ? part : []));
        const slugs = (list: readonly { slug: string }[]) => list.map((l) => l.slug).sort();
        expect(
          slugs(searchListings(fromParts, filters({ location }), { fuzzy: createFuzzyMatcher(fromParts) })),
        ).toEqual(slugs(searchListings(marked, filters({ location }), { fuzzy })));
      }),
      { numRuns: 300 },
    );
    expect(partsToLoad(loaded, filters({ location: '9' }))?.length).toBeLessThan((parts.length - 1) / 2);
  });

  it('the near states’ listings are exactly the distance results of the whole set', () => {
    const origin = all.find((l) => l.state === 'Colorado')!;
    for (const radius of ['25', '50', '100', '250'] as const) {
      const f = filters({ location: origin.zip_code, radius });
      const states = new Set<string>(statesNear(areas, origin, Number(radius)));
      const fromFiles = all.filter((l) => states.has(l.state));
      expect(searchListings(fromFiles, f, { origin }).map((l) => l.slug)).toEqual(
        searchListings(all, f, { origin }).map((l) => l.slug),
      );
    }
  });
});

describe('a typo-tolerant matcher while a longer list’s builds', () => {
  it('answers for the listings it knows, at their places in the longer list, in the same order', () => {
    // The loader merges files into one newest-first list of the same listing objects: here the first 900, then all;
    // or the listings of a few parts spread over the whole set (every third one), then all.
    const fresh = createFuzzyMatcher(all);
    for (const first of [all.slice(0, 900), all.filter((_, i) => i % 3 === 0)]) {
      const known = new Set(first);
      const stale = knownMatches(first, createFuzzyMatcher(first), all);
      // Towns of the first listings with a letter dropped, as a traveler mistypes them, and a type's word.
      const towns = [...new Set(first.map((l) => l.city))].filter((c) => c.length >= 7).slice(0, 4);
      const typos = towns.map((c) => `${c.slice(0, 3)}${c.slice(4)}`);
      expect(typos).toHaveLength(4);
      let matched = 0;
      for (const text of [...typos, 'yurt']) {
        const expected = fresh(text).filter((i) => known.has(all[i]!));
        matched += expected.length;
        expect(stale(text), text).toEqual(expected);
      }
      expect(matched).toBeGreaterThan(first.length / 100);
    }
  });
});
