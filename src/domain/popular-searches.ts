import type { Filters } from './schemas/filters';

/** The home page's popular searches and the filters each one sets (D12). */
export const POPULAR_SEARCHES: ReadonlyArray<{ label: string; filters: Partial<Filters> }> = [
  { label: 'Florida Glamping', filters: { state: 'Florida' } },
  { label: 'California Luxury Camping', filters: { state: 'California', priceRange: 'Luxury' } },
  { label: 'Texas Ranch Glamping', filters: { state: 'Texas', setting: 'Farm/Ranch' } },
  { label: 'Colorado Mountain Glamping', filters: { state: 'Colorado', setting: 'Mountains' } },
  { label: 'Maine Coastal Glamping', filters: { state: 'Maine', setting: 'Coastal' } },
];
