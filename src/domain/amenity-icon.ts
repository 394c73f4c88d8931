/** The icon families the spec names for amenities (keyword match), plus a plain check for the rest. */
export type AmenityIcon = 'wifi' | 'parking' | 'kitchen' | 'group' | 'check';

/** Picks an amenity's icon by keyword: wifi or internet, parking, kitchen or dining, group (spec section 2). */
export function amenityIcon(amenity: string): AmenityIcon {
  const a = amenity.toLowerCase();
  if (a.includes('wifi') || a.includes('internet')) return 'wifi';
  if (a.includes('parking')) return 'parking';
  if (a.includes('kitchen') || a.includes('dining')) return 'kitchen';
  if (a.includes('group')) return 'group';
  return 'check';
}

/** The id of an icon in the page's sprite (src/components/IconSprite.astro); always decorative, beside text. */
export function iconHref(icon: AmenityIcon | 'phone' | 'heart'): string {
  return `#icon-${icon}`;
}
