import { useStore } from '@nanostores/react';
import {
  memo,
  type ReactNode,
  type RefObject,
  startTransition,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { formatCount } from '../../domain/format';
import {
  ACCOMMODATION_TYPES,
  ALL_SETTINGS,
  ALL_STATES,
  ALL_TYPES,
  SETTING_TYPES,
  US_STATES,
} from '../../domain/lists';
import { isNearMe } from '../../domain/location';
import { isDistanceMode } from '../../domain/places/near';
import {
  type Filters,
  hasActiveFilters,
  panelFilterCount,
  RADIUS_OPTIONS,
} from '../../domain/schemas/filters';
import {
  $geoMessage,
  choosePlace,
  clearFilters,
  setAccommodationType,
  setLocation,
  setRadius,
  setSetting,
  setState,
} from '../../stores/filters';
import { onDemand, useOnDemandDisclosure } from '../shared/on-demand';
import { Select } from '../shared/Select';
import { loadPlaceSearch } from './hooks';
import { SelectedAmenities } from './SelectedAmenities';

export const LOCATION_PLACEHOLDER = "City, ZIP, or 'Near Me'";
const RADIUS_CHOICES = RADIUS_OPTIONS.map((r) => ({
  value: r,
  label: r === 'any' ? 'Any distance' : `Within ${r} miles`,
}));
const same = (v: string) => ({ value: v, label: v });
const STATE_OPTIONS = [{ value: ALL_STATES, label: 'All States' }, ...US_STATES.map(same)];
const TYPE_OPTIONS = [{ value: ALL_TYPES, label: 'Any Type' }, ...ACCOMMODATION_TYPES.map(same)];
const SETTING_OPTIONS = [{ value: ALL_SETTINGS, label: 'Any Setting' }, ...SETTING_TYPES.map(same)];
// The advanced filters are not part of the first load: their code loads as the visitor reaches for the button
// (pointer over it, focus, touch), so it is usually in by the time they press it; the panel opens once it is, never
// empty.
const loadAdvanced = onDemand(() => import('./AdvancedFilters'));

interface Props {
  filters: Filters;
  /** Null while the results are still being worked out. */
  total: number | null;
  headingLevel: 1 | 2;
}

/** The browse view's filter panel (spec section 2); every change goes through the filter store's actions. */
export const FilterPanel = memo(function FilterPanel({ filters, total, headingLevel }: Props) {
  const id = useId();
  const { open: advanced, loaded, button: advancedButton } = useOnDemandDisclosure(loadAdvanced);
  const AdvancedFilters = loaded?.AdvancedFilters;
  // On a phone the filters beyond the location are a sheet: a native modal <dialog> keeps focus inside,
  // closes on Escape and gives the focus back to the button. On wider screens the same controls show inline as
  // today's panel (./Sheet below).
  const sheet = useRef<HTMLDialogElement>(null);
  const narrow = useNarrow();
  const closeSheet = () => sheet.current?.close();
  const count = panelFilterCount(filters);
  const geoMessage = useStore($geoMessage);
  const locationField = useRef<HTMLInputElement>(null);
  // As the visitor types, a combobox suggests towns and ZIP codes; choosing one switches to distance mode
  // (D27). Its code and the gazetteer load on demand: nothing of them is in the first load.
  useEffect(() => {
    let live = true;
    let detach: (() => void) | undefined;
    loadPlaceSearch().then((m) => {
      if (!live || !locationField.current) return;
      detach = m.attachPlaceCombobox(locationField.current, choosePlace);
      // The home hero's field (a plain form) gets its suggestions here too: see enhancePlaceFields.
      m.enhancePlaceFields(document);
    });
    return () => {
      live = false;
      detach?.();
    };
  }, []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={`${id}-heading`} className="panel">
      <div className="panel-head">
        <Heading id={`${id}-heading`}>Find Your Perfect Glamping Experience</Heading>
        <p role="status">{total === null ? '' : `${formatCount(total)} results found`}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="field">
          <label htmlFor={`${id}-location`}>Location</label>
          <input
            ref={locationField}
            id={`${id}-location`}
            type="text"
            enterKeyHint="search"
            value={filters.location}
            maxLength={100}
            placeholder={LOCATION_PLACEHOLDER}
            onChange={(e) => setLocation(e.target.value)}
          />
          <button type="button" onClick={() => setLocation('Near Me')}>
            Use my location
          </button>
          {geoMessage && isNearMe(filters.location) && (
            <p role="alert" className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
              {geoMessage}
            </p>
          )}
        </div>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => sheet.current?.showModal()}
          className="panel-open"
        >
          {`Filters (${count})`}
        </button>
        <Sheet narrow={narrow} sheet={sheet} titleId={`${id}-sheet-title`}>
          <div className="sheet-top">
            <h2 id={`${id}-sheet-title`}>Filters</h2>
            <button type="button" onClick={closeSheet}>
              Close
            </button>
          </div>
          <Select
            id={`${id}-state`}
            label="State"
            value={filters.state}
            onChange={setState}
            options={STATE_OPTIONS}
          />
          <Select
            id={`${id}-type`}
            label="Accommodation Type"
            value={filters.accommodationType}
            onChange={setAccommodationType}
            options={TYPE_OPTIONS}
          />
          <Select
            id={`${id}-setting`}
            label="Setting"
            value={filters.setting}
            onChange={setSetting}
            options={SETTING_OPTIONS}
          />
          {isDistanceMode(filters) && (
            <Select
              id={`${id}-radius`}
              label="Distance"
              value={filters.radius}
              onChange={setRadius}
              options={RADIUS_CHOICES}
            />
          )}
          <div className="sm:col-span-full">
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                {...advancedButton}
                aria-controls={`${id}-advanced`}
                className="button-line"
              >
                {advanced ? 'Hide Advanced Filters' : 'Show Advanced Filters'}
              </button>
              {hasActiveFilters(filters) && (
                <button type="button" onClick={clearFilters} className="button-clear">
                  Clear All
                </button>
              )}
            </div>
            <div id={`${id}-advanced`} hidden={!advanced}>
              {advanced && AdvancedFilters && <AdvancedFilters id={id} filters={filters} />}
            </div>
            <SelectedAmenities amenities={filters.amenities} />
          </div>
          <button type="button" onClick={closeSheet} className="button sm:hidden">
            {total === null ? 'Show results' : `Show ${formatCount(total)} results`}
          </button>
        </Sheet>
      </div>
    </section>
  );
});

// Below Tailwind's sm breakpoint. The server renders the wide screen's panel, which a phone hides until the island
// runs and swaps in the sheet. The swap is a transition: React renders it in slices after hydration rather than in
// one task at load, as a store hook's change would be (docs/performance.md, "Work at load").
const NARROW = '(max-width: 39.99rem)';
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = matchMedia(NARROW);
    const update = () => startTransition(() => setNarrow(query.matches));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

/**
 * The filters beyond the location: a modal sheet (a <dialog>) on a phone, inline in the panel's grid on wider
 * screens. Two elements rather than one <dialog> shown inline under another role, which HTML does not allow.
 */
function Sheet({
  narrow,
  sheet,
  titleId,
  children,
}: {
  narrow: boolean;
  sheet: RefObject<HTMLDialogElement | null>;
  titleId: string;
  children: ReactNode;
}) {
  return narrow ? (
    <dialog
      ref={sheet}
      aria-labelledby={titleId}
      className="mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none gap-4 overflow-y-auto rounded-t-xl border-0 bg-white p-4 backdrop:bg-black/40 open:flex open:flex-col"
    >
      {children}
    </dialog>
  ) : (
    <div className="contents max-sm:hidden">{children}</div>
  );
}
