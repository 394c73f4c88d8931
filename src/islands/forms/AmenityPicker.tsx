import { AMENITIES } from '../../domain/lists';

interface Props {
  /** Checkbox ids are `${idPrefix}-${index}`. */
  idPrefix: string;
  selected: readonly string[];
  error?: string | undefined;
  onChange: (selected: string[]) => void;
}

/** The amenities multi-select of the listing form: the spec's 20 amenities as a group of checkboxes. */
export function AmenityPicker({ idPrefix, selected, error, onChange }: Props) {
  const toggle = (amenity: string, on: boolean) =>
    // Kept in the list's order, whatever order they were ticked in.
    onChange(AMENITIES.filter((a) => (a === amenity ? on : selected.includes(a))));
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-lg font-semibold text-emerald-950">
        Amenities <span className="text-sm font-normal text-stone-600">(optional)</span>
      </legend>
      <p className="mb-3 text-sm text-stone-600">Choose everything guests can use.</p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {AMENITIES.map((amenity, i) => (
          <label key={amenity} htmlFor={`${idPrefix}-${i}`} className="flex items-center gap-2 text-sm">
            <input
              id={`${idPrefix}-${i}`}
              type="checkbox"
              name="amenities"
              value={amenity}
              checked={selected.includes(amenity)}
              onChange={(e) => toggle(amenity, e.target.checked)}
              className="h-4 w-4 accent-emerald-800"
            />
            {amenity}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
