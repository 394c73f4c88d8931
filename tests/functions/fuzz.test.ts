import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInGazetteer } from '../../src/data/gazetteer';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { COORDINATE_SOURCES } from '../../src/domain/places/placement';
import { contactSchema } from '../../src/domain/schemas/contact';
import { submissionSchema } from '../../src/domain/schemas/submission';
import { createContactHandler } from '../../src/server/contact';
import { createSubmitHandler, placeSubmission, toNewListing } from '../../src/server/submissions';
import {
  contactBody,
  type FuzzRequest,
  requestArbitrary,
  submissionBody,
  toRequest,
  trapped,
} from './fuzz-arbitraries';
import { memoryTransport, testDatabase, testDeps } from './support';

// Fixed seeds: the same 10,000 requests on every run and machine. Change a seed to explore further.
const RUNS = 10_000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HEADER_UNSAFE = /[\r\n\u0000-\u001f\u007f\u2028\u2029]/;

/** Throws every generated request at a handler; returns the status counts and the ids of what it stored. */
async function bombard(
  handler: (req: Request) => Promise<Response>,
  path: string,
  form: fc.Arbitrary<Record<string, unknown>>,
  seed: number,
) {
  const statuses = new Map<number, number>();
  const stored = new Set<string>();
  const decoys = new Set<string>();
  await fc.assert(
    fc.asyncProperty(requestArbitrary(form), async (c: FuzzRequest) => {
      const res = await handler(toRequest(path, c));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = (await res.json()) as { id?: string; error?: string; fields?: Record<string, string> };
      if (res.status >= 500) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      if (res.status >= 400) {
        expect(typeof body.error).toBe('string');
        if (body.fields)
          expect(Object.values(body.fields).every((m) => typeof m === 'string' && m)).toBe(true);
        return;
      }
      expect(res.status).toBe(201);
      expect(typeof body.id).toBe('string');
      (trapped(c) ? decoys : stored).add(body.id as string);
    }),
    { numRuns: RUNS, seed, endOnFailure: true },
  );
  return { statuses: Object.fromEntries(statuses), stored, decoys };
}

const EMAILS_PER_ROW = 'select related_id, count(*)::int as n from public.email_outbox group by related_id';

let sql: Sql;
let store: Store;
beforeAll(async () => {
  ({ sql, store } = await testDatabase());
});
afterAll(() => sql?.close());

describe('fuzzing the form functions with 10,000 generated requests each', () => {
  it('POST /api/listings: never a 5xx, and every stored row is a valid pending listing with its owner and e-mails', async () => {
    const submit = createSubmitHandler(testDeps(store, memoryTransport()));
    const { statuses, stored, decoys } = await bombard(submit, '/api/listings', submissionBody, 20261123);
    // The run is only meaningful if plenty of requests got through and plenty were refused for each reason.
    expect(statuses[201]).toBeGreaterThan(1000);
    expect(statuses[400]).toBeGreaterThan(1000);
    for (const status of [405, 413, 415]) expect(statuses[status], `status ${status}`).toBeGreaterThan(0);

    const rows = await sql.query<Record<string, unknown>>(
      `select l.*, o.owner_name, o.email as owner_email, coalesce(e.n, 0) as emails
       from public.glamping_listings l
       left join public.listing_owner_contacts o on o.listing_id = l.id
       left join (${EMAILS_PER_ROW}) e on e.related_id = l.id`,
    );
    expect(new Set(rows.map((r) => r.id))).toEqual(stored);
    for (const id of decoys) expect(stored.has(id)).toBe(false);
    for (const row of rows) {
      expect(row.verification_status).toBe('pending');
      expect(row.emails).toBe(2);
      // Read back as a form, the row passes the same schema and comes out unchanged: nothing invalid, untrimmed
      // or unnormalised was stored.
      const parsed = submissionSchema.safeParse({
        propertyName: row.property_name,
        ownerName: row.owner_name,
        email: row.owner_email,
        phone: row.phone,
        address: row.street_address,
        city: row.city,
        state: row.state,
        zipCode: row.zip_code,
        accommodationType: row.accommodation_type,
        settingType: row.setting_type,
        description: row.description,
        amenities: row.amenities,
        priceRange: row.price_range ?? '',
        website: row.website_url ?? '',
        latitude: String(row.latitude),
        longitude: String(row.longitude),
      });
      expect(parsed.error?.issues, String(row.id)).toBeUndefined();
      // Read back, the coordinates are given; the row says where they came from (D28).
      const {
        slug: _slug,
        coordinates_source: _given,
        ...again
      } = toNewListing(
        await placeSubmission(parsed.data as NonNullable<typeof parsed.data>, findInGazetteer),
      );
      for (const [key, value] of Object.entries(again)) expect(row[key], `${row.id} ${key}`).toEqual(value);
      expect(COORDINATE_SOURCES, String(row.id)).toContain(row.coordinates_source);
    }
    const subjects = await sql.query<{ subject: string }>(
      `select subject from public.email_outbox where kind like 'listing%'`,
    );
    expect(subjects.length).toBe(rows.length * 2);
    expect(subjects.filter((s) => HEADER_UNSAFE.test(s.subject))).toEqual([]);
  });

  it('POST /api/contact: never a 5xx, and every stored message is valid with its staff e-mail', async () => {
    const send = createContactHandler(testDeps(store, memoryTransport()));
    const { statuses, stored, decoys } = await bombard(send, '/api/contact', contactBody, 19);
    expect(statuses[201]).toBeGreaterThan(1000);
    expect(statuses[400]).toBeGreaterThan(1000);
    for (const status of [405, 413, 415]) expect(statuses[status], `status ${status}`).toBeGreaterThan(0);

    const rows = await sql.query<Record<string, unknown>>(
      `select m.*, coalesce(e.n, 0) as emails
       from public.contact_messages m left join (${EMAILS_PER_ROW}) e on e.related_id = m.id`,
    );
    expect(new Set(rows.map((r) => r.id))).toEqual(stored);
    for (const id of decoys) expect(stored.has(id)).toBe(false);
    for (const row of rows) {
      expect(row.emails).toBe(1);
      const form = {
        name: row.name,
        email: row.email,
        subject: row.subject,
        category: row.category ?? '',
        message: row.message,
      };
      const parsed = contactSchema.safeParse(form);
      expect(parsed.error?.issues, String(row.id)).toBeUndefined();
      expect(parsed.data).toEqual(form);
    }
  });
});
