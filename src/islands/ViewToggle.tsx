import type { Filters } from '../domain/schemas/filters';
import { setArea, setView } from '../stores/filters';

const VIEWS: Array<{ value: Filters['view']; label: string }> = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
];

/** List / Map (issue 17): two toggle buttons; the choice is part of the URL (view=map). */
export function ViewToggle({ view }: { view: Filters['view'] }) {
  return (
    <fieldset className="mt-4 inline-flex rounded-md border border-stone-300 bg-white p-0.5">
      <legend className="sr-only">Show results as</legend>
      {VIEWS.map((v) => (
        <button
          key={v.value}
          type="button"
          aria-pressed={view === v.value}
          onClick={() => setView(v.value)}
          className={`rounded px-4 py-1.5 text-sm font-semibold ${view === v.value ? 'bg-emerald-800 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
        >
          {v.label}
        </button>
      ))}
    </fieldset>
  );
}

/** The area filter as a removable chip ('Search this area'), beside the other chosen filters. */
export function AreaChip({ area }: { area: string }) {
  if (!area) return null;
  return (
    <div className="mt-4">
      <p className="mb-1 text-sm font-medium">Map Area</p>
      <button
        type="button"
        aria-label="Remove map area filter"
        onClick={() => setArea('')}
        className="flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm text-emerald-950 hover:bg-emerald-200"
      >
        Listings in the map area
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
