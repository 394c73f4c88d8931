/**
 * Query parameter of each filter (spec: search, state, type, setting; D13 adds price and amenities). A module of
 * its own, without imports, so the home page's hero script can use it without pulling in the filter rules.
 */
export const FILTER_PARAMS = {
  location: 'search',
  state: 'state',
  accommodationType: 'type',
  setting: 'setting',
  priceRange: 'price',
  amenities: 'amenities',
} as const;

/** Fired on window when something outside the browse island changed the filters in the URL (the hero search). */
export const FILTERS_IN_URL_EVENT = 'glamping:filters-in-url';
