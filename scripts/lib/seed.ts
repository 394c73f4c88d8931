import type { Sql } from '../../src/data/sql';
import { STORED_COLUMNS, type StoredListing } from '../../src/domain/schemas/listing';

/** A listing row as the seed and the staff import write it, including status and timestamps. */
export type SeedListing = StoredListing;

const NAMES = STORED_COLUMNS.join(', ');

/** Inserts listings in batches, in one transaction, as the database owner (seeding is not a user action). */
export async function insertListings(
  sql: Sql,
  listings: readonly SeedListing[],
  batch = 500,
): Promise<number> {
  await sql.transaction(async (tx) => {
    for (let i = 0; i < listings.length; i += batch) {
      await tx.query(
        `insert into public.glamping_listings (${NAMES})
         select ${NAMES} from jsonb_populate_recordset(null::public.glamping_listings, $1::text::jsonb)`,
        [JSON.stringify(listings.slice(i, i + batch))],
      );
    }
  });
  return listings.length;
}

/** Number of listings stored, whatever their status. */
export async function countListings(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>('select count(*)::int as n from public.glamping_listings');
  return row?.n ?? 0;
}

const SAMPLE_OWNERS = [
  'Avery Brooks',
  'Jordan Lee',
  'Maya Patel',
  'Sam Whitaker',
  'Rosa Delgado',
  'Chris Nakamura',
  'Dana Fischer',
  'Eli Thompson',
];

/**
 * Gives every sample listing awaiting review (or rejected) the private owner contact a real submission has (D7),
 * so staff commands show who to write to. Addresses are on example.com: nothing is ever delivered to a person.
 */
export async function addSampleOwnerContacts(sql: Sql): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `with added as (
       insert into public.listing_owner_contacts (listing_id, owner_name, email)
       select l.id, ($1::text[])[1 + (row_number() over (order by l.slug))::int % array_length($1::text[], 1)],
              'owner.' || left(l.slug, 60) || '@example.com'
       from public.glamping_listings l
       where l.verification_status <> 'verified'
         and not exists (select 1 from public.listing_owner_contacts c where c.listing_id = l.id)
       returning 1)
     select count(*)::int as n from added`,
    [`{${SAMPLE_OWNERS.map((n) => `"${n}"`).join(',')}}`],
  );
  return rows[0]?.n ?? 0;
}
