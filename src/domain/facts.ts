/**
 * The facts glampers filter by (D32): open season, pets, kids, accessibility, sleeps, minimum nights.
 * Each is optional and has three states: yes, no, or not stated (null). Not stated is never shown as "no", and a
 * filter for a fact shows only listings that said yes.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Bounds of the number facts (D22): a whole property may sleep a crowd, nobody asks for more than a year. */
export const SLEEPS_MAX = 500;
export const MIN_NIGHTS_MAX = 365;
export const ACCESSIBILITY_NOTE_MAX = 200;

/** The facts as a listing row holds them (the table's columns). */
export interface ListingFacts {
  /** Months open, 1-12 ascending; all 12: year-round; null: not stated. */
  open_months: number[] | null;
  pets_allowed: boolean | null;
  good_for_kids: boolean | null;
  wheelchair_accessible: boolean | null;
  accessibility_note: string | null;
  sleeps: number | null;
  min_nights: number | null;
}

export const NO_FACTS: ListingFacts = {
  open_months: null,
  pets_allowed: null,
  good_for_kids: null,
  wheelchair_accessible: null,
  accessibility_note: null,
  sleeps: null,
  min_nights: null,
};

/**
 * What cards and filters need, decoded from the browse file: open months as a 12-bit mask (bit 0 January; 0 not
 * stated), three yes/no/unknown answers, and sleeps capped at SLEEPS_CAP (0 not stated).
 */
export interface BrowseFacts {
  open: number;
  pets: boolean | null;
  kids: boolean | null;
  accessible: boolean | null;
  sleeps: number;
}

/** Sleeps in the browse file stops here: a card says "Sleeps 60+" and the filter's largest choice is far below. */
export const SLEEPS_CAP = 60;
const ALL_MONTHS = 0xfff;

const tri = (v: boolean | null) => (v === null ? 0 : v ? 1 : 2);
const untri = (n: number): boolean | null => (n === 0 ? null : n === 1);

export function browseFacts(f: ListingFacts): BrowseFacts {
  return {
    open: (f.open_months ?? []).reduce((mask, m) => mask | (1 << (m - 1)), 0),
    pets: f.pets_allowed,
    kids: f.good_for_kids,
    accessible: f.wheelchair_accessible,
    sleeps: f.sleeps === null ? 0 : Math.min(f.sleeps, SLEEPS_CAP),
  };
}

/**
 * One base36 token per listing ('' when nothing is stated, as for most listings): bits 0-11 the months, then two
 * bits each for pets, kids and accessible, then six for sleeps. At most 5 characters.
 */
export function encodeFacts(f: BrowseFacts): string {
  const n =
    f.open + tri(f.pets) * 2 ** 12 + tri(f.kids) * 2 ** 14 + tri(f.accessible) * 2 ** 16 + f.sleeps * 2 ** 18;
  return n === 0 ? '' : n.toString(36);
}

export function decodeFacts(token: string | undefined): BrowseFacts {
  const n = token ? Number.parseInt(token, 36) || 0 : 0;
  const bits = (shift: number, width: number) => Math.floor(n / 2 ** shift) % 2 ** width;
  return {
    open: bits(0, 12),
    pets: untri(bits(12, 2)),
    kids: untri(bits(14, 2)),
    accessible: untri(bits(16, 2)),
    sleeps: bits(18, 6),
  };
}

/** True when a listing said it is open in `month` (1-12). */
export const openIn = (f: BrowseFacts, month: number) => (f.open & (1 << (month - 1))) !== 0;

/** "Year-round", "May–October", or the months listed ("Jan, Mar, Dec"); '' when not stated. */
export function openSeason(months: readonly number[] | null, short = false): string {
  const name = (m: number) => (short ? MONTHS[m - 1]!.slice(0, 3) : MONTHS[m - 1]!);
  if (!months || months.length === 0) return '';
  const mask = months.reduce((m, n) => m | (1 << (n - 1)), 0);
  if (mask === ALL_MONTHS) return 'Year-round';
  // One run of months, possibly across New Year (November–March).
  const start = months.find((m) => !months.includes(m === 1 ? 12 : m - 1));
  const runs = months.filter((m) => !months.includes(m === 1 ? 12 : m - 1)).length;
  if (months.length === 1) return name(months[0]!);
  if (runs === 1 && start !== undefined) {
    const end = ((start + months.length - 2) % 12) + 1;
    return `${name(start)}–${name(end)}`;
  }
  return months.map((m) => MONTHS[m - 1]!.slice(0, 3)).join(', ');
}

/** Months of a mask, ascending. */
export const monthsOf = (mask: number) =>
  Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => (mask & (1 << (m - 1))) !== 0);

/** The facts of any object carrying the listing columns. */
export const factsOf = (l: ListingFacts): ListingFacts => ({
  open_months: l.open_months,
  pets_allowed: l.pets_allowed,
  good_for_kids: l.good_for_kids,
  wheelchair_accessible: l.wheelchair_accessible,
  accessibility_note: l.accessibility_note,
  sleeps: l.sleeps,
  min_nights: l.min_nights,
});

/** A card's short labels: only what the listing stated, and of the answers only the telling ones. */
export function cardFacts(f: BrowseFacts): string[] {
  const labels: string[] = [];
  const season = openSeason(monthsOf(f.open), true);
  if (season) labels.push(season === 'Year-round' ? season : `Open ${season}`);
  if (f.sleeps > 0) labels.push(`Sleeps ${f.sleeps}${f.sleeps >= SLEEPS_CAP ? '+' : ''}`);
  if (f.pets !== null) labels.push(f.pets ? 'Pets allowed' : 'No pets');
  if (f.kids) labels.push('Good for kids');
  if (f.accessible) labels.push('Wheelchair accessible');
  return labels;
}

/** The "sleeps at least" filter's choices (0: any). */
export const SLEEPS_OPTIONS = [0, 2, 4, 6, 8, 10] as const;
