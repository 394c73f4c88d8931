import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { describeProblem, listingsToCsv, parseImportCsv } from '../../src/data/csv';
import type { StaffListing } from '../../src/data/staff-store';
import { CSV_COLUMNS } from '../../src/domain/schemas/import';
import { importCells } from './fixtures';

const HEADER = CSV_COLUMNS.join(',');
const good = (over: Record<string, string> = {}) => {
  const row = importCells(over);
  return CSV_COLUMNS.map((c) => JSON.stringify(row[c] ?? '')).join(',');
};
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

describe('staff CSV import', () => {
  it('accepts valid rows, fills in id and slug, splits lists', () => {
    const { rows, problems } = parseImportCsv(`${HEADER}\n${good()}\n`, newId);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      slug: 'canyon-yurts-moab-utah',
      amenities: ['Parking', 'Fire Pit'],
      latitude: 38.57,
      featured: false,
      owner_email: 'ada@example.com',
    });
    expect(rows[0]?.id).toMatch(/^00000000-/);
  });

  it('reports every bad row by line and field, and imports nothing', () => {
    const csv = [
      HEADER,
      good(),
      good({ phone: '555-0100', slug: 'b' }),
      good({ state: 'Atlantis', website_url: 'ftp://x', slug: 'c' }),
      good({ price_range: 'Cheap', latitude: 'north', slug: 'd' }),
      good({ amenities: 'Parking; Helipad', slug: 'e' }),
      good({ property_name: 'x'.repeat(121), slug: 'f' }),
    ].join('\n');
    const { rows, problems } = parseImportCsv(csv, newId);
    expect(rows).toEqual([]);
    expect(problems.map(describeProblem)).toEqual([
      'line 3, phone: Please enter a 10-digit phone number',
      'line 4, state: Please choose an option from the list',
      'line 4, website_url: Website must be a full address starting with http:// or https://',
      'line 5, latitude: Please enter a decimal number between -90 and 90, like 44.05',
      'line 5, price_range: Please choose one of: Budget-Friendly, Mid-Range, Luxury, Ultra-Luxury',
      'line 6, amenities: Please choose amenities from the list',
      'line 7, property_name: Please keep this under 120 characters',
    ]);
  });

  it('reports duplicate slugs and ids within the file', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const csv = [HEADER, good({ id }), good({ id, slug: 'other' })].join('\n');
    expect(parseImportCsv(csv, newId).problems.map(describeProblem)).toEqual([
      'line 3, id: Same id as line 2',
    ]);
    const slugs = [HEADER, good({ slug: 'same' }), good({ slug: 'same' })].join('\n');
    expect(parseImportCsv(slugs, newId).problems.map(describeProblem)).toEqual([
      'line 3, slug: Same slug as line 2',
    ]);
  });

  it('leaves out of a row each optional column the file leaves out, so the listing keeps that field', () => {
    const kept = CSV_COLUMNS.filter((c) => c !== 'website_url' && c !== 'pets_allowed');
    const row = importCells();
    const csv = `${kept.join(',')}\n${kept.map((c) => JSON.stringify(row[c] ?? '')).join(',')}\n`;
    const { rows, problems } = parseImportCsv(csv, newId);
    expect(problems).toEqual([]);
    expect(rows[0]).not.toHaveProperty('website_url');
    expect(rows[0]).not.toHaveProperty('pets_allowed');
    expect(rows[0]).toHaveProperty('public_email');
  });

  it('names missing and unknown columns', () => {
    const { problems } = parseImportCsv('property_name,colour\nA,red\n', newId);
    expect(problems.map(describeProblem)).toContain('line 1, phone: Column is missing from the header');
    expect(problems.map(describeProblem)).toContain('line 1, colour: Unknown column');
  });

  it('round-trips: what export writes, import reads back unchanged', () => {
    const { rows } = parseImportCsv(`${HEADER}\n${good({ id: newId() })}\n`, newId);
    const listing = { ...rows[0], updated_at: '2025-06-01T00:00:00.000000Z' } as unknown as StaffListing;
    const csv = listingsToCsv([listing]);
    const again = parseImportCsv(csv, newId);
    expect(again.problems).toEqual([]);
    expect(
      listingsToCsv([{ ...again.rows[0], updated_at: listing.updated_at } as unknown as StaffListing]),
    ).toBe(csv);
  });
});

describe('staff CSV export against formula injection', () => {
  const listing = (over: Partial<StaffListing>) =>
    ({
      ...parseImportCsv(`${HEADER}\n${good({ id: newId() })}\n`, newId).rows[0],
      updated_at: '2025-06-01T00:00:00.000000Z',
      ...over,
    }) as unknown as StaffListing;
  const cells = (csv: string) => parse(csv, { columns: true })[0] as Record<string, string>;

  it('prefixes every cell that starts with =, +, -, @, tab or CR with a single quote', () => {
    const csv = listingsToCsv([
      listing({
        property_name: '=HYPERLINK("http://evil.test","Click")',
        description: '+1+cmd|/C calc!A0',
        street_address: '-2+3',
        city: '@SUM(A1:A9)',
        features: ['\tTabbed', 'Deck'],
        owner_name: '\rCarriage',
      }),
    ]);
    expect(cells(csv)).toMatchObject({
      property_name: `'=HYPERLINK("http://evil.test","Click")`,
      description: `'+1+cmd|/C calc!A0`,
      street_address: `'-2+3`,
      city: `'@SUM(A1:A9)`,
      features: `'\tTabbed; Deck`,
      owner_name: `'\rCarriage`,
      // Numbers stay numbers, and harmless text is untouched.
      longitude: '-109.55',
      phone: '(435) 555-0100',
    });
  });

  it('round-trips: import removes exactly the quote export added, and keeps quotes that are data', () => {
    const values = ['=1+2', "'=1+2", "''@x", "'Tis the season", "'", '-5', "'-5", '- dash list', 'plain'];
    const rows = values.map((description, i) => listing({ id: newId(), slug: `s-${i}`, description }));
    const again = parseImportCsv(listingsToCsv(rows), newId);
    expect(again.problems).toEqual([]);
    expect(again.rows.map((r) => r.description)).toEqual(values);
  });
});

describe('staff CSV import of created_at', () => {
  it.each([
    '1',
    '0',
    'yesterday',
    '2026-13-45',
    '2026-02-30',
    '2025-06-01T25:00:00Z',
    '1969-12-31',
    'June 1 2025',
  ])('reports %j by line and field and imports nothing', (created_at) => {
    const csv = [HEADER, good({ slug: 'a' }), good({ slug: 'b', created_at })].join('\n');
    const { rows, problems } = parseImportCsv(csv, newId);
    expect(rows).toEqual([]);
    expect(problems.map(describeProblem)).toEqual([
      'line 3, created_at: Please enter a real date like 2025-06-01 or 2025-06-01T14:30:00Z',
    ]);
  });

  it.each([
    ['2025-06-01T00:00:00.000000Z', '2025-06-01T00:00:00.000000Z'],
    ['2024-02-29 23:59:59+02', '2024-02-29 23:59:59+02'],
    ['2025-06-01', '2025-06-01T00:00:00Z'],
    ['2025-06-01T08:30', '2025-06-01T08:30Z'],
    ['', null],
  ])('accepts %j as %j (no zone means UTC, empty means now)', (created_at, stored) => {
    const { rows, problems } = parseImportCsv(`${HEADER}\n${good({ created_at })}\n`, newId);
    expect(problems).toEqual([]);
    expect(rows[0]?.created_at).toBe(stored);
  });
});
