import type { StaffResult } from './actions';

const SHOWN = [
  'id',
  'slug',
  'property_name',
  'verification_status',
  'featured',
  'owner_name',
  'owner_email',
  'city',
  'state',
  'zip_code',
  'street_address',
  'phone',
  'website_url',
  'public_email',
  'accommodation_type',
  'setting_type',
  'price_range',
  'amenities',
  'features',
  'latitude',
  'longitude',
  'created_at',
  'updated_at',
  'description',
] as const;

/** Prints a staff result for a terminal: a table for list, fields for show, CSV for export, else the message. */
export function printResult(verb: string, result: StaffResult): void {
  if (verb === 'export') {
    process.stdout.write(result.csv ?? '');
    return;
  }
  if (verb === 'list') {
    console.log(result.message);
    for (const l of result.listings ?? []) {
      const owner = l.owner_name ? `${l.owner_name} <${l.owner_email}>` : '(no owner contact)';
      console.log(`${l.id}  ${l.slug}  ${l.property_name}  ${owner}  ${l.age_hours} h old`);
    }
    return;
  }
  if (verb === 'audit') {
    console.log(result.message);
    for (const a of result.audit ?? []) {
      const change = a.old_status || a.new_status ? `${a.old_status ?? '(new)'} -> ${a.new_status}` : '';
      const field = a.field ? `${a.field}: ${a.old_value ?? ''} -> ${a.new_value ?? ''}` : '';
      const reason = a.reason ? `reason: ${a.reason}` : '';
      const what = [change, field, reason].filter(Boolean).join('  ');
      console.log(`${a.at}  ${a.actor}  ${a.action}  ${a.listing_id ?? '-'}  ${what}`.trimEnd());
    }
    return;
  }
  if (verb === 'show' && result.listing) {
    const listing = result.listing as unknown as Record<string, unknown>;
    for (const key of SHOWN) {
      const value = listing[key];
      console.log(`${key.padEnd(20)} ${Array.isArray(value) ? value.join('; ') : String(value ?? '')}`);
    }
    return;
  }
  console.log(result.message);
  if (result.rebuild && result.rebuild !== 'none') console.log(`rebuild: ${result.rebuild}`);
}
