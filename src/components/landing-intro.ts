import seasons from '../content/intros/seasons.json';
import type { AccommodationType, UsState } from '../domain/lists';
import type { Listing } from '../domain/schemas/listing';
import { TYPE_SUMMARIES } from './type-guides';

/** A landing page's short introduction: what to expect, when to go, and what its listings offer most. */
export interface Intro {
  expect: string;
  season: string;
  highlights: string;
}

/** The most common values among the listings, most first: "Cabins (12), Yurts (8)". */
function mostCommon(values: readonly string[], max: number): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([v, n]) => `${v} (${n})`)
    .join(', ');
}

/**
 * A state page's introduction: the season from the content file (src/content/intros/seasons.json, by region), the
 * stays and settings counted from the state's own listings, so it says only what the data shows.
 */
export function stateIntro(state: UsState, listings: readonly Listing[]): Intro {
  const here = listings.filter((l) => l.state === state);
  const region = (seasons.states as Record<string, string>)[state] ?? '';
  return {
    expect: `Most stays here are ${mostCommon(
      here.map((l) => l.accommodation_type),
      3,
    )}, in ${here.length === 1 ? 'one town' : `${new Set(here.map((l) => l.city)).size} towns`}.`,
    season: (seasons.regions as Record<string, string>)[region] ?? '',
    highlights: `Settings: ${mostCommon(
      here.map((l) => l.setting_type),
      3,
    )}. Amenities most listed: ${mostCommon(
      here.flatMap((l) => l.amenities),
      3,
    )}.`,
  };
}

/** A type page's introduction: what the type is like and when to go (content), where it is found most (data). */
export function typeIntro(type: AccommodationType, listings: readonly Listing[]): Intro {
  const these = listings.filter((l) => l.accommodation_type === type);
  return {
    expect: TYPE_SUMMARIES[type],
    season: (seasons.types as Record<string, string>)[type] ?? '',
    highlights: `Most found in ${mostCommon(
      these.map((l) => l.state),
      3,
    )}; settings: ${mostCommon(
      these.map((l) => l.setting_type),
      2,
    )}.`,
  };
}
