// The browse island needs these two at first load; the location rule itself (./location-text.ts) comes with the
// search code, on demand.

/** The listing fields the location rule looks at. */
export interface Locatable {
  property_name: string;
  city: string;
  state: string;
  zip_code: string;
}

/** True for a US 5-digit ZIP code, spaces around allowed (D14). */
export function isZip(text: string): boolean {
  return /^\d{5}$/.test(text.trim());
}

/** True when the location text asks for results near the visitor ('Near Me', any case). */
export function isNearMe(location: string): boolean {
  return location.trim().toLowerCase() === 'near me';
}
