import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  internationalPhone,
  itemListJsonLd,
  listingJsonLd,
  listingLastModified,
  schemaPriceRange,
  serializeJsonLd,
  webSiteJsonLd,
} from '../../src/domain/json-ld';
import { sampleListings } from './sample-listings';

describe('schema.org data', () => {
  it('writes US phone numbers in international form and leaves others out', () => {
    expect(internationalPhone('(555) 123-4567')).toBe('+1-555-123-4567');
    expect(internationalPhone('555.987.6543')).toBe('+1-555-987-6543');
    expect(internationalPhone('12345')).toBeUndefined();
  });

  it('gives price ranges as currency signs', () => {
    expect(schemaPriceRange('Budget-Friendly')).toBe('$');
    expect(schemaPriceRange('Mid-Range')).toBe('$$');
    expect(schemaPriceRange('Luxury')).toBe('$$$');
    expect(schemaPriceRange('Ultra-Luxury')).toBe('$$$$');
    expect(schemaPriceRange(null)).toBeUndefined();
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    const data = breadcrumbJsonLd(
      [
        { name: 'Browse', path: '/browse' },
        { name: 'Texas', path: '/glamping-texas' },
      ],
      'https://example.org',
    );
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Browse', item: 'https://example.org/browse' },
      { '@type': 'ListItem', position: 2, name: 'Texas', item: 'https://example.org/glamping-texas' },
    ]);
  });

  it("numbers a later page's items from where the page starts", () => {
    const data = itemListJsonLd('Yurts', [{ slug: 'a' }], 30, 24, 'https://example.org');
    expect(data.numberOfItems).toBe(30);
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, url: 'https://example.org/listings/a' },
    ]);
  });

  it('points the search action at /browse?search=', () => {
    const action = webSiteJsonLd('https://example.org').potentialAction as {
      target: { urlTemplate: string };
    };
    expect(action.target.urlTemplate).toBe('https://example.org/browse?search={search_term_string}');
  });

  it('says when the listing page was last reviewed (its verification) and last changed', () => {
    const listing = {
      ...sampleListings({ verified: 1, pending: 0, rejected: 0 })[0]!,
      updated_at: '2026-01-05T10:00:00.000Z',
      verified_at: '2026-03-14T09:30:00.000Z',
    };
    const place = listingJsonLd(listing, 'https://example.org/listings/a');
    expect(place.mainEntityOfPage).toEqual({ '@type': 'WebPage', lastReviewed: '2026-03-14' });
    expect(
      listingJsonLd({ ...listing, verified_at: null }, 'https://example.org/').mainEntityOfPage,
    ).toBeUndefined();
    expect(listingLastModified(listing)).toBe('2026-03-14T09:30:00.000Z');
    expect(listingLastModified({ ...listing, updated_at: '2026-04-01T00:00:00.000Z' })).toBe(
      '2026-04-01T00:00:00.000Z',
    );
  });
});

describe('JSON-LD in a script element', () => {
  it('escapes what could close the element, start a comment or end a line, and parses back to the same data', () => {
    const data = { name: 'Tents & Yurts </script><!-- -->', about: 'a\u2028b\u2029c', plain: 'Moab, Utah' };
    const text = serializeJsonLd(data);
    expect(text).toBe(
      '{"name":"Tents \\u0026 Yurts \\u003c/script\\u003e\\u003c!-- --\\u003e","about":"a\\u2028b\\u2029c","plain":"Moab, Utah"}',
    );
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
