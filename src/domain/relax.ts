import { MONTHS } from './facts';
import { ALL_PRICES, ALL_SETTINGS, ALL_STATES, ALL_TYPES } from './lists';
import { isDistanceMode } from './places/near';
import { type Filters, RADIUS_OPTIONS } from './schemas/filters';

/** One way out of an empty result: what to change, and how many listings the search finds then. */
export interface Relaxation {
  /** What the visitor would do, in a few words: "Widen to 250 miles", "Without Hot Tub". */
  label: string;
  /** The filters with that one change. */
  filters: Filters;
  /** How many listings match then (always more than none). */
  count: number;
}

/** Each single change that loosens the filters, labelled: one filter dropped, or the radius widened. */
function candidates(f: Filters): Array<{ label: string; change: Partial<Filters> }> {
  const out: Array<{ label: string; change: Partial<Filters> }> = [];
  if (isDistanceMode(f)) {
    // The next wider radius first: the smallest step that finds something is the most useful suggestion.
    const wider = RADIUS_OPTIONS.slice(RADIUS_OPTIONS.indexOf(f.radius) + 1);
    for (const radius of wider)
      out.push({ label: radius === 'any' ? 'Any distance' : `Widen to ${radius} miles`, change: { radius } });
  }
  if (f.area) out.push({ label: 'Search beyond this map area', change: { area: '' } });
  // A listing with any one of the chosen amenities matches (spec section 3): only dropping them all loosens.
  if (f.amenities.length > 0)
    out.push({
      label: f.amenities.length === 1 ? `Without ${f.amenities[0]}` : 'Without the amenities chosen',
      change: { amenities: [] },
    });
  if (f.accommodationType !== ALL_TYPES)
    out.push({
      label: `Any type, not only ${f.accommodationType}`,
      change: { accommodationType: ALL_TYPES },
    });
  if (f.setting !== ALL_SETTINGS)
    out.push({ label: `Any setting, not only ${f.setting}`, change: { setting: ALL_SETTINGS } });
  if (f.priceRange !== ALL_PRICES) out.push({ label: 'Any price', change: { priceRange: ALL_PRICES } });
  if (f.open) out.push({ label: `Not only open in ${MONTHS[Number(f.open) - 1]}`, change: { open: '' } });
  if (f.pets) out.push({ label: 'Without “Pets allowed”', change: { pets: false } });
  if (f.kids) out.push({ label: 'Without “Good for kids”', change: { kids: false } });
  if (f.accessible) out.push({ label: 'Without “Wheelchair accessible”', change: { accessible: false } });
  if (f.sleeps > 0) out.push({ label: `Not only sleeps ${f.sleeps}+`, change: { sleeps: 0 } });
  if (f.state !== ALL_STATES)
    out.push({ label: `All states, not only ${f.state}`, change: { state: ALL_STATES } });
  if (f.location.trim() && !isDistanceMode(f))
    out.push({ label: `Without “${f.location.trim()}”`, change: { location: '', near: '' } });
  return out;
}

/**
 * What to change when nothing matches (an empty result names its ways out): each single loosening of the filters
 * that finds something, with its count, computed with the page's own search (`count`) over the listings it already
 * has; `count` answers null when those listings cannot tell (the change needs listings not loaded), and that change
 * is left out. Of the radius steps only the smallest that finds something is kept, first; then the others, those
 * finding most first; at most `max`.
 */
export function relaxations(filters: Filters, count: (f: Filters) => number | null, max = 3): Relaxation[] {
  let widen: Relaxation | null = null;
  const others: Relaxation[] = [];
  for (const { label, change } of candidates(filters)) {
    const isRadius = 'radius' in change;
    if (isRadius && widen) continue;
    const next = { ...filters, ...change };
    const n = count(next);
    if (!n) continue;
    if (isRadius) widen = { label, filters: next, count: n };
    else others.push({ label, filters: next, count: n });
  }
  others.sort((a, b) => b.count - a.count);
  return [...(widen ? [widen] : []), ...others].slice(0, max);
}

/** The next wider radius, when there is one short of 'any' (it needs only the states near the place). */
export function widerRadius(filters: Filters): Filters | null {
  if (!isDistanceMode(filters)) return null;
  const next = RADIUS_OPTIONS[RADIUS_OPTIONS.indexOf(filters.radius) + 1];
  return next && next !== 'any' ? { ...filters, radius: next } : null;
}
