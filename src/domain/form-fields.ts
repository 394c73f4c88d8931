/**
 * The one map between a listing's public columns and the list-property form (which an owner's edit reuses): the
 * form field holding each column, its name as people read it (owners' e-mails, staff's diffs), and how its value
 * crosses between the two. A submission's row, an owner's change and the edit form's starting values all derive
 * from it, so a new public field is one line here besides its column, its rule in the form's schema, its input and
 * where it shows (README, "Add a listing field"). Zod-free: the owner page loads it at once.
 *
 * Left out on purpose: the coordinates (a submission without them is placed by the gazetteer, D28; an edit without
 * them keeps the listing where it is) and the photos (uploads, not values).
 */
import { safeHttpUrl } from './format';
import type { Listing } from './schemas/listing';

/**
 * How a value crosses: `text` as it is; `optional` an empty text is null (not stated); `website` the parsed
 * http(s) address or null ('http:example.com' passes the URL parser but not the table's http(s):// check); `yesNo`, `count`, `months`, `list` are already typed by the form's schema, and the
 * form holds them as '' (not stated), 'yes'/'no', digits, month numbers and choices.
 */
type Way = 'text' | 'optional' | 'website' | 'yesNo' | 'count' | 'months' | 'list';

interface FormField {
  form: string;
  label: string;
  way: Way;
}

export const FORM_FIELDS = {
  property_name: { form: 'propertyName', label: 'Property name', way: 'text' },
  description: { form: 'description', label: 'Description', way: 'text' },
  street_address: { form: 'address', label: 'Street address', way: 'text' },
  city: { form: 'city', label: 'City', way: 'text' },
  state: { form: 'state', label: 'State', way: 'text' },
  zip_code: { form: 'zipCode', label: 'ZIP code', way: 'text' },
  phone: { form: 'phone', label: 'Phone', way: 'text' },
  website_url: { form: 'website', label: 'Website', way: 'website' },
  accommodation_type: { form: 'accommodationType', label: 'Accommodation type', way: 'text' },
  setting_type: { form: 'settingType', label: 'Setting type', way: 'text' },
  price_range: { form: 'priceRange', label: 'Price range', way: 'optional' },
  amenities: { form: 'amenities', label: 'Amenities', way: 'list' },
  // --- Facts (D32): each optional; null is "not stated", never "no" ---
  open_months: { form: 'openMonths', label: 'Open season', way: 'months' },
  pets_allowed: { form: 'petsAllowed', label: 'Pets allowed', way: 'yesNo' },
  good_for_kids: { form: 'goodForKids', label: 'Good for kids', way: 'yesNo' },
  wheelchair_accessible: { form: 'wheelchairAccessible', label: 'Wheelchair accessible', way: 'yesNo' },
  accessibility_note: { form: 'accessibilityNote', label: 'Accessibility note', way: 'optional' },
  sleeps: { form: 'sleeps', label: 'Sleeps (maximum guests)', way: 'count' },
  min_nights: { form: 'minNights', label: 'Minimum nights', way: 'count' },
} as const satisfies Partial<Record<keyof Listing, FormField>>;

export type FormColumn = keyof typeof FORM_FIELDS;
/** The columns as the form's parsed values give them. */
export type FormColumns = Pick<Listing, FormColumn>;

const fields = Object.entries(FORM_FIELDS) as Array<[FormColumn, FormField]>;

/** The columns of a parsed form (a submission or an owner's edit), in the table's terms. */
export function formColumns(parsed: Readonly<Record<string, unknown>>): FormColumns {
  const row: Record<string, unknown> = {};
  for (const [column, { form, way }] of fields) {
    const value = parsed[form];
    row[column] =
      way === 'optional'
        ? (value as string) || null
        : way === 'website'
          ? safeHttpUrl(value as string)
          : value;
  }
  return row as FormColumns;
}

const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');

/** A listing's columns as the form's fields hold them ('' is "not stated"). */
export function formValues(l: FormColumns): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [column, { form, way }] of fields) {
    const value = l[column];
    values[form] =
      way === 'yesNo'
        ? yesNo(value as boolean | null)
        : way === 'months'
          ? ((value as number[] | null) ?? []).map(String)
          : way === 'list'
            ? (value as string[])
            : value === null
              ? ''
              : String(value);
  }
  return values;
}

/** A listing column as people read it: the form's label, or the column's own name for one the form does not ask. */
export function columnLabel(column: string): string {
  return (FORM_FIELDS as Record<string, FormField>)[column]?.label ?? column;
}
