import type { Filters } from '../../domain/schemas/filters';
import { setArea, setView } from '../../stores/filters';

/**
 * List / Map: two toggle buttons, the choice in the URL (view=map); beside them the map's area filter
 * ('Search this area') as a removable chip, shown in either view since it limits the list too.
 */
export function ViewToggle({ view, area }: Pick<Filters, 'view' | 'area'>) {
  return (
    <div>
      <fieldset className="view-toggle">
        <legend className="sr-only">Show results as</legend>
        {(['list', 'map'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
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

/**
 * On a phone, the map one tap away from anywhere in the results: a button that stays at the bottom of the screen
 * while the results are on it, and brings the map (or the list again) into view.
 */
export function MapButton({ view, target }: { view: Filters['view']; target: string }) {
  const toMap = view === 'list';
  return (
    <div className="map-button">
      <button
        type="button"
        onClick={() => {
          setView(toMap ? 'map' : 'list');
          // The map's place is in the page once the view changes: bring it (or the list) on screen.
          requestAnimationFrame(() =>
            (toMap
              ? document.getElementById(target)
              : document.querySelector('[data-results]')
            )?.scrollIntoView(),
          );
        }}
      >
        {toMap ? 'Show map' : 'Show list'}
      </button>
    </div>
  );
}
