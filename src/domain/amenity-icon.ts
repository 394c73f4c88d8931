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

/**
 * The class that draws an icon before an element's text (src/styles/icons.css): always decorative, beside text. The
 * icon is the cached style sheet's, so a card or a listing page carries a class rather than an SVG of its own.
 */
export function iconClass(icon: AmenityIcon | 'phone' | 'heart'): string {
  return `i-${icon}`;
}
