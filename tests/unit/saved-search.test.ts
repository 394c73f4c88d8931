/** The saved search's filters and matching follow the browse view's (docs/saved-searches.md). */
import { describe, expect, it } from 'vitest';
import { generateSampleListings } from '../../scripts/lib/sample/generate';
import { toBrowseListing } from '../../src/domain/browse-data';
import { filtersFromParams } from '../../src/domain/filter-params';
import { createFuzzyMatcher } from '../../src/domain/fuzzy';
import {
  describeSearch,
  matchSavedSearch,
  savedFilters,
  savedQuery,
  unsavableReason,
} from '../../src/domain/saved-search';
import { searchListings } from '../../src/domain/search';

const sample = generateSampleListings()
  .filter((l) => l.verification_status === 'verified')
  .map((l) => toBrowseListing({ ...l, updated_at: l.created_at }));

describe('saved searches', () => {
  it('keep the filters as the URL writes them, without the view or the order', () => {
    const filters = savedFilters('state=Colorado&type=Yurts&view=map&sort=name&amenities=Fire+Pit,Parking');
    expect(savedQuery(filters)).toBe('state=Colorado&type=Yurts&amenities=Fire+Pit%2CParking');
    expect(savedQuery(savedFilters(savedQuery(filters)))).toBe(savedQuery(filters));
  });

  it('refuse a search without a filter and a Near Me search; accept a state page', () => {
    expect(unsavableReason(savedFilters('view=map'))).toMatch(/at least one filter/);
    expect(unsavableReason(savedFilters('search=Near%20Me'))).toMatch(/Near Me/);
    expect(unsavableReason(savedFilters('state=Colorado'))).toBeNull();
  });

  it('say what they look for in words', () => {
    expect(describeSearch(savedFilters('state=Colorado&type=Yurts'))).toBe('Yurts in Colorado');
    expect(describeSearch(savedFilters('search=81201&radius=25&pets=true'))).toBe(
      'Glamping, near 81201 within 25 mi, pets allowed',
    );
  });

  it('match a few new listings exactly as the browse view matches them among all', () => {
    for (const query of [
      'state=Colorado',
      'type=Yurts&amenities=Hot+Tub%2FJacuzzi',
      'search=ashvile',
      'search=Moab',
      'pets=true',
    ]) {
      const filters = filtersFromParams(new URLSearchParams(query));
      const all = searchListings(sample, filters, { fuzzy: createFuzzyMatcher(sample) });
      const fresh = sample.slice(0, 60);
      const expected = fresh
        .filter((l) => all.includes(l))
        .map((l) => l.slug)
        .sort();
      const got = matchSavedSearch(fresh, savedFilters(query), null)
        .map((l) => l.slug)
        .sort();
      expect(got, query).toEqual(expected);
    }
  });

  it('measure a distance search from the stored place, within its radius', () => {
    const origin = { latitude: sample[0]!.latitude, longitude: sample[0]!.longitude };
    const got = matchSavedSearch(sample.slice(0, 200), savedFilters('search=00000&radius=25'), origin);
    expect(got[0]?.slug).toBe(sample[0]!.slug);
    expect(got.length).toBeLessThan(200);
  });
});
