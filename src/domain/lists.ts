/**
 * The spec's fixed lists (section 3), in the spec's order, byte for byte.
 * Everything else (selects, checkboxes, routes, seed data) derives from these.
 */

export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;
export type UsState = (typeof US_STATES)[number];

export const ACCOMMODATION_TYPES = [
  'Safari Tents',
  'Yurts',
  'Treehouses',
  'Tiny Houses',
  'Cabins',
  'Domes (Geodomes)',
  'Airstream Trailers',
  'Vintage Campers',
  'Canvas Tents',
  'Bell Tents',
  'A-Frame Cabins',
  'Container Homes',
  "Shepherd's Huts",
  'Tipis/Teepees',
  'Luxury Camping',
  'Resort Glamping',
  'Eco-Tents',
  'Event Glamping',
] as const;
export type AccommodationType = (typeof ACCOMMODATION_TYPES)[number];

export const SETTING_TYPES = [
  'Forest',
  'Mountains',
  'Lake',
  'Ocean/Beach',
  'Desert',
  'Farm/Ranch',
  'Vineyard/Winery',
  'River',
  'National Park',
  'State Park',
  'Private Land',
  'Urban Glamping',
  'Wilderness',
  'Countryside',
  'Island/Beach',
  'Coastal',
  'Waterfront',
  'Outdoor Adventures',
  'Resort Style',
  'Ranch/Western',
] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export const AMENITIES = [
  'Private Bathroom',
  'Shared Bathhouse',
  'Hot Shower',
  'Full Kitchen',
  'Kitchenette',
  'WiFi/Internet',
  'Air Conditioning',
  'Heating',
  'Hot Tub/Jacuzzi',
  'Fire Pit',
  'BBQ Grill',
  'Deck/Patio',
  'Hiking Trails',
  'Swimming',
  'Fishing',
  'Beach Access',
  'Parking',
  'Linens Provided',
  'Pet-Friendly',
  'Restaurant On-Site',
] as const;
export type Amenity = (typeof AMENITIES)[number];

/** The filter panel shows the first 12 amenities as checkboxes (spec section 9). */
export const FILTER_AMENITY_COUNT = 12;

/**
 * Price ranges: the stored value is the short name; the label adds the band; `signs` is the form search engines
 * read as schema.org priceRange (a count of currency signs).
 */
export const PRICE_RANGES = [
  { value: 'Budget-Friendly', label: 'Budget-Friendly (Under $100)', signs: '$' },
  { value: 'Mid-Range', label: 'Mid-Range ($100-200)', signs: '$$' },
  { value: 'Luxury', label: 'Luxury ($200-400)', signs: '$$$' },
  { value: 'Ultra-Luxury', label: 'Ultra-Luxury ($400+)', signs: '$$$$' },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]['value'];
export const PRICE_RANGE_VALUES = PRICE_RANGES.map((p) => p.value) as [PriceRange, ...PriceRange[]];

export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General question' },
  { value: 'listing', label: 'Listing help' },
  { value: 'technical', label: 'Technical issue' },
  { value: 'booking', label: 'Booking question' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'partnership', label: 'Partnership' },
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]['value'];

/** "All" sentinels of the filter selects (spec section 2). */
export const ALL_STATES = 'all-states';
export const ALL_TYPES = 'all-types';
export const ALL_SETTINGS = 'all-settings';
export const ALL_PRICES = 'all-prices';

/** The 14 type routes of the spec's route table, each pre-applying its type (D11). */
export const TYPE_ROUTES: ReadonlyArray<{ path: string; type: AccommodationType }> = [
  { path: 'safari-tents', type: 'Safari Tents' },
  { path: 'yurts', type: 'Yurts' },
  { path: 'treehouses', type: 'Treehouses' },
  { path: 'tiny-houses', type: 'Tiny Houses' },
  { path: 'cabins', type: 'Cabins' },
  { path: 'domes', type: 'Domes (Geodomes)' },
  { path: 'airstream-trailers', type: 'Airstream Trailers' },
  { path: 'vintage-campers', type: 'Vintage Campers' },
  { path: 'canvas-tents', type: 'Canvas Tents' },
  { path: 'bell-tents', type: 'Bell Tents' },
  { path: 'a-frame-cabins', type: 'A-Frame Cabins' },
  { path: 'container-homes', type: 'Container Homes' },
  { path: 'shepherds-huts', type: "Shepherd's Huts" },
  { path: 'tipis-teepees', type: 'Tipis/Teepees' },
];

/** Popular states in the spec's order (section 9, D9). */
export const POPULAR_STATES: readonly UsState[] = [
  'California',
  'Colorado',
  'Florida',
  'Texas',
  'Utah',
  'Washington',
  'North Carolina',
  'Virginia',
  'Montana',
  'New York',
];

/** Popular types in the spec's order (section 9): the first six of the type list, which follows the same order. */
export const POPULAR_TYPES: readonly AccommodationType[] = ACCOMMODATION_TYPES.slice(0, 6);

export const SITE_NAME = 'Glamping Directory USA';
