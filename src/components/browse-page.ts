import { browseResults } from '../data/snapshot';
import { DEFAULT_FILTERS, type Filters, filtersSchema } from '../domain/schemas/filters';
import { PAGE_SIZE } from '../domain/search';

/**
 * What a page of the browse view shows at first: its preset's results and the slice of them on this page (landing
 * pages are paginated). The browse section and its cards' covers in the page's head (CardCovers.astro) both ask.
 */
export async function browsePage(presetInput: Partial<Filters> = {}, page = 1) {
  const offset = (page - 1) * PAGE_SIZE;
  const preset = filtersSchema.parse({ ...DEFAULT_FILTERS, ...presetInput });
  // Searched once per preset and build: a landing page's later pages show other slices of the same results.
  const matched = await browseResults(preset);
  return { preset, offset, matched, shown: matched.slice(offset, offset + PAGE_SIZE) };
}
