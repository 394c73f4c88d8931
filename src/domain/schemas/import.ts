import { ACCESSIBILITY_NOTE_MAX, MIN_NIGHTS_MAX, SLEEPS_MAX } from '../facts';
import { safeHttpUrl } from '../format';
import { ACCOMMODATION_TYPES, AMENITIES, PRICE_RANGE_VALUES, SETTING_TYPES, US_STATES } from '../lists';
import { COORDINATE_SOURCES } from '../places/placement';
import { listingSlug } from '../slug';
import {
  decimalCoordinate,
  EMAIL_PATTERN,
  MAX,
  optionalCount,
  optionalLines,
  optionalMonths,
  optionalText,
  optionalWebsite,
  optionalYesNo,
  requiredChoice,
  requiredPhone,
  requiredText,
  requiredZip,
} from './fields';
import { listingPhotoSchema, STORED_COLUMNS, VERIFICATION_STATUSES } from './listing';
import { z } from './z';

/** List cells in a staff CSV hold items separated by ';' (amenities, features, images). */
export const LIST_SEPARATOR = ';';

/** The staff CSV's columns, in order: the listing's stored fields plus the owner's private contact (D7). */
export const CSV_COLUMNS = [...STORED_COLUMNS, 'owner_name', 'owner_email'] as const;

const nullable = (schema: z.ZodType<string>) => schema.transform((v) => (v === '' ? null : v));

/** A stored listing always has its coordinates: required here, with the form's decimal rule. */
const coordinate = (limit: number) =>
  decimalCoordinate(limit).pipe(z.number({ error: 'A number is required' }));

function list(item: (v: string) => boolean, message: string) {
  return optionalText(20_000)
    .transform((v) =>
      v
        .split(LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every(item), message);
}

const optionalEmail = nullable(
  optionalText(MAX.email).refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Please enter a valid email'),
);

/** One value per editable public field, each with the domain's rule (D22); staff `edit` uses these. */
export const editableFields = {
  property_name: requiredText('Property name is required', MAX.name),
  description: optionalLines(MAX.description),
  latitude: coordinate(90),
  longitude: coordinate(180),
  street_address: requiredText('Address is required', MAX.address),
  city: requiredText('City is required', MAX.city),
  state: requiredChoice(US_STATES, 'State is required'),
  zip_code: requiredZip('ZIP code is required'),
  phone: requiredPhone('Phone number is required'),
  website_url: nullable(optionalWebsite),
  public_email: optionalEmail,
  accommodation_type: requiredChoice(ACCOMMODATION_TYPES, 'Accommodation type is required'),
  setting_type: requiredChoice(SETTING_TYPES, 'Setting type is required'),
  price_range: nullable(
    optionalText(40).pipe(
      z.union([z.literal(''), z.enum(PRICE_RANGE_VALUES)], {
        error: `Please choose one of: ${PRICE_RANGE_VALUES.join(', ')}`,
      }),
    ),
  ),
  amenities: list(
    (a) => (AMENITIES as readonly string[]).includes(a),
    'Please choose amenities from the list',
  ),
  features: list((f) => f.length <= MAX.name, `Please keep each feature under ${MAX.name} characters`),
  images: list((u) => safeHttpUrl(u) !== null, 'Each image must be an http:// or https:// address'),
  // D28: staff who correct a listing's position say so with 'given'; empty for unknown.
  coordinates_source: nullable(
    optionalText(10).pipe(
      z.union([z.literal(''), z.enum(COORDINATE_SOURCES)], {
        error: `Please choose one of: ${COORDINATE_SOURCES.join(', ')}`,
      }),
    ),
  ),
  // --- Facts (D32): an empty cell is "not stated" ---
  // Month numbers as the export writes them: '5; 6; 7'; all twelve is year-round.
  open_months: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(LIST_SEPARATOR)
            .map((m) => m.trim())
            .filter(Boolean)
        : v,
    optionalMonths,
  ),
  pets_allowed: optionalYesNo,
  good_for_kids: optionalYesNo,
  wheelchair_accessible: optionalYesNo,
  accessibility_note: nullable(optionalText(ACCESSIBILITY_NOTE_MAX)),
  sleeps: optionalCount(SLEEPS_MAX),
  min_nights: optionalCount(MIN_NIGHTS_MAX),
} as const;
export type EditableField = keyof typeof editableFields;
export const EDITABLE_FIELDS = Object.keys(editableFields) as EditableField[];

const TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,6})?)?(Z|[+-](\d\d)(?::?(\d\d))?)?)?$/i;

/**
 * created_at as ISO 8601 text, checked here rather than by the database (a bad value is a line of the report,
 * never a failed transaction). Only real calendar dates and times; a value without a zone is UTC. Date.parse is
 * not enough: it reads '1' as the year 2001 and '2026-02-30' as March 2. Export writes this form back unchanged.
 */
export function importTimestamp(value: string): string | null {
  const m = TIMESTAMP.exec(value);
  if (!m) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone, zoneHour = '0', zoneMinute = '0'] =
    m;
  const y = Number(year);
  const daysInMonth = new Date(Date.UTC(y, Number(month), 0)).getUTCDate();
  const ok =
    y >= 1970 &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(zoneHour) <= 14 &&
    Number(zoneMinute) < 60;
  if (!ok) return null;
  if (m[4] === undefined) return `${m[0]}T00:00:00Z`;
  return zone ? m[0] : `${m[0]}Z`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One CSV row of a staff import, every cell a string; empty id or slug are filled in by the importer. */
export const importRowSchema = z
  .object({
    ...editableFields,
    id: optionalText(36).refine((v) => v === '' || UUID.test(v), 'Please enter a UUID or leave it empty'),
    slug: optionalText(120).refine(
      (v) => v === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
      'Use lowercase letters, digits and single hyphens',
    ),
    verification_status: optionalText(20).pipe(
      z.union([z.literal(''), z.enum(VERIFICATION_STATUSES)], {
        error: `Please choose one of: ${VERIFICATION_STATUSES.join(', ')}`,
      }),
    ),
    featured: optionalText(5).pipe(z.enum(['', 'true', 'false'], { error: 'Please enter true or false' })),
    created_at: optionalText(40).refine(
      (v) => v === '' || importTimestamp(v) !== null,
      'Please enter a real date like 2025-06-01 or 2025-06-01T14:30:00Z',
    ),
    // Empty: verified by this import (when the row is verified); the export's date keeps the last verification.
    verified_at: optionalText(40).refine(
      (v) => v === '' || importTimestamp(v) !== null,
      'Please enter a real date like 2025-06-01 or 2025-06-01T14:30:00Z',
    ),
    owner_name: optionalText(MAX.name),
    owner_email: optionalEmail,
    // The export's JSON of uploaded photos (staff move photos with the console, not by editing this cell).
    photos: optionalText(40_000)
      .transform((v, ctx) => {
        if (v === '') return [];
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Please keep the photos cell as exported (JSON)' });
          return z.NEVER;
        }
      })
      .pipe(z.array(listingPhotoSchema).max(8, 'At most 8 photos')),
  })
  .transform((row) => ({
    ...row,
    id: row.id === '' ? null : row.id.toLowerCase(),
    slug: row.slug || listingSlug(row.property_name, row.city, row.state),
    verification_status: row.verification_status || ('pending' as const),
    featured: row.featured === 'true',
    created_at: row.created_at === '' ? null : importTimestamp(row.created_at),
    verified_at: row.verified_at === '' ? null : importTimestamp(row.verified_at),
    owner_name: row.owner_name === '' ? null : row.owner_name,
  }));
export type ImportRow = z.output<typeof importRowSchema>;
