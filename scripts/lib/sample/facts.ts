import type { ListingFacts } from '../../../src/domain/facts';
import type { AccommodationType, SettingType } from '../../../src/domain/lists';

type Rng = () => number;

const ACCESS_NOTES = [
  'Step-free path from parking to one tent',
  'Roll-in shower in the bath house',
  'One cabin with a ramp and wide doors',
  'Paved paths; the treehouse itself has stairs',
];

/** Typical maximum guests by type: tents and pods sleep few, cabins and houses more. */
const SLEEPS: Partial<Record<AccommodationType, readonly number[]>> = {
  Treehouses: [2, 2, 4, 4, 6],
  Cabins: [2, 4, 4, 6, 6, 8, 10, 12],
  'Tiny Houses': [2, 2, 3, 4],
  'Domes (Geodomes)': [2, 2, 4],
  'Resort Glamping': [2, 4, 4, 6],
};
const SLEEPS_DEFAULT = [2, 2, 2, 4, 4, 6];

/**
 * Facts as owners state them (D32): many leave some unsaid, so every fact is often null. Cold settings
 * close in winter; deserts close in high summer; a pet-friendly place allows pets. Drawn from a stream of their own, so the rest of the data set is
 * the same as before these fields existed.
 */
export function sampleFacts(
  rng: Rng,
  type: AccommodationType,
  setting: SettingType,
  amenities: readonly string[],
): ListingFacts {
  const said = (p: number) => rng() < p;
  const yesNo = (stated: number, yes: number) => (said(stated) ? rng() < yes : null);
  let open_months: number[] | null = null;
  if (said(0.6)) {
    const roll = rng();
    if (roll < 0.4) open_months = range(1, 12);
    else if (setting === 'Desert') open_months = [...range(1, 5), ...range(9, 12)];
    else if (roll < 0.75) open_months = range(5, 10);
    else open_months = range(4, 11);
  }
  const wheelchair_accessible = yesNo(0.35, 0.3);
  const sleepsChoices = SLEEPS[type] ?? SLEEPS_DEFAULT;
  const pets = yesNo(0.55, 0.45);
  return {
    open_months,
    // A place that lists "Pet-Friendly" among its amenities allows pets; the draw is made all the same, so every
    // later fact is what it was.
    pets_allowed: amenities.includes('Pet-Friendly') ? true : pets,
    good_for_kids: yesNo(0.5, 0.8),
    wheelchair_accessible,
    accessibility_note:
      wheelchair_accessible && rng() < 0.6 ? ACCESS_NOTES[Math.floor(rng() * ACCESS_NOTES.length)]! : null,
    sleeps: said(0.7) ? sleepsChoices[Math.floor(rng() * sleepsChoices.length)]! : null,
    min_nights: said(0.45) ? [1, 1, 2, 2, 2, 3][Math.floor(rng() * 6)]! : null,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
