import type { AccommodationType } from '../domain/lists';

/** One honest line about each accommodation type, for the types page and the sitemap. */
export const TYPE_SUMMARIES: Record<AccommodationType, string> = {
  'Safari Tents': 'Large canvas tents on a raised deck, usually with real beds and often a private bath.',
  Yurts: 'Round, insulated tents on a wooden frame; many have wood stoves and stay open in winter.',
  Treehouses: 'Cabins built in or among trees, reached by stairs, ramps or bridges.',
  'Tiny Houses': 'Small permanent homes with a kitchen and bathroom packed into a few hundred square feet.',
  Cabins: 'Wood-built shelters from rustic one-room huts to full homes with hot tubs.',
  'Domes (Geodomes)':
    'Geodesic domes with big windows, popular for stargazing; most have heat and air conditioning.',
  'Airstream Trailers':
    'Restored aluminum travel trailers parked on site, with beds, kitchens and often a deck.',
  'Vintage Campers': 'Retro trailers and buses with character; check the listing for bathroom arrangements.',
  'Canvas Tents': 'Classic wall tents with cots or beds; closer to camping, often with a shared bathhouse.',
  'Bell Tents': 'Round cotton tents with a center pole, usually furnished with a bed and rugs.',
  'A-Frame Cabins': 'Steep-roofed cabins with lofts and tall windows, common in the mountains and woods.',
  'Container Homes': 'Shipping containers converted into modern, compact stays.',
  "Shepherd's Huts": 'Small wheeled huts with a bed and stove, a British tradition now found on US farms.',
  'Tipis/Teepees': 'Cone-shaped canvas lodges; expect simpler comforts and a fire ring nearby.',
  'Luxury Camping': 'Full-service sites where beds, linens and often meals are ready when you arrive.',
  'Resort Glamping': 'Glamping units inside a resort with a pool, restaurant or spa on the grounds.',
  'Eco-Tents': 'Low-impact tents, often off-grid with solar power and composting toilets.',
  'Event Glamping': 'Tents and set-ups for festivals, weddings and group events, sometimes delivered to you.',
};

/** Style guides: which types suit which traveler, and what to ask the host before you go. */
export const STYLE_GUIDES: ReadonlyArray<{
  title: string;
  types: readonly AccommodationType[];
  text: string;
}> = [
  {
    title: 'Canvas under the stars',
    types: ['Safari Tents', 'Bell Tents', 'Canvas Tents', 'Tipis/Teepees', 'Eco-Tents'],
    text: 'The closest to camping: you hear the rain and the birds. Best from late spring to early fall. Ask whether the tent has heat, whether the bathroom is private or shared, and how far you park from your site.',
  },
  {
    title: 'Solid walls, small footprint',
    types: ['Cabins', 'A-Frame Cabins', 'Tiny Houses', 'Container Homes', "Shepherd's Huts"],
    text: 'Good for colder months and for travelers who want a door that locks. Ask about the kitchen, the bed layout (lofts mean ladders) and whether the stay allows pets.',
  },
  {
    title: 'Round, raised and unusual',
    types: ['Yurts', 'Domes (Geodomes)', 'Treehouses'],
    text: 'The stays people photograph. Domes and yurts hold heat well; treehouses can involve stairs and railings, so ask about access if anyone in your group has mobility needs or small children.',
  },
  {
    title: 'On wheels',
    types: ['Airstream Trailers', 'Vintage Campers'],
    text: 'Compact and full of character. Ask whether the trailer has its own bathroom or uses a bathhouse, and whether it has air conditioning for summer.',
  },
  {
    title: 'Full service',
    types: ['Luxury Camping', 'Resort Glamping', 'Event Glamping'],
    text: 'Made up beds, on-site staff and sometimes meals. Ask what the nightly rate includes and what costs extra.',
  },
];
