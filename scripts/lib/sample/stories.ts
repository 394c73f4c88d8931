/*
 * Sample descriptions and unique names (data tables and the few lines that use them): descriptions of varied length
 * and content, drawn from each listing's type, setting, amenities and place, so the demo reads like a directory of
 * real places rather than one template. Every draw comes from the caller's random stream: the same seed, the same
 * text.
 */
import { MONTHS } from '../../../src/domain/facts';
import type { AccommodationType, Amenity, SettingType } from '../../../src/domain/lists';
import { AMENITY_LINES } from './words';

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

interface Story {
  name: string;
  noun: string;
  phrase: string;
  city: string;
  state: string;
  type: AccommodationType;
  setting: SettingType;
  amenities: readonly Amenity[];
  /** Months open (1-12) when stated: the description never contradicts the facts (D32). */
  openMonths: readonly number[] | null;
}

const OPENERS: ReadonlyArray<(s: Story) => string> = [
  (s) => `${s.name} offers ${s.noun} ${s.phrase}, just outside ${s.city}.`,
  (s) => `Thoughtfully designed ${s.noun} ${s.phrase}, a short drive from ${s.city}.`,
  (s) => `Sleep in ${s.noun} ${s.phrase} near ${s.city}, ${s.state}.`,
  (s) => `A handful of ${s.noun} ${s.phrase}, twenty minutes from downtown ${s.city}.`,
  (s) =>
    `${s.name} began as a family weekend spot near ${s.city} and now welcomes guests to its ${s.noun} ${s.phrase}.`,
  (s) => `Wake up ${s.phrase} at ${s.name}, outside ${s.city}.`,
  (s) => `Just a few ${s.noun} ${s.phrase} near ${s.city}: ${s.name} keeps things small on purpose.`,
];

/** What staying in each kind of shelter is like. */
const SHELTER_LINES: Record<AccommodationType, readonly string[]> = {
  'Safari Tents': [
    'Each canvas tent stands on a raised wooden deck with a real bed and a porch for morning coffee.',
    'The walk-in tents have hardwood floors, rugs and screened windows that let the breeze through.',
  ],
  Yurts: [
    'The round yurts have a skylight over the bed, so you fall asleep under the stars.',
    'Each yurt is insulated, with a wood stove and a lattice wall that glows at dusk.',
  ],
  Treehouses: [
    'The treehouses sit high in the branches, reached by a swaying rope bridge.',
    'Each treehouse has a wraparound deck at canopy height and big windows into the leaves.',
  ],
  'Tiny Houses': [
    'The tiny houses pack a kitchenette, a loft bed and a shower into a clever small footprint.',
    'Each tiny home has a sleeping loft, a compact kitchen and a deck with two chairs.',
  ],
  Cabins: [
    'The log cabins have stone fireplaces, quilted beds and front porches with rockers.',
    'Each cabin is simple and warm: a wood stove, a real kitchen and a porch facing the trees.',
  ],
  'Domes (Geodomes)': [
    'The geodesic domes have a panoramic window and a clear panel over the bed for stargazing.',
    'Each dome is heated and cooled, with a king bed facing the view.',
  ],
  'Airstream Trailers': [
    'The restored Airstreams are polished outside and modern inside, each with its own patio.',
    'Every vintage Airstream has been rebuilt with a queen bed, a kitchenette and a shower.',
  ],
  'Vintage Campers': [
    'The retro campers are restored with period colours, comfy beds and string lights outside.',
    'Each little camper has been lovingly rebuilt, with a picnic table and fire ring beside it.',
  ],
  'Canvas Tents': [
    'The canvas tents are roomy, with real beds and lanterns, and keep the feel of camping.',
    'Each tent is pitched on a flat pad with a bed, a rug and a small table.',
  ],
  'Bell Tents': [
    'The bell tents are furnished with a double bed, rugs and fairy lights.',
    'Each cotton bell tent has a central pole, a comfy bed and room to sit out the rain.',
  ],
  'A-Frame Cabins': [
    'The A-frames have a wall of glass at the front and a sleeping loft under the peak.',
    'Each A-frame cabin has a loft bed, a wood stove and a deck that catches the sunset.',
  ],
  'Container Homes': [
    'The shipping-container homes are sleek inside, with big windows and a rooftop deck.',
    'Each container home has been converted with a full bath, a kitchenette and floor-to-ceiling glass.',
  ],
  "Shepherd's Huts": [
    "The shepherd's huts sit on cast-iron wheels, with a double bed and a tiny wood burner.",
    "Each shepherd's hut is cozy and bright, with a stable door that opens onto the field.",
  ],
  'Tipis/Teepees': [
    'The tipis are tall and airy, with a raised bed and a fire circle outside each one.',
    'Each tipi is pitched in the traditional way and furnished with a proper bed.',
  ],
  'Luxury Camping': [
    'The tents come with proper beds, en-suite bathrooms and turndown service.',
    'Expect high-thread-count linens, a private deck and a staff that handles the details.',
  ],
  'Resort Glamping': [
    'Guests share a lodge with a restaurant, a pool and a spa, with private units around it.',
    'The resort mixes tents, domes and cabins around a central lodge with daily activities.',
  ],
  'Eco-Tents': [
    'The eco-tents run on solar power and rainwater, with compost toilets and no plastic.',
    'Each tent is off the grid, built from reclaimed wood, with a solar shower.',
  ],
  'Event Glamping': [
    'The site hosts weddings, reunions and retreats, with a field of furnished bell tents.',
    'Groups book the whole camp: tents, a shared kitchen tent and a fire circle for twenty.',
  ],
};

/** Something to do, by setting. */
const SETTING_LINES: Partial<Record<SettingType, readonly string[]>> = {
  Forest: ['Trails wind through the woods, and owls call after dark.'],
  Mountains: ['Summit trails start nearby, and the mornings are crisp even in July.'],
  Lake: ['Kayaks and paddleboards are free to borrow for the lake.'],
  'Ocean/Beach': ['The beach is a short walk away, best at low tide.'],
  Desert: ['The night sky is dark enough to see the Milky Way.'],
  'Farm/Ranch': ['Guests can collect eggs in the morning and meet the animals.'],
  'Vineyard/Winery': ['Tastings run daily in the barn, and a bottle waits on arrival.'],
  River: ['You can swim, fish or float the river right from camp.'],
  'National Park': ['The park entrance is minutes away: go early to beat the crowds.'],
  'State Park': ['The state park next door has easy trails and a swimming hole.'],
  'Private Land': ['With no neighbors in sight, the only sounds are birds and wind.'],
  'Urban Glamping': ['Restaurants and shops are a short walk or bike ride away.'],
  Wilderness: ['Cell service is patchy: bring a paper map and a sense of adventure.'],
  Countryside: ['Back roads lead to farm stands, orchards and small-town diners.'],
  'Island/Beach': ['The ferry ride over is part of the fun.'],
  Coastal: ['Tide pools, lighthouses and seafood shacks line the coast road.'],
  Waterfront: ['Watch boats drift by from your deck.'],
  'Outdoor Adventures': ['Guides offer rafting, climbing and mountain biking trips.'],
  'Resort Style': ['The pool, spa and restaurant are steps from your door.'],
  'Ranch/Western': ['Trail rides leave the corral every morning.'],
};

/** A line about when to come that agrees with the months the listing is open. */
function seasonLine(rng: Rng, s: Story): string | null {
  const open = s.openMonths;
  if (!open || open.length === 0) return null;
  if (open.length === 12)
    return pick(rng, [
      `Open all year: winter weekends here are quiet and cozy.`,
      `Open year-round, and fall is the favorite season around ${s.city}.`,
    ]);
  return `Open ${MONTHS[open[0]! - 1]} through ${MONTHS[open[open.length - 1]! - 1]}; summer weekends book up early.`;
}

const HOST_LINES = [
  'The hosts live on site and are happy to share local tips.',
  'Check-in is contactless, and the hosts are a text away.',
  'Firewood, s’mores kits and breakfast baskets can be ordered ahead.',
  'Quiet hours start at 10 pm, so everyone sleeps well.',
  'Couples, families and small groups are all at home here.',
];

/** A description of two to six sentences: opener, then some of shelter, setting, amenities, season and hosts. */
export function sampleDescription(rng: Rng, s: Story): string {
  const amenityLines = s.amenities.flatMap((a) => AMENITY_LINES[a] ?? []);
  const parts: Array<string | null> = [
    pick(rng, OPENERS)(s),
    rng() < 0.8 ? pick(rng, SHELTER_LINES[s.type]) : null,
    rng() < 0.6 ? pick(rng, SETTING_LINES[s.setting] ?? [null]) : null,
    amenityLines.length > 0 && rng() < 0.6 ? pick(rng, amenityLines) : null,
    amenityLines.length > 1 && rng() < 0.3 ? pick(rng, amenityLines) : null,
    rng() < 0.5 ? seasonLine(rng, s) : null,
    rng() < 0.4 ? pick(rng, HOST_LINES) : null,
  ];
  return [...new Set(parts.filter((p): p is string => !!p))].join(' ');
}

/**
 * A name no other listing has: the drawn one when it is free, else the same first words with the type's other
 * suffixes, then the town's name with them, then "{drawn} of {town}", then a number (only in sets far larger than
 * the sample's). `taken` holds the names given so far, with how many numbered ones each drawn name has had.
 */
export function uniqueName(
  drawn: string,
  first: string,
  suffixes: readonly string[],
  city: string,
  taken: Map<string, number>,
): string {
  const tries = [
    drawn,
    ...suffixes.map((x) => `${first} ${x}`),
    ...suffixes.map((x) => `${city} ${x}`),
    `${drawn} of ${city}`,
  ];
  let name = tries.find((t) => !taken.has(t));
  for (let n = taken.get(drawn) ?? 1; !name; ) {
    n += 1;
    taken.set(drawn, n);
    if (!taken.has(`${drawn} ${n}`)) name = `${drawn} ${n}`;
  }
  taken.set(name, taken.get(name) ?? 1);
  return name;
}
