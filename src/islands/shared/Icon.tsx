import { type AmenityIcon, iconHref } from '../../domain/amenity-icon';

/** A decorative icon from the page's sprite (IconSprite.astro). */
export function Icon({ name }: { name: AmenityIcon | 'phone' }) {
  return (
    <svg aria-hidden="true" className="icon">
      <use href={iconHref(name)} />
    </svg>
  );
}
