/**
 * What turns the loaded listings into results: the search (spec section 7, D14, D27), the orders and the
 * distances on cards. Loaded with the listings (./data.ts requestListings), never with the page: the pre-rendered
 * results need none of it, and nothing can be searched before listings are in.
 */
export { covers } from '../../domain/browse-coverage';
export { relaxations, widerRadius } from '../../domain/relax';
export { cannotMatch, distanceMiles, searchListings, wantsFuzzy } from '../../domain/search';
export { sortListings } from '../../domain/sort';
