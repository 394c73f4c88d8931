import {
  ACCOMMODATION_TYPES,
  type AccommodationType,
  AMENITIES,
  type Amenity,
  POPULAR_STATES,
  PRICE_RANGE_VALUES,
  type PriceRange,
  SETTING_TYPES,
  type SettingType,
  US_STATES,
  type UsState,
} from '../../../src/domain/lists';
import { POPULAR_SEARCHES } from '../../../src/domain/popular-searches';
import {
  LISTING_COLUMNS,
  type ListingPhoto,
  listingSchema,
  type StoredListing,
} from '../../../src/domain/schemas/listing';
import { listingSlug, slugify } from '../../../src/domain/slug';
import { sampleFacts } from './facts';
import { withNearDuplicates } from './near-duplicates';
import { AREA_CODES, PLACES, type Place } from './places';
import { showsShelter } from './shelters';
import { sampleDescription, uniqueName } from './stories';
import * as W from './words';

/** A stored listing with the fixed lists' own types, so generated data is checked against them. */
export interface SampleListing extends StoredListing {
  state: UsState;
  accommodation_type: AccommodationType;
  setting_type: SettingType;
  price_range: PriceRange | null;
  amenities: Amenity[];
}

/** The columns a listing may leave null: "not stated" for the optional facts and contacts. */
type NullableColumn = {
  [K in keyof StoredListing]-?: null extends StoredListing[K] ? K : never;
}[keyof StoredListing];

/**
 * Each nullable column, null (the schema's own reading of an absent value): a row starts from these, so an optional
 * column the generator does not draw (a new listing field) is stored as not stated without an edit here.
 */
const NOT_STATED = Object.fromEntries(
  LISTING_COLUMNS.filter((c) => listingSchema.shape[c].safeParse(undefined).data === null).map((c) => [
    c,
    null,
  ]),
) as Record<NullableColumn, null>;

export type Rng = () => number;
type Status = SampleListing['verification_status'];

const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 9, 31, 23, 59, 59);
const DAY = 86_400_000;
const JITTER = 0.03;
/** Listings given each popular search's setting in its state, at least. */
const POPULAR_MIN = 3;

/** mulberry32: a tiny seeded PRNG, so the same seed always yields the same data set. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)]!;
const round5 = (n: number): number => Math.round(n * 1e5) / 1e5;

function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T, i: number) => number): T {
  let r = rng() * items.reduce((sum, item, i) => sum + weight(item, i), 0);
  for (const [i, item] of items.entries()) {
    r -= weight(item, i);
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Up to k distinct items in random order, skipping rejects: a lazy Fisher-Yates that stops early. */
function draw<T>(rng: Rng, items: readonly T[], k: number, accept = (_item: T, _taken: T[]) => true): T[] {
  const pool = items.slice();
  const taken: T[] = [];
  for (let i = 0; i < pool.length && taken.length < k; i++) {
    const j = i + int(rng, pool.length - i);
    const item = pool[j]!;
    pool[j] = pool[i]!;
    if (accept(item, taken)) taken.push(item);
  }
  return taken;
}

function stateWeight(state: UsState): number {
  const rank = POPULAR_STATES.indexOf(state);
  if (rank >= 0) return W.POPULAR_WEIGHTS[rank] ?? 1;
  if (W.SECONDARY_STATES.includes(state)) return W.STATE_TIER_WEIGHTS.secondary;
  return W.QUIET_STATES.includes(state) ? W.STATE_TIER_WEIGHTS.quiet : W.STATE_TIER_WEIGHTS.normal;
}

/** Verified listings per state (US_STATES order): one each so all 50 appear, the rest by weight. */
function stateCounts(total: number): number[] {
  const base = total >= US_STATES.length ? 1 : 0;
  const rest = total - base * US_STATES.length;
  const totalWeight = US_STATES.reduce((sum, s) => sum + stateWeight(s), 0);
  const exact = US_STATES.map((s) => (rest * stateWeight(s)) / totalWeight);
  const counts = exact.map((e) => base + Math.floor(e));
  // Largest remainders, ties by list order, so the total is exact and the split stays proportional.
  const order = exact.map((_, i) => i).sort((a, b) => (exact[b]! % 1) - (exact[a]! % 1) || a - b);
  for (let left = total - counts.reduce((a, b) => a + b, 0), k = 0; left > 0; left--, k++) {
    const i = order[k % order.length]!;
    counts[i] = counts[i]! + 1;
  }
  return counts;
}

/** Towns of a state that suit a setting: ocean settings need a coastal town, Desert a desert one. */
function placesFor(state: UsState, setting: SettingType): Place[] {
  // A classic western ranch belongs in the West, not on a New England island.
  if (setting === 'Ranch/Western' && !W.WESTERN_STATES.has(state)) return [];
  const need = W.SETTING_NEEDS[setting];
  return need ? PLACES[state].filter((p) => p.tag === need) : PLACES[state];
}

function pickAmenities(rng: Rng, setting: SettingType): Amenity[] {
  const beach = W.WATER_SETTINGS.includes(setting);
  const chosen = draw(rng, AMENITIES, 2 + int(rng, 9), (a, taken) => {
    if (a === 'Beach Access' && !beach) return false;
    return !W.RIVAL_AMENITIES.some(
      ([x, y]) => (a === x && taken.includes(y)) || (a === y && taken.includes(x)),
    );
  });
  return AMENITIES.filter((a) => chosen.includes(a));
}

function pickPrice(rng: Rng, type: AccommodationType): PriceRange | null {
  if (rng() < 0.1) return null;
  const tier = W.PRICE_TIERS[type] ?? 'normal';
  return weighted(rng, PRICE_RANGE_VALUES, (_, i) => W.PRICE_WEIGHTS[tier][i] ?? 0);
}

/** A v4-shaped UUID; the last 8 hex digits are the index XOR a per-seed mask, so ids never collide. */
function uuid(rng: Rng, index: number, mask: number): string {
  const hex = (n: number, len: number) => Math.floor(n).toString(16).padStart(len, '0').slice(-len);
  const r16 = () => rng() * 0x10000;
  const tail = hex((index ^ mask) >>> 0, 8);
  return `${hex(r16(), 4)}${hex(r16(), 4)}-${hex(r16(), 4)}-4${hex(r16(), 3)}-${hex(8 + rng() * 4, 1)}${hex(r16(), 3)}-${hex(r16(), 4)}${tail}`;
}

/**
 * Most sample listings show photos (about 85%), one to four, cover first; the rest keep a tidy photo-less card. The
 * photos show the listing's own kind of shelter when the pool has it (./shelters.ts): a yurt's cover is a yurt.
 */
function samplePhotos(rng: Rng, all: readonly ListingPhoto[], type: AccommodationType): ListingPhoto[] {
  const own = all.filter((p) => showsShelter(p.id, type));
  const pool = own.length > 0 ? own : all;
  const roll = rng();
  const start = int(rng, Math.max(pool.length, 1));
  const count = 1 + int(rng, 4);
  if (pool.length === 0 || roll >= 0.85) return [];
  return Array.from(
    { length: Math.min(count, pool.length) },
    (_, k) => pool[(start + k) % pool.length] as ListingPhoto,
  );
}

/**
 * When a published listing was last verified: renewal is yearly, so most were verified within the last
 * 12 months of the data's period, spread over them; a few (about 4%) are past due, 12 to 15 months back. Never
 * before the listing was created.
 */
function verifiedAt(rng: Rng, created: number): string {
  const back = rng() < 0.04 ? 366 + rng() * 90 : rng() * 350;
  const at = Math.max(created + DAY, END - back * DAY);
  return new Date(Math.floor(at / 1000) * 1000).toISOString();
}

/** What every row draws from: the random streams, the verified rows' plan, and what must stay unique. */
interface Generation {
  rng: Rng;
  /** Photos come from a stream of their own, so the rest of a listing is the same with or without them. */
  photoRng: Rng;
  /** The facts too: adding them changed nothing else of the sample data. */
  factRng: Rng;
  /** Names, descriptions and verification dates have a stream of their own too: the rest stays as it was. */
  textRng: Rng;
  idMask: number;
  plan: VerifiedPlan;
  photoPool: readonly ListingPhoto[];
  names: Map<string, number>;
  slugs: Set<string>;
}

/** Where the verified rows go: their states, and the types and settings assigned to a few of them. */
interface VerifiedPlan {
  states: UsState[];
  /** The settings each state has towns for. */
  allowed: Map<UsState, SettingType[]>;
  forcedType: Map<number, AccommodationType>;
  forcedSetting: Map<number, SettingType>;
  popularSetting: Map<number, SettingType>;
}

function planVerified(rng: Rng, verified: number): VerifiedPlan {
  const counts = stateCounts(verified);
  const slots = US_STATES.flatMap((s, i) => Array<UsState>(counts[i] ?? 0).fill(s));
  const states = draw(rng, slots, slots.length);
  const allowed = new Map(US_STATES.map((s) => [s, SETTING_TYPES.filter((t) => placesFor(s, t).length > 0)]));
  // Weighted draws could miss a rare type or setting, so a few verified listings get one assigned.
  const forcedType = new Map(ACCOMMODATION_TYPES.map((t, i) => [i, t]));
  const forcedSetting = new Map<number, SettingType>();
  for (const setting of SETTING_TYPES) {
    const i = states.findIndex((s, k) => !forcedSetting.has(k) && allowed.get(s)!.includes(setting));
    if (i >= 0) forcedSetting.set(i, setting);
  }
  // The home page's popular searches (D12) each find a few listings: a state's listings are given that setting.
  // Drawn on top of the usual setting, so the rest of the data is the same as before they were added.
  const popularSetting = new Map<number, SettingType>();
  for (const { filters } of POPULAR_SEARCHES) {
    const { state, setting } = filters;
    if (!state || state === 'all-states' || !setting || setting === 'all-settings') continue;
    if (!allowed.get(state)?.includes(setting)) continue;
    const free = states.flatMap((s, k) => (s === state && !forcedSetting.has(k) ? [k] : []));
    for (const k of free.slice(0, POPULAR_MIN)) popularSetting.set(k, setting);
  }
  return { states, allowed, forcedType, forcedSetting, popularSetting };
}

/** A deterministic, realistic set of listings: verified ones cover every state, type and setting (D9). */
export function generateSampleListings(
  options: {
    verified?: number;
    pending?: number;
    rejected?: number;
    seed?: number;
    /** Photos to hand out (scripts/lib/sample/photos.ts); none: listings without photos. */
    photoPool?: readonly ListingPhoto[];
  } = {},
): SampleListing[] {
  const { verified = 1200, pending = 25, rejected = 15, seed = 42, photoPool = [] } = options;
  const rng = mulberry32(seed);
  const photoRng = mulberry32(seed ^ 0x5eed);
  const factRng = mulberry32(seed ^ 0xfac75);
  const textRng = mulberry32(seed ^ 0x7e47);
  const idMask = int(rng, 2 ** 32);
  const plan = planVerified(rng, verified);
  const generation: Generation = {
    rng,
    photoRng,
    factRng,
    textRng,
    idMask,
    plan,
    photoPool,
    names: new Map(),
    slugs: new Set(),
  };
  const statuses: Status[] = [
    ...Array<Status>(verified).fill('verified'),
    ...Array<Status>(pending).fill('pending'),
    ...Array<Status>(rejected).fill('rejected'),
  ];
  return withNearDuplicates(statuses.map((status, index) => sampleRow(generation, status, index)));
}

/** A row's state, type, setting and town: the plan's for a verified row where it has one, else drawn. */
function rowPlace(g: Generation, verifiedRow: boolean, index: number) {
  const { rng, plan } = g;
  const state = (verifiedRow && plan.states[index]) || weighted(rng, US_STATES, stateWeight);
  const type =
    (verifiedRow && plan.forcedType.get(index)) ||
    weighted(rng, ACCOMMODATION_TYPES, (t) => W.TYPE_WORDS[t].weight);
  const drawnSetting =
    (verifiedRow && plan.forcedSetting.get(index)) ||
    weighted(rng, plan.allowed.get(state)!, (s) => W.SETTING_WORDS[s].weight);
  const setting = (verifiedRow && plan.popularSetting.get(index)) || drawnSetting;
  const place = pick(rng, placesFor(state, setting));
  return { state, type, setting, place };
}

/** A name unique across the set (a traveler tells listings apart by name) and its unique slug. */
function rowName(g: Generation, type: AccommodationType, setting: SettingType, city: string, state: UsState) {
  const { rng } = g;
  const roll = rng();
  const themed = W.SETTING_NAME_WORDS[setting];
  const first = roll < 0.08 ? city : themed && roll < 0.5 ? pick(rng, themed) : pick(rng, W.NAME_WORDS);
  const { suffixes } = W.TYPE_WORDS[type];
  const name = uniqueName(`${first} ${pick(rng, suffixes)}`, first, suffixes, city, g.names);
  const base = listingSlug(name, city, state);
  let slug = base;
  for (let n = 2; g.slugs.has(slug); n++) slug = `${base}-${n}`;
  g.slugs.add(slug);
  return { name, slug };
}

/** The public contact details: a phone in the state's area codes, and a site and e-mail on example.com. */
function rowContact(rng: Rng, name: string, state: UsState) {
  const area = pick(rng, AREA_CODES[state]);
  const line = `01${String(int(rng, 100)).padStart(2, '0')}`;
  const phone = pick(rng, W.PHONE_FORMATS)(area, line);
  // Reserved example.com hosts: realistic-looking, yet no real business can be linked or mailed (D17).
  const domain = `${slugify(name).replace(/-/g, '').slice(0, 40)}.example.com`;
  const website_url = rng() < 0.15 ? null : `${rng() < 0.08 ? 'http' : 'https'}://${domain}`;
  const public_email = rng() < 0.3 ? `${pick(rng, W.EMAIL_USERS)}@${domain}` : null;
  return { phone, website_url, public_email };
}

function sampleRow(g: Generation, status: Status, index: number): SampleListing {
  const { rng } = g;
  const verifiedRow = status === 'verified';
  const { state, type, setting, place } = rowPlace(g, verifiedRow, index);
  const { city } = place;
  const { name, slug } = rowName(g, type, setting, city, state);

  const amenities = pickAmenities(rng, setting);
  const features = draw(rng, featurePool(setting), int(rng, 6));

  // The draws of the earlier one-template description stay, so every later field is what it was.
  pick(rng, W.OPENERS);
  const lines = amenities.flatMap((a) => W.AMENITY_LINES[a] ?? []);
  if (lines.length > 0 && rng() < 0.7) pick(rng, lines);
  if (rng() < 0.4) pick(rng, [...W.CLOSING_LINES, '']);
  const facts = sampleFacts(g.factRng, type, setting, amenities);
  const description = sampleDescription(g.textRng, {
    name,
    noun: W.TYPE_WORDS[type].noun,
    phrase: W.SETTING_WORDS[setting].phrase,
    city,
    state,
    type,
    setting,
    amenities,
    openMonths: facts.open_months,
  });
  const contact = rowContact(rng, name, state);

  // Pending rows are recent submissions still awaiting review; the rest spread over the whole period.
  const time = status === 'pending' ? END - rng() * 45 * DAY : START + rng() * (END - START);

  return {
    ...NOT_STATED,
    id: uuid(rng, index, g.idMask),
    slug,
    property_name: name,
    description,
    latitude: round5(place.latitude + (rng() * 2 - 1) * JITTER),
    longitude: round5(place.longitude + (rng() * 2 - 1) * JITTER),
    street_address: `${100 + int(rng, 9900)} ${pick(rng, W.STREETS)}`,
    city,
    state,
    zip_code: place.zip,
    ...contact,
    accommodation_type: type,
    setting_type: setting,
    price_range: pickPrice(rng, type),
    amenities,
    features,
    images: [],
    photos: samplePhotos(g.photoRng, g.photoPool, type),
    verification_status: status,
    featured: verifiedRow && rng() < 0.05,
    created_at: new Date(Math.floor(time / 1000) * 1000).toISOString(),
    coordinates_source: 'given',
    verified_at: verifiedRow ? verifiedAt(g.textRng, time) : null,
    ...facts,
  };
}

/** The features a setting's listings draw from: the common ones and the setting's own. */
function featurePool(setting: SettingType): string[] {
  return [...W.FEATURES, ...(W.SETTING_FEATURES[setting] ?? [])];
}
