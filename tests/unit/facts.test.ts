/** The facts glampers filter by (D32): three states, filters that keep only "yes", one encoding. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeProblem, listingsToCsv, parseImportCsv } from '../../src/data/csv';
import type { StaffListing } from '../../src/data/staff-store';
import {
  type BrowseFacts,
  cardFacts,
  decodeFacts,
  encodeFacts,
  NO_FACTS,
  openSeason,
} from '../../src/domain/facts';
import { filterListings } from '../../src/domain/filter';
import { filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import { goodToKnow } from '../../src/domain/good-to-know';
import { listingJsonLd } from '../../src/domain/json-ld';
import { fieldErrors } from '../../src/domain/schemas/errors';
import { DEFAULT_FILTERS, hasActiveFilters, normalizeFilters } from '../../src/domain/schemas/filters';
import { CSV_COLUMNS } from '../../src/domain/schemas/import';
import { submissionSchema } from '../../src/domain/schemas/submission';
import { formInput, importCells } from './fixtures';
import { sampleListings } from './sample-listings';

const facts = (over: Partial<BrowseFacts>): BrowseFacts => ({
  open: 0,
  pets: null,
  kids: null,
  accessible: null,
  sleeps: 0,
  ...over,
});
const tri = fc.constantFrom(null, true, false);
const anyFacts = fc.record({
  open: fc.integer({ min: 0, max: 0xfff }),
  pets: tri,
  kids: tri,
  accessible: tri,
  sleeps: fc.integer({ min: 0, max: 60 }),
});

describe('the facts token of the browse file', () => {
  it('round-trips every combination, and nothing stated is the empty token', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        expect(decodeFacts(encodeFacts(f))).toEqual(f);
      }),
    );
    expect(encodeFacts(facts({}))).toBe('');
    expect(decodeFacts('')).toEqual(facts({}));
    expect(decodeFacts(undefined)).toEqual(facts({}));
  });

  it('is at most 5 characters', () => {
    expect(encodeFacts({ open: 0xfff, pets: false, kids: false, accessible: false, sleeps: 60 }).length).toBe(
      5,
    );
  });
});

describe('the fact filters in the filter set', () => {
  it('read open, pets, kids, accessible and sleeps from the URL and write only what is set', () => {
    const f = filtersFromParams(new URLSearchParams('open=10&pets=true&kids=1&accessible=true&sleeps=4'));
    expect(f).toMatchObject({ open: '10', pets: true, kids: true, accessible: true, sleeps: 4 });
    expect(filtersToParams(f).toString()).toBe('open=10&pets=true&kids=true&accessible=true&sleeps=4');
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(hasActiveFilters(normalizeFilters({ pets: true }))).toBe(true);
  });

  it('fall back to "any" for unknown values, never echoing them', () => {
    const f = filtersFromParams(new URLSearchParams('open=13&pets=maybe&kids=yes&accessible=&sleeps=5'));
    expect(f).toMatchObject({ open: '', pets: false, kids: false, accessible: false, sleeps: 0 });
    expect(normalizeFilters({ open: 7, sleeps: '6' })).toMatchObject({ open: '7', sleeps: 6 });
    expect(normalizeFilters({ open: '0', sleeps: -2 })).toMatchObject({ open: '', sleeps: 0 });
  });

  const listing = (name: string, f: Partial<BrowseFacts> | undefined) => ({
    property_name: name,
    city: 'Moab',
    state: 'Utah',
    zip_code: '84532',
    accommodation_type: 'Yurts',
    setting_type: 'Desert',
    price_range: null,
    amenities: [],
    ...(f ? { facts: facts(f) } : {}),
  });
  const october = 1 << 9;
  const yes = listing('Yes', { open: 0xfff, pets: true, kids: true, accessible: true, sleeps: 6 });
  const no = listing('No', { open: 0b111110000, pets: false, kids: false, accessible: false, sleeps: 2 });
  const unknown = listing('Unknown', {});
  const octoberOnly = listing('October', { open: october, sleeps: 4 });
  const older = listing('Older', undefined);
  const all = [yes, no, unknown, octoberOnly, older];
  const names = (over: object) =>
    filterListings(all, normalizeFilters({ ...over })).map((l) => l.property_name);

  it('keep every listing when off', () => {
    expect(names({})).toEqual(['Yes', 'No', 'Unknown', 'October', 'Older']);
  });

  it('keep only listings that said yes: not stated is not yes (D32)', () => {
    expect(names({ pets: true })).toEqual(['Yes']);
    expect(names({ kids: true })).toEqual(['Yes']);
    expect(names({ accessible: true })).toEqual(['Yes']);
    expect(names({ open: '10' })).toEqual(['Yes', 'October']);
    expect(names({ open: '6' })).toEqual(['Yes', 'No']);
    expect(names({ sleeps: 4 })).toEqual(['Yes', 'October']);
    expect(names({ sleeps: 2 })).toEqual(['Yes', 'No', 'October']);
    expect(names({ open: '10', sleeps: 6 })).toEqual(['Yes']);
  });
});

describe('how the facts read', () => {
  it('names the open season: year-round, one run (also across New Year), or the months', () => {
    expect(openSeason(null)).toBe('');
    expect(openSeason([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe('Year-round');
    expect(openSeason([5, 6, 7, 8, 9, 10])).toBe('May–October');
    expect(openSeason([1, 2, 3, 11, 12])).toBe('November–March');
    expect(openSeason([10])).toBe('October');
    expect(openSeason([1, 3, 12], true)).toBe('Jan, Mar, Dec');
  });

  it('lists only what was stated, yes and no alike, and nothing for a listing that stated nothing', () => {
    expect(goodToKnow(NO_FACTS)).toEqual([]);
    expect(
      goodToKnow({
        open_months: [5, 6, 7, 8, 9, 10],
        pets_allowed: false,
        good_for_kids: true,
        wheelchair_accessible: true,
        accessibility_note: 'Ramp to tent 3',
        sleeps: 4,
        min_nights: 2,
      }),
    ).toEqual([
      'Open May–October',
      'No pets',
      'Good for kids',
      'Wheelchair accessible (Ramp to tent 3)',
      'Sleeps up to 4',
      'Minimum stay 2 nights',
    ]);
    expect(goodToKnow({ ...NO_FACTS, pets_allowed: true })).toEqual(['Pets allowed']);
    expect(goodToKnow({ ...NO_FACTS, open_months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })).toEqual([
      'Open year-round',
    ]);
  });

  it('shows short labels on a card, only for what was stated', () => {
    expect(cardFacts(facts({}))).toEqual([]);
    expect(cardFacts(facts({ open: 0xfff, pets: true, kids: true, accessible: true, sleeps: 6 }))).toEqual([
      'Year-round',
      'Sleeps 6',
      'Pets allowed',
      'Good for kids',
      'Wheelchair accessible',
    ]);
    expect(cardFacts(facts({ open: 0b111110000, pets: false, kids: false, sleeps: 60 }))).toEqual([
      'Open May–Sep',
      'Sleeps 60+',
      'No pets',
    ]);
  });
});

describe('the facts in the submission form', () => {
  it('are optional: an empty form stores every fact as not stated', () => {
    const parsed = submissionSchema.parse(formInput());
    expect(parsed).toMatchObject({
      openMonths: null,
      petsAllowed: null,
      goodForKids: null,
      wheelchairAccessible: null,
      accessibilityNote: '',
      sleeps: null,
      minNights: null,
    });
  });

  it('reads months, yes/no answers and counts', () => {
    const parsed = submissionSchema.parse(
      formInput({
        openMonths: ['10', '5', '5'],
        petsAllowed: 'yes',
        goodForKids: 'no',
        wheelchairAccessible: 'yes',
        accessibilityNote: ' Ramp to tent 3 ',
        sleeps: ' 6 ',
        minNights: '2',
      }),
    );
    expect(parsed).toMatchObject({
      openMonths: [5, 10],
      petsAllowed: true,
      goodForKids: false,
      wheelchairAccessible: true,
      accessibilityNote: 'Ramp to tent 3',
      sleeps: 6,
      minNights: 2,
    });
  });

  it('gives each bad value a field message', () => {
    const result = submissionSchema.safeParse(
      formInput({
        openMonths: ['13'],
        petsAllowed: 'perhaps',
        sleeps: '0',
        minNights: '1.5',
        accessibilityNote: 'x'.repeat(201),
      }),
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      openMonths: 'Please choose months from the list',
      petsAllowed: 'Please choose yes, no or leave it empty',
      sleeps: 'Please enter a whole number from 1 to 500',
      minNights: 'Please enter a whole number from 1 to 365',
      accessibilityNote: 'Please keep this under 200 characters',
    });
  });
});

describe('the facts in the staff CSV', () => {
  const HEADER = CSV_COLUMNS.join(',');
  const line = (over: Record<string, string>) => {
    const row = importCells(over);
    return CSV_COLUMNS.map((c) => JSON.stringify(row[c] ?? '')).join(',');
  };
  let n = 0;
  const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

  it('reads months, true/false and counts; empty cells are not stated; export writes them back the same', () => {
    const stated = { open_months: '5; 6; 7', pets_allowed: 'true', good_for_kids: 'false', sleeps: '8' };
    const { rows, problems } = parseImportCsv(`${HEADER}\n${line({ id: newId(), ...stated })}\n`, newId);
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({
      open_months: [5, 6, 7],
      pets_allowed: true,
      good_for_kids: false,
      wheelchair_accessible: null,
      accessibility_note: null,
      sleeps: 8,
      min_nights: null,
    });
    const csv = listingsToCsv([
      { ...rows[0], updated_at: '2025-06-01T00:00:00Z' } as unknown as StaffListing,
    ]);
    expect(csv).toContain(',5; 6; 7,true,false,,,8,,Ada,');
  });

  it('reports a bad fact by line and field', () => {
    const { problems } = parseImportCsv(
      `${HEADER}\n${line({ open_months: 'Octember', sleeps: 'lots' })}\n`,
      newId,
    );
    expect(problems.map(describeProblem)).toEqual([
      'line 2, open_months: Please choose months from the list',
      'line 2, sleeps: Please enter a whole number from 1 to 500',
    ]);
  });

  it('leaves the facts out of a row when the file has no such columns (a file from before them)', () => {
    const columns = CSV_COLUMNS.filter((c) => !['open_months', 'pets_allowed', 'sleeps'].includes(c));
    const row = importCells();
    const text = `${columns.join(',')}\n${columns.map((c) => JSON.stringify(row[c] ?? '')).join(',')}\n`;
    const { rows, problems } = parseImportCsv(text, newId);
    expect(problems).toEqual([]);
    expect(rows[0]).not.toHaveProperty('open_months');
    expect(rows[0]).not.toHaveProperty('pets_allowed');
    expect(rows[0]).toHaveProperty('good_for_kids', null);
  });
});

describe('the facts in JSON-LD', () => {
  const base = sampleListings({ verified: 1, pending: 0, rejected: 0 })[0]!;

  it('says petsAllowed, maximumAttendeeCapacity and wheelchair access only when stated', () => {
    // As the page writes it: JSON leaves out what is undefined.
    const none = JSON.parse(
      JSON.stringify(listingJsonLd({ ...base, ...NO_FACTS }, 'https://example.com/listings/x')),
    );
    expect(none).not.toHaveProperty('petsAllowed');
    expect(none).not.toHaveProperty('maximumAttendeeCapacity');
    expect(JSON.stringify(none.amenityFeature)).not.toContain('Wheelchair');
    const ld = listingJsonLd(
      {
        ...base,
        ...NO_FACTS,
        open_months: [5, 6, 7, 8, 9, 10],
        pets_allowed: false,
        good_for_kids: true,
        wheelchair_accessible: true,
        accessibility_note: 'Ramp',
        sleeps: 4,
      },
      'https://example.com/listings/x',
    );
    expect(ld.petsAllowed).toBe(false);
    expect(ld.maximumAttendeeCapacity).toBe(4);
    expect(ld.amenityFeature).toEqual(
      expect.arrayContaining([
        {
          '@type': 'LocationFeatureSpecification',
          name: 'Wheelchair accessible',
          value: true,
          description: 'Ramp',
        },
      ]),
    );
  });
});

describe('the sample data', () => {
  it('states each fact for some listings, and leaves it unsaid for many (D32)', () => {
    const all = sampleListings();
    for (const key of Object.keys(NO_FACTS) as Array<keyof typeof NO_FACTS>) {
      const stated = all.filter((l) => l[key] !== null).length / all.length;
      expect(stated, key).toBeGreaterThan(0.05);
      expect(stated, key).toBeLessThan(0.8);
    }
    expect(all.some((l) => l.pets_allowed === true) && all.some((l) => l.pets_allowed === false)).toBe(true);
  });
});
