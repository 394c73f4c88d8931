import type { AccommodationType, Amenity, SettingType, UsState } from '../../../src/domain/lists';
import type { PlaceTag } from './places';

/** Relative listing weight of each popular state, in POPULAR_STATES order (the spec's /states counts). */
export const POPULAR_WEIGHTS = [45, 32, 28, 25, 22, 19, 16, 14, 12, 11] as const;
/** Well-known glamping states outside the popular ten; every other state weighs less. */
export const SECONDARY_STATES: readonly UsState[] = [
  'Oregon',
  'Arizona',
  'Tennessee',
  'Maine',
  'Michigan',
  'Georgia',
  'Wisconsin',
  'Hawaii',
  'Alaska',
  'Wyoming',
  'Idaho',
  'New Mexico',
  'Pennsylvania',
  'Vermont',
];
export const QUIET_STATES: readonly UsState[] = [
  'Delaware',
  'Rhode Island',
  'North Dakota',
  'Kansas',
  'Nebraska',
  'Iowa',
  'Mississippi',
  'Indiana',
  'Illinois',
];
export const STATE_TIER_WEIGHTS = { secondary: 8, normal: 5, quiet: 3 } as const;

/** Per type: the plural noun used in descriptions, name suffixes, and how common the type is. */
export const TYPE_WORDS: Record<
  AccommodationType,
  { noun: string; suffixes: readonly string[]; weight: number }
> = {
  'Safari Tents': {
    noun: 'safari tents',
    suffixes: ['Safari Camp', 'Safari Tents', 'Tented Camp'],
    weight: 85,
  },
  Yurts: { noun: 'yurts', suffixes: ['Yurts', 'Yurt Village', 'Yurt Camp'], weight: 62 },
  Treehouses: {
    noun: 'treehouses',
    suffixes: ['Treehouses', 'Treehouse Retreat', 'Canopy Lodge'],
    weight: 47,
  },
  'Tiny Houses': {
    noun: 'tiny houses',
    suffixes: ['Tiny Homes', 'Tiny House Village', 'Tiny Cabins'],
    weight: 39,
  },
  Cabins: { noun: 'cabins', suffixes: ['Cabins', 'Cabin Camp', 'Lodge & Cabins'], weight: 56 },
  'Domes (Geodomes)': {
    noun: 'geodesic domes',
    suffixes: ['Dome Retreat', 'Domes', 'Sky Domes'],
    weight: 28,
  },
  'Airstream Trailers': {
    noun: 'restored Airstreams',
    suffixes: ['Airstream Camp', 'Airstreams'],
    weight: 22,
  },
  'Vintage Campers': {
    noun: 'vintage campers',
    suffixes: ['Vintage Trailer Camp', 'Retro Campers'],
    weight: 18,
  },
  'Canvas Tents': { noun: 'canvas wall tents', suffixes: ['Canvas Camp', 'Wall Tents'], weight: 24 },
  'Bell Tents': { noun: 'bell tents', suffixes: ['Bell Tents', 'Bell Tent Camp'], weight: 20 },
  'A-Frame Cabins': { noun: 'A-frame cabins', suffixes: ['A-Frames', 'A-Frame Cabins'], weight: 26 },
  'Container Homes': {
    noun: 'shipping-container homes',
    suffixes: ['Container Lofts', 'Container Cabins'],
    weight: 14,
  },
  "Shepherd's Huts": { noun: "shepherd's huts", suffixes: ["Shepherd's Huts", 'Hut Camp'], weight: 12 },
  'Tipis/Teepees': { noun: 'canvas tipis', suffixes: ['Tipi Camp', 'Tipis'], weight: 12 },
  'Luxury Camping': { noun: 'luxury tents', suffixes: ['Glamping', 'Luxury Camp', 'Retreat'], weight: 30 },
  'Resort Glamping': {
    noun: 'tented suites',
    suffixes: ['Resort', 'Glamping Resort'],
    weight: 16,
  },
  'Eco-Tents': { noun: 'off-grid eco-tents', suffixes: ['Eco Camp', 'Eco Retreat'], weight: 18 },
  'Event Glamping': { noun: 'event-ready bell tents', suffixes: ['Event Glamping', 'Tent Co.'], weight: 8 },
};

/** Types whose price skews high or low; the rest are 'normal'. */
export const PRICE_TIERS: Partial<Record<AccommodationType, 'premium' | 'budget'>> = {
  Treehouses: 'premium',
  'Domes (Geodomes)': 'premium',
  'Luxury Camping': 'premium',
  'Resort Glamping': 'premium',
  'Canvas Tents': 'budget',
  'Bell Tents': 'budget',
  'Vintage Campers': 'budget',
  'Tipis/Teepees': 'budget',
};

/** Per setting: a phrase that follows the type noun, and how common the setting is. */
export const SETTING_WORDS: Record<SettingType, { phrase: string; weight: number }> = {
  Forest: { phrase: 'in a quiet stand of old pines', weight: 14 },
  Mountains: { phrase: 'with sweeping mountain views', weight: 14 },
  Lake: { phrase: 'on the shore of a spring-fed lake', weight: 9 },
  'Ocean/Beach': { phrase: 'a short walk from the beach', weight: 8 },
  Desert: { phrase: 'in the open high desert', weight: 8 },
  'Farm/Ranch': { phrase: 'on a working family farm', weight: 6 },
  'Vineyard/Winery': { phrase: 'among rolling vineyard rows', weight: 4 },
  River: { phrase: 'along a clear, cold river', weight: 8 },
  'National Park': { phrase: 'at the doorstep of a national park', weight: 7 },
  'State Park': { phrase: 'next to a favorite state park', weight: 5 },
  'Private Land': { phrase: 'on secluded private acreage', weight: 5 },
  'Urban Glamping': { phrase: 'in a leafy garden close to downtown', weight: 2 },
  Wilderness: { phrase: 'deep in the backcountry', weight: 5 },
  Countryside: { phrase: 'in peaceful rolling countryside', weight: 6 },
  'Island/Beach': { phrase: 'on a quiet island beach', weight: 2 },
  Coastal: { phrase: 'along the rugged coastline', weight: 5 },
  Waterfront: { phrase: 'right on the waterfront', weight: 4 },
  'Outdoor Adventures': { phrase: 'surrounded by trails, rapids and climbing routes', weight: 5 },
  'Resort Style': { phrase: 'with resort-style comforts', weight: 3 },
  'Ranch/Western': { phrase: 'on a classic western ranch', weight: 4 },
};

/** Settings that only fit a coastal or a desert town. */
export const SETTING_NEEDS: Partial<Record<SettingType, PlaceTag>> = {
  'Ocean/Beach': 'coast',
  'Island/Beach': 'coast',
  Coastal: 'coast',
  Desert: 'desert',
};
/** Settings near water, where Beach Access makes sense. */
export const WATER_SETTINGS: readonly SettingType[] = [
  'Ocean/Beach',
  'Island/Beach',
  'Coastal',
  'Lake',
  'Waterfront',
];

export const NAME_WORDS = [
  'Whispering Pines',
  'Cedar Hollow',
  'Silver Creek',
  'Bluebird',
  'Juniper Ridge',
  'Hidden Valley',
  'Wildflower',
  'Aspen Grove',
  'Starlight',
  'Moonrise',
  'Fox Run',
  'Black Bear',
  "Owl's Nest",
  'Timberline',
  'Golden Meadow',
  'Willow Bend',
  'Firefly',
  'Kindred Oaks',
  'Honey Hill',
  'Lantern Grove',
  'Stillwater',
  'Evergreen',
  'Hawk Hill',
  'Little Bear',
  'Maple Hollow',
  'Misty Ridge',
  'Quiet Creek',
  'Wandering Elk',
  'Blue Heron',
  'Sweetgrass',
];
export const SETTING_NAME_WORDS: Partial<Record<SettingType, readonly string[]>> = {
  Desert: ['Red Rock', 'Sagebrush', 'Canyon Sky', 'Painted Mesa', 'Coyote Springs', 'Desert Bloom'],
  'Ocean/Beach': ['Driftwood', 'Saltwater', 'Sea Breeze', 'Sandpiper', 'Tidewater'],
  'Island/Beach': ['Seagrass', 'Sandy Cove', 'Island Breeze'],
  Coastal: ['Cliffside', 'Foghorn', 'Sea Spray', 'Lighthouse Point'],
  Mountains: ['Summit', 'Alpine Meadow', 'High Country', 'Granite Peak', 'Ridgeline'],
  Lake: ['Loon Lake', 'Lakeshore', 'Clearwater', 'Deep Water'],
  River: ['River Bend', 'Riverstone', 'Trout Run'],
  'Vineyard/Winery': ['Vine & Vale', 'Crush Pad', 'Harvest Moon'],
  'Farm/Ranch': ['Red Barn', 'Hayloft', 'Meadowlark Farm'],
  'Ranch/Western': ['Saddle Creek', 'Lone Pine Ranch', 'Spur & Sage'],
};

export const STREETS = [
  'Old Mill Rd',
  'Forest Service Rd 42',
  'Canyon View Dr',
  'Lakeshore Dr',
  'County Road 7',
  'Pine Hollow Ln',
  'Ridge Rd',
  'Ranch Rd',
  'Creekside Way',
  'Orchard Ln',
  'Highland Ave',
  'Quarry Rd',
  'Meadow Ln',
  'Trailhead Rd',
  'Scenic Hwy',
];

export const FEATURES = [
  'Stargazing Deck',
  'Outdoor Shower',
  'Hammock Grove',
  'Wood-Fired Sauna',
  'Clawfoot Tub',
  'King Bed',
  'Telescope',
  'Outdoor Kitchen',
  'Yoga Platform',
  'Farm-Fresh Breakfast',
  'Wood Stove',
  'Skylight',
  'Private Deck',
  'Sunset Views',
  'EV Charging',
  'Guided Hikes',
  'Record Player',
  'Board Games',
  'Picnic Area',
  'Dark Sky Site',
  'Bike Rentals',
  "S'mores Kit",
  'Wildlife Viewing',
  'Covered Porch',
  'Heated Floors',
  'Solar Powered',
  'Composting Toilet',
  'Coffee Bar',
];
export const SETTING_FEATURES: Partial<Record<SettingType, readonly string[]>> = {
  'Ocean/Beach': ['Ocean Views', 'Beach Bonfires'],
  'Island/Beach': ['Ocean Views', 'Ferry Pickup'],
  Coastal: ['Ocean Views', 'Tide Pools'],
  Lake: ['Lake Views', 'Kayak Rentals', 'Private Dock'],
  River: ['Creek Views', 'Tubing', 'Fly Fishing'],
  Mountains: ['Mountain Views', 'Ski Shuttle'],
  'Ranch/Western': ['Horseback Riding', 'Cowboy Cookouts'],
  'Farm/Ranch': ['Farm Animals', 'Egg Collecting'],
  'Vineyard/Winery': ['Wine Tasting', 'Vineyard Views'],
  Waterfront: ['Private Dock', 'Paddleboards'],
};

/** Second sentence of a description, keyed by an amenity the listing really has. */
export const AMENITY_LINES: Partial<Record<Amenity, string>> = {
  'Hot Tub/Jacuzzi': 'Soak in a hot tub after a day on the trails.',
  'Fire Pit': 'Evenings end around the fire pit under a sky full of stars.',
  'Full Kitchen': 'A full kitchen makes longer stays easy.',
  'Private Bathroom': 'Every site has its own private bathroom.',
  'Pet-Friendly': 'Well-behaved dogs are welcome.',
  'Hiking Trails': 'Trails start right from your door.',
  'Restaurant On-Site': 'Breakfast and dinner are served at the on-site restaurant.',
  'Air Conditioning': 'Air conditioning keeps summer nights cool.',
  Fishing: 'Bring a rod: the fishing is excellent.',
  'Linens Provided': 'Beds come made with soft linens and plenty of blankets.',
};

export const CLOSING_LINES = [
  'Hosts live nearby and are happy to share local tips.',
  'Open spring through fall; book early for summer weekends.',
  'Open year-round, with cozy off-season rates.',
  'Two-night minimum on weekends.',
  'Couples, families and small groups are all at home here.',
];

export const EMAIL_USERS = ['stay', 'hello', 'info', 'reservations', 'book'];

/** Price-range weights in PRICE_RANGES order (budget, mid, luxury, ultra). */
export const PRICE_WEIGHTS = {
  premium: [0.5, 2, 4, 3],
  budget: [5, 4, 1, 0.2],
  normal: [3, 5, 3, 1],
} as const;

/** Amenity pairs a single listing would not offer together. */
export const RIVAL_AMENITIES: ReadonlyArray<readonly [Amenity, Amenity]> = [
  ['Private Bathroom', 'Shared Bathhouse'],
  ['Full Kitchen', 'Kitchenette'],
];

interface OpenerWords {
  name: string;
  noun: string;
  phrase: string;
  city: string;
  state: UsState;
}

/** First sentence of a description: always names the town and the setting. */
export const OPENERS: ReadonlyArray<(w: OpenerWords) => string> = [
  (w) => `${w.name} offers ${w.noun} ${w.phrase}, just outside ${w.city}.`,
  (w) => `Thoughtfully designed ${w.noun} ${w.phrase}, a short drive from ${w.city}.`,
  (w) => `Sleep in ${w.noun} ${w.phrase} near ${w.city}, ${w.state}.`,
];

/** The real-world ways owners type the same 10 digits. */
export const PHONE_FORMATS: ReadonlyArray<(area: string, line: string) => string> = [
  (area, line) => `${area}555${line}`,
  (area, line) => `(${area}) 555-${line}`,
  (area, line) => `${area}-555-${line}`,
  (area, line) => `${area}.555.${line}`,
];

/** States where a classic western ranch setting belongs. */
export const WESTERN_STATES = new Set<UsState>([
  'Arizona',
  'California',
  'Colorado',
  'Idaho',
  'Kansas',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Mexico',
  'North Dakota',
  'Oklahoma',
  'Oregon',
  'South Dakota',
  'Texas',
  'Utah',
  'Washington',
  'Wyoming',
]);
