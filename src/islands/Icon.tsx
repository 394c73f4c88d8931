import { type AmenityIcon, iconHref } from '../domain/amenity-icon';

/** A decorative icon from the page's sprite (IconSprite.astro). */
export function Icon({ name }: { name: AmenityIcon | 'phone' }) {
  return (
    <svg aria-hidden="true" focusable="false" className="h-4 w-4 shrink-0 text-emerald-800">
      <use href={iconHref(name)} />
    </svg>
  );
}
