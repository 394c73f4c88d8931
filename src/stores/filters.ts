import { atom } from 'nanostores';
import { HIGH_RATING } from '../domain/ratings';
import { DEFAULT_FILTERS, type Filters, filtersSchema } from '../domain/schemas/filters';
import type { Coordinates } from '../domain/search';

/**
 * The browse view's filter set (spec section 3): the one truth about it. Islands read it and change it only
 * through the actions below; the address bar is its serialisation, kept in step by `bindFiltersToUrl`
 * (./filters-url.ts).
 */
export const $filters = atom<Filters>(DEFAULT_FILTERS);

/** Where the visitor is, once they allowed geolocation ('Near Me', D14). */
export const $origin = atom<Coordinates | null>(null);

/** Why 'Near Me' could not sort by distance; empty when nothing went wrong. */
export const $geoMessage = atom('');

// Every write goes through the schema, so no island can put an unknown value into the filter set.
const update = (next: Partial<Filters>) => $filters.set(filtersSchema.parse({ ...$filters.get(), ...next }));

/** Sets the typed location text: typing after choosing a place leaves that place (plain text search, D27). */
export function setLocation(location: string): void {
  update({ location, near: '' });
}

/** Sets every filter at once: an empty result's way out (src/domain/relax.ts) changes one and keeps the rest. */
export function applyFilters(filters: Filters): void {
  update(filters);
}

/** Sets the state ('all-states' for any). */
export function setState(state: string): void {
  update({ state: state as Filters['state'] });
}

/** Sets the accommodation type ('all-types' for any). */
export function setAccommodationType(type: string): void {
  update({ accommodationType: type as Filters['accommodationType'] });
}

/** Sets the setting ('all-settings' for any). */
export function setSetting(setting: string): void {
  update({ setting: setting as Filters['setting'] });
}

/** Sets the price range ('all-prices' for any). */
export function setPriceRange(priceRange: string): void {
  update({ priceRange: priceRange as Filters['priceRange'] });
}

/** Adds the amenity when absent, removes it when present. */
export function toggleAmenity(amenity: string): void {
  const { amenities } = $filters.get();
  update({
    amenities: amenities.includes(amenity) ? amenities.filter((a) => a !== amenity) : [...amenities, amenity],
  });
}

/** Removes one chosen amenity (a Selected Amenities chip). */
export function removeAmenity(amenity: string): void {
  update({ amenities: $filters.get().amenities.filter((a) => a !== amenity) });
}

// --- Places ---
/** A place chosen from the suggestions: the field shows its label, the results measure from it (D27). */
export function choosePlace(place: { key: string; label: string }): void {
  update({ location: place.label, near: place.key });
}

/**
 * What the gazetteer said about the place of a link: its label fills an empty field (`?near=80302` alone); null (no
 * such place) drops the key, and the text filters as plain text.
 */
export function settleNear(label: string | null): void {
  if (label === null) update({ near: '' });
  else if (!$filters.get().location) update({ location: label });
}

/** Sets the distance limit ('25', '50', '100', '250' miles or 'any'). */
export function setRadius(radius: string): void {
  update({ radius: radius as Filters['radius'] });
}
// --- end Places ---

/** 'Clear All': every filter back to its default; the results keep their view (list or map) and order. */
export function clearFilters(): void {
  const { view, sort } = $filters.get();
  $filters.set({ ...DEFAULT_FILTERS, view, sort });
  $geoMessage.set('');
}

// --- Map ---
/** Shows the results as a list or on the map. */
export function setView(view: Filters['view']): void {
  update({ view });
}

/** 'Search this area': only listings inside the area ('south,west,north,east'); '' removes the area filter. */
export function setArea(area: string): void {
  update({ area });
}

// --- Sort ---
/** Orders the results ('' for the default order, see src/domain/sort.ts). */
export function setSort(sort: string): void {
  update({ sort: sort as Filters['sort'] });
}

/** Records the visitor's position for distance sorting. */
export function setOrigin(origin: Coordinates | null): void {
  $origin.set(origin);
  if (origin) $geoMessage.set('');
}

/** Shows why location could not be used. */
export function setGeoMessage(message: string): void {
  $geoMessage.set(message);
}

// --- Facts ---
/** "Open in" a month ('1'-'12'; '' any time). */
export function setOpenMonth(open: string): void {
  update({ open });
}

/** Turns one yes-only fact filter on or off (pets, kids, accessible). */
export function setFactFilter(fact: 'pets' | 'kids' | 'accessible', on: boolean): void {
  update({ [fact]: on });
}

/** "4+ stars" on or off (docs/reviews.md). */
export function setHighRating(on: boolean): void {
  update({ rating: on ? HIGH_RATING : 0 });
}

/** "Sleeps at least" N ('0': any). */
export function setSleeps(sleeps: string): void {
  update({ sleeps: Number(sleeps) });
}
