import { describe, expect, it } from 'vitest';
import { stateIntro, typeIntro } from '../../src/components/landing-intro';
import { TYPE_SUMMARIES } from '../../src/components/type-guides';
import { ACCOMMODATION_TYPES, US_STATES } from '../../src/domain/lists';
import { sampleListings } from './sample-listings';

const listings = sampleListings();

describe('landing page introductions', () => {
  it('every state has a season from the content file, and counts from its own listings', () => {
    for (const state of US_STATES) {
      const intro = stateIntro(state, listings);
      expect(intro.season, state).not.toBe('');
      const here = listings.filter((l) => l.state === state);
      const top = here.filter((l) => l.accommodation_type === here[0]!.accommodation_type).length;
      expect(intro.expect).toMatch(/^Most stays here are .+ \(\d+\)/);
      expect(Number(/\((\d+)\)/.exec(intro.expect)?.[1])).toBeGreaterThanOrEqual(top);
    }
  });

  it('every type says what it is, when to go, and where it is found most', () => {
    for (const type of ACCOMMODATION_TYPES) {
      const intro = typeIntro(type, listings);
      expect(intro.expect).toBe(TYPE_SUMMARIES[type]);
      expect(intro.season, type).not.toBe('');
      const states = listings.filter((l) => l.accommodation_type === type).map((l) => l.state);
      const first = /^Most found in ([^(]+) \((\d+)\)/.exec(intro.highlights);
      expect(first?.[1] && states.includes(first[1] as never), type).toBe(true);
      expect(Number(first?.[2])).toBe(states.filter((s) => s === first?.[1]).length);
    }
  });
});
