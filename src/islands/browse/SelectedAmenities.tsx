import { removeAmenity } from '../../stores/filters';

/** The chosen amenities as chips; choosing a chip removes it. */
export function SelectedAmenities({ amenities }: { amenities: readonly string[] }) {
  if (amenities.length === 0) return null;
  return (
    <div className="mt-4">
      <p className="mb-1 text-sm font-medium">Selected Amenities</p>
      <ul className="flex flex-wrap gap-2">
        {amenities.map((a) => (
          <li key={a}>
            <button
              type="button"
              aria-label={`Remove ${a}`}
              onClick={() => removeAmenity(a)}
              className="flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm text-emerald-950 hover:bg-emerald-200"
            >
              {a}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
