import type { Filters } from '../../domain/schemas/filters';
import { setArea, setView } from '../../stores/filters';

/**
 * List / Map (issue 17): two toggle buttons, the choice in the URL (view=map); beside them the map's area filter
 * ('Search this area') as a removable chip, shown in either view since it limits the list too.
 */
export function ViewToggle({ view, area }: Pick<Filters, 'view' | 'area'>) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <fieldset className="inline-flex rounded-md border border-stone-300 bg-white p-0.5">
        <legend className="sr-only">Show results as</legend>
        {(['list', 'map'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className="rounded px-4 py-1.5 text-sm font-semibold hover:bg-stone-100 aria-pressed:bg-emerald-800 aria-pressed:text-white"
          >
            {v === 'map' ? 'Map' : 'List'}
          </button>
        ))}
      </fieldset>
      {area && (
        <button
          type="button"
          aria-label="Remove map area filter"
          onClick={() => setArea('')}
          className="flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm text-emerald-950 hover:bg-emerald-200"
        >
          Listings in the map area
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
