/** A 5-digit ZIP code. */
export const ZIP = /^\d{5}$/;

/**
 * The shape of a `near` value: a 5-digit ZIP or a town key ('asheville-nc'). Only the shape: this runs in the
 * browse view's first load (the filter set), where the gazetteer is not; a key of no known place is dropped once
 * the gazetteer has been asked (`isNearKey` in ./keys.ts checks the state too).
 */
export const NEAR_KEY = /^(?:\d{5}|[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2})$/;
