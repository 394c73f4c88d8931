import { z } from './z';

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Spec section 3: arrays that are not arrays are treated as empty; non-string items are dropped. */
const stringArray = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []),
  z.array(z.string()),
);

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() ? value : null),
  z.string().nullable(),
);

const optionalBoolean = z.preprocess((v) => (typeof v === 'boolean' ? v : null), z.boolean().nullable());
const optionalNumber = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  z.number().nullable(),
);

/** One uploaded photo of a listing: its variants are stored under its id (src/domain/photos.ts). */
export interface ListingPhoto {
  id: string;
  width: number;
  height: number;
  /** Widths stored, ascending (400, 800, 1600, or the photo's own when narrower). */
  widths: number[];
  /** The owner's caption, the photo's alt text; null: "Photo N of {property name}". */
  caption: string | null;
  /** A tiny blurred version as a data: URI, shown while the photo loads. */
  placeholder: string;
}

export const listingPhotoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
  caption: z.string().nullable().catch(null),
  placeholder: z.string().catch(''),
});

/** Photos as stored; a malformed entry is dropped rather than breaking the listing (like the arrays above). */
const photos = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((p) => listingPhotoSchema.safeParse(p).success) : []),
  z.array(listingPhotoSchema),
);

const timestamp = z.preprocess((value) => (value instanceof Date ? value.toISOString() : value), z.string());

/**
 * A row of glamping_listings as any adapter returns it (D6): the one description of a listing. Every other shape is
 * derived from it (the columns adapters select, what the seed, a submission and a staff import write, the staff
 * CSV), so a new optional field is one entry here plus one migration; tests/db/listing-shape.test.ts fails when the
 * table and this schema drift apart.
 */
export const listingSchema = z.object({
  id: z.string(),
  slug: z.string(),
  property_name: z.string(),
  description: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()),
  latitude: z.coerce.number(),
  longitude: z.coerce.number(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  website_url: optionalText,
  public_email: optionalText,
  accommodation_type: z.string(),
  setting_type: z.string(),
  price_range: optionalText,
  amenities: stringArray,
  features: stringArray,
  images: stringArray,
  verification_status: z.enum(VERIFICATION_STATUSES),
  featured: z.preprocess((v) => v === true, z.boolean()),
  created_at: timestamp,
  updated_at: timestamp,
  /** Added by a later migration, so last, as in the table (the write functions follow the table's order). */
  photos,
  /** Where latitude/longitude came from (D28): given, or the gazetteer's zip, town or state centre; null: older. */
  coordinates_source: optionalText,
  /** Last (re-)verification; null while not verified. The database keeps it (keep_verified_at). */
  verified_at: z.preprocess(
    (v) => (v instanceof Date ? v.toISOString() : (v ?? null)),
    z.string().nullable(),
  ),
  // --- Facts (D32): null is "not stated", never "no" ---
  open_months: z.preprocess(
    (v) => (Array.isArray(v) && v.length > 0 ? v.map(Number) : null),
    z.array(z.number()).nullable(),
  ),
  pets_allowed: optionalBoolean,
  good_for_kids: optionalBoolean,
  wheelchair_accessible: optionalBoolean,
  accessibility_note: optionalText,
  sleeps: optionalNumber,
  min_nights: optionalNumber,
});
export type Listing = z.infer<typeof listingSchema>;

/** The columns a store selects, in one place so every adapter reads the same shape. */
export const LISTING_COLUMNS = Object.keys(listingSchema.shape) as Array<keyof Listing>;

/** Columns of the table that are not part of a listing: the incremental sync's bookkeeping (change_xid). */
export const INTERNAL_COLUMNS = ['change_xid'] as const;

/** Maintained by the database itself (a trigger): never written by the product. */
export type MaintainedColumn = 'updated_at';

/** A listing as the seed and a staff import write it: every column but those the database maintains. */
export type StoredListing = Omit<Listing, MaintainedColumn>;

/** The columns the seed and a staff import write, in the schema's order. */
export const STORED_COLUMNS = LISTING_COLUMNS.filter((c): c is keyof StoredListing => c !== 'updated_at');

/** A new listing as a submission stores it: the server decides its id, status, featuring and dates (always pending). */
export type NewListing = Omit<
  StoredListing,
  'id' | 'verification_status' | 'featured' | 'created_at' | 'photos' | 'verified_at'
> & {
  /** Uploads the submission takes, in order (cover first), with the owner's captions. */
  photos: PhotoRef[];
};

/** An uploaded photo a submission names: the upload's id and the owner's caption. */
export interface PhotoRef {
  id: string;
  caption: string | null;
}
