import { type ListingFacts, openSeason } from './facts';

/*
 * Apart from ./facts.ts, which the browse view loads at once (cards, filters): these lines are shown only by the
 * dialog (loaded on opening), the listing page and the staff e-mail.
 */

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? null : v ? yes : no);

/**
 * The "Good to know" lines of a listing page and dialog, each readable on its own ("Open May–October", "No pets"):
 * only what the listing stated (D32). Kept to plain lines, as every listing page carries them (the page budgets, docs/performance.md).
 */
export function goodToKnow(f: ListingFacts): string[] {
  const season = openSeason(f.open_months);
  const note = f.accessibility_note ? ` (${f.accessibility_note})` : '';
  const lines = [
    season && (season === 'Year-round' ? 'Open year-round' : `Open ${season}`),
    yesNo(f.pets_allowed, 'Pets allowed', 'No pets'),
    yesNo(f.good_for_kids, 'Good for kids', 'Not suited to kids'),
    f.wheelchair_accessible === null
      ? f.accessibility_note
      : `${f.wheelchair_accessible ? 'Wheelchair accessible' : 'Not wheelchair accessible'}${note}`,
    f.sleeps === null ? null : `Sleeps up to ${f.sleeps}`,
    f.min_nights === null ? null : `Minimum stay ${f.min_nights} ${f.min_nights === 1 ? 'night' : 'nights'}`,
  ];
  return lines.filter((line): line is string => Boolean(line));
}
