import { describe, expect, it } from 'vitest';
import {
  fitText,
  formatCount,
  formatPhone,
  mapsHref,
  pageTitle,
  safeHttpUrl,
  telHref,
  verifiedLabel,
} from '../../src/domain/format';
import { listingName, listingTitle, placeKey } from '../../src/domain/listing-text';
import { SITE_NAME } from '../../src/domain/lists';
import { listingSlug, slugify, statePath, typePath } from '../../src/domain/slug';

describe('formatCount', () => {
  it('writes whole numbers as en-US does, without loading ICU', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 50000, 1234567890, -1234]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(formatCount(12.6)).toBe('13');
  });
});

describe('formatPhone', () => {
  it('formats 10 digits in any notation as (###) ###-####', () => {
    for (const raw of ['5415550123', '541-555-0123', '541.555.0123', '(541) 555-0123', '+1 541 555 0123']) {
      expect(formatPhone(raw)).toBe('(541) 555-0123');
    }
  });
  it('leaves other input as it is and handles empty values', () => {
    expect(formatPhone('555-0123')).toBe('555-0123');
    expect(formatPhone(null)).toBe('');
  });
});

describe('telHref', () => {
  it('links 10-digit numbers only', () => {
    expect(telHref('(541) 555-0123')).toBe('tel:+15415550123');
    expect(telHref('12345')).toBeNull();
  });
});

describe('pageTitle', () => {
  it('adds the directory name unless already present', () => {
    expect(pageTitle('Yurts')).toBe(`Yurts | ${SITE_NAME}`);
    expect(pageTitle(`${SITE_NAME}: Home`)).toBe(`${SITE_NAME}: Home`);
    expect(pageTitle('  ')).toBe(SITE_NAME);
  });

  it('carries the directory name on every page, the home page too, within 60 characters', () => {
    // The spec: every title suffixed with the directory name unless already present; a long title gives up its
    // own last words rather than the name.
    const long = 'Fall Glamping: Color, Cool Nights and Quieter Trails';
    expect(pageTitle(long)).toMatch(new RegExp(`^Fall Glamping: Color, Cool.*\\| ${SITE_NAME}$`));
    expect(pageTitle(long).length).toBeLessThanOrEqual(60);
    const home = 'Free Glamping Directory: Find Glamping Across the USA';
    expect(pageTitle(home)).toContain(SITE_NAME);
    expect(pageTitle(home).length).toBeLessThanOrEqual(60);
  });
});

describe('safeHttpUrl', () => {
  it('keeps http(s) URLs and refuses every other scheme', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('example.com')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe('mapsHref', () => {
  it('searches the coordinates', () => {
    expect(mapsHref(38.57, -109.55)).toContain('query=38.57,-109.55');
  });
});

describe('slugs', () => {
  it('slugifies names, apostrophes and accents', () => {
    expect(slugify("Shepherd's Huts")).toBe('shepherds-huts');
    expect(slugify('Café  Río!')).toBe('cafe-rio');
  });
  it('builds state landing paths', () => {
    expect(statePath('New Hampshire')).toBe('/glamping-new-hampshire');
    expect(statePath('California')).toBe('/glamping-california');
  });
  it('builds type paths: a route where the spec has one, else a browse link', () => {
    expect(typePath('Domes (Geodomes)')).toBe('/domes');
    expect(typePath("Shepherd's Huts")).toBe('/shepherds-huts');
    expect(typePath('Eco-Tents')).toBe('/browse?type=Eco-Tents');
  });
  it('builds listing slugs from name and place', () => {
    expect(listingSlug('Red Rock Yurts', 'Moab', 'Utah')).toBe('red-rock-yurts-moab-utah');
  });
});

describe('titles and descriptions that fit a search result', () => {
  it('cuts at a word with an ellipsis, only when too long', () => {
    expect(fitText('Short enough', 60)).toBe('Short enough');
    const cut = fitText(
      'Heated yurts among the pines, with a wood stove, a deck and a view of the river',
      40,
    );
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toBe('Heated yurts among the pines, with a…');
  });

  it('picks the most telling title that fits, and tells twins apart by street address', () => {
    const l = {
      property_name: 'Hidden Valley Treehouses',
      city: 'Bend',
      state: 'Oregon',
      street_address: '12 Forest Road',
      accommodation_type: 'Treehouses',
    };
    // Beside ' | Glamping Directory USA' a title has 35 characters of its own.
    expect(
      listingTitle(
        { ...l, state: 'OR', accommodation_type: 'Yurts', property_name: 'Pine Yurts' },
        'Pine Yurts',
      ),
    ).toBe('Pine Yurts: Yurts in Bend, OR');
    expect(listingTitle(l, l.property_name)).toBe('Hidden Valley Treehouses, Bend');
    const long = {
      ...l,
      property_name: 'The Grand Old Hidden Valley Treehouse and Cabin Retreat',
      city: 'Sisters',
    };
    expect(listingTitle(long, long.property_name)).toBe('The Grand Old Hidden…, Sisters');
    expect(pageTitle(listingTitle(long, long.property_name)).length).toBeLessThanOrEqual(60);
    const twin = listingName(l, true);
    expect(twin).toBe('Hidden Valley Treehouses (12 Forest Road)');
    expect(listingTitle(l, twin)).not.toBe(listingTitle(l, l.property_name));
    expect(placeKey(l)).toBe(
      placeKey({ ...l, property_name: 'hidden valley treehouses ', street_address: '9 Elm' }),
    );
  });
});

describe('verifiedLabel', () => {
  it('names the month and year of a timestamp or a YYYY-MM month, and nothing when unknown', () => {
    expect(verifiedLabel('2026-03-14T09:30:00.000Z')).toBe('Verified Mar 2026');
    expect(verifiedLabel('2025-12')).toBe('Verified Dec 2025');
    expect(verifiedLabel('')).toBe('');
    expect(verifiedLabel(null)).toBe('');
    expect(verifiedLabel('2025-13')).toBe('');
  });
});
