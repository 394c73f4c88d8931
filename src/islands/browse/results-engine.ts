/**
 * What turns the loaded listings into results: the search (spec section 7, D14, D27), the orders and the
 * distances on cards. Loaded when the browser is idle or with the first request for listings (./data.ts), never
 * with the page: the pre-rendered results need none of it.
 */
export { covers } from '../../domain/browse-coverage';
export { relaxations, widerRadius } from '../../domain/relax';
export { cannotMatch, distanceMiles, searchListings, wantsFuzzy } from '../../domain/search';
export { sortListings } from '../../domain/sort';
