import { describe, expect, it } from 'vitest';
import { slugOfPath } from '../../src/domain/listing-path';
import { cardKey, listingPath } from '../../src/domain/slug';
import { sampleListings } from './sample-listings';

describe("a listing card's key", () => {
  it('is short, the same for the same slug, and fits an id and a selector after the card prefix', () => {
    const key = cardKey('hidden-valley-treehouse-retreat-beach-haven-new-jersey');
    expect(key).toMatch(/^[0-9a-z]{1,8}$/);
    expect(cardKey('hidden-valley-treehouse-retreat-beach-haven-new-jersey')).toBe(key);
  });

  it('differs between the listings of a whole sample', () => {
    const slugs = sampleListings({ verified: 1000, pending: 0, rejected: 0 }).map((l) => l.slug);
    expect(new Set(slugs.map(cardKey)).size).toBe(new Set(slugs).size);
  });

  it("reads a listing page's slug back from its path", () => {
    expect(slugOfPath(listingPath('misty-ridge-airstreams'))).toBe('misty-ridge-airstreams');
    expect(slugOfPath('/browse')).toBeUndefined();
  });
});
