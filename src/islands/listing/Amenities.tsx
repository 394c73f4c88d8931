import { amenityIcon, iconClass } from '../../domain/amenity-icon';

/** Amenities with their keyword icons (the dialog's full list; a card names the first few: ./CardFacts.tsx). */
export function Amenities({ amenities }: { amenities: readonly string[] }) {
  if (amenities.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700">
      {amenities.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: plain items, reused by position when the dialog shows another listing
        <li key={i} className={`flex items-center gap-1 ${iconClass(amenityIcon(a))}`}>
          {a}
        </li>
      ))}
    </ul>
  );
}

/** Feature names as small badges. */
export function FeatureBadges({ features }: { features: readonly string[] }) {
  if (features.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {features.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: plain items, reused by position (see Amenities)
        <li key={i} className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
          {f}
        </li>
      ))}
    </ul>
  );
}

/** The 'Featured' badge, shown only for featured listings (D18). */
export function FeaturedBadge() {
  return (
    <span className="shrink-0 rounded-full bg-emerald-800 px-2.5 py-0.5 text-xs font-semibold text-white">
      Featured
    </span>
  );
}
