import { MONTHS, SLEEPS_OPTIONS } from '../../domain/facts';
import { ALL_PRICES, AMENITIES, FILTER_AMENITY_COUNT, PRICE_RANGES } from '../../domain/lists';
import type { Filters } from '../../domain/schemas/filters';
import {
  setFactFilter,
  setHighRating,
  setOpenMonth,
  setPriceRange,
  setSleeps,
  toggleAmenity,
} from '../../stores/filters';
import { Select } from '../shared/Select';

const PRICE_OPTIONS = [{ value: ALL_PRICES, label: 'Any Price Range' }, ...PRICE_RANGES];
// --- Facts ---
const MONTH_OPTIONS = [
  { value: '', label: 'Any Time' },
  ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m })),
];
const SLEEPS_CHOICES = SLEEPS_OPTIONS.map((n) => ({
  value: String(n),
  label: n === 0 ? 'Any' : `${n}+ guests`,
}));
const FACT_CHECKS = [
  ['pets', 'Pets allowed'],
  ['kids', 'Good for kids'],
  ['accessible', 'Wheelchair accessible'],
] as const;
const checkbox = 'h-4 w-4 accent-emerald-800';

/**
 * Price range and the first 12 amenities as checkboxes (spec section 2, advanced filters), and the facts. Shown only
 * once opened: FilterPanel loads this module when the visitor reaches for its button (first load).
 */
export function AdvancedFilters({ id, filters }: { id: string; filters: Filters }) {
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 border-t border-stone-200 pt-4 lg:grid-cols-4">
      <Select
        id={`${id}-price`}
        label="Price Range"
        value={filters.priceRange}
        options={PRICE_OPTIONS}
        onChange={setPriceRange}
      />
      <fieldset className="lg:col-span-3">
        <legend className="mb-1 text-sm font-medium">Popular Amenities</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {AMENITIES.slice(0, FILTER_AMENITY_COUNT).map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={filters.amenities.includes(a)}
                onChange={() => toggleAmenity(a)}
                className={checkbox}
              />
              {a}
            </label>
          ))}
        </div>
      </fieldset>
      {/* --- Facts: each shows only listings that said yes (D32) --- */}
      <Select
        id={`${id}-open`}
        label="Open in"
        value={filters.open}
        options={MONTH_OPTIONS}
        onChange={setOpenMonth}
      />
      <Select
        id={`${id}-sleeps`}
        label="Sleeps at least"
        value={String(filters.sleeps)}
        options={SLEEPS_CHOICES}
        onChange={setSleeps}
      />
      <fieldset className="lg:col-span-2">
        <legend className="mb-1 text-sm font-medium">Good to know</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={filters.rating > 0}
              onChange={(e) => setHighRating(e.target.checked)}
              className={checkbox}
            />
            4+ stars
          </label>
          {FACT_CHECKS.map(([fact, label]) => (
            <label key={fact} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={filters[fact]}
                onChange={(e) => setFactFilter(fact, e.target.checked)}
                className={checkbox}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
