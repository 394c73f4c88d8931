import { listingSchema } from '../domain/schemas/listing';
import type { StaffListing } from './staff-store';

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A joined row (listing columns + owner_name + owner_email) as a StaffListing, the same from every backend. */
export function staffListing(row: Record<string, unknown>): StaffListing {
  return {
    ...listingSchema.parse({ ...row, id: String(row.id) }),
    owner_name: text(row.owner_name),
    owner_email: text(row.owner_email),
  };
}
