/** POST /api/listings/duplicates: what the form warns about before a submission is stored. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { createDuplicateCheckHandler, createSubmitHandler } from '../../src/server/submissions';
import { count, memoryTransport, postJson, testDatabase, testDeps, validSubmission } from './support';

let sql: Sql;
let store: Store;
const transport = memoryTransport();

beforeAll(async () => {
  ({ sql, store } = await testDatabase());
  // The listing already there: Whispering Pines Yurts in Bend, as the valid submission describes it.
  const res = await createSubmitHandler(testDeps(store, transport))(
    postJson('/api/listings', validSubmission()),
  );
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  // Only published listings count as "already listed"; a pending one is staff's to compare.
  expect(await found(await check(validSubmission()))).toEqual([]);
  await sql.query("update public.glamping_listings set verification_status = 'verified' where id = $1", [id]);
});
afterAll(() => sql?.close());

const check = (body: unknown, deps = testDeps(store, transport)) =>
  createDuplicateCheckHandler(deps)(postJson('/api/listings/duplicates', body));
const found = async (res: Response) =>
  ((await res.json()) as { duplicates: Array<{ slug: string; reasons: string[] }> }).duplicates;

it('names the listing with the same phone, website host or a similar name nearby, and stores nothing', async () => {
  const before = await count(sql, 'glamping_listings');
  const samePhone = await check(
    validSubmission({ propertyName: 'Totally Different Domes', website: '', phone: '+1 555.123.4567' }),
  );
  expect(samePhone.status).toBe(200);
  const [phone] = await found(samePhone);
  expect(phone).toMatchObject({ slug: 'whispering-pines-yurts-bend-oregon' });
  expect(phone?.reasons).toContain('phone');

  const sameName = await found(
    await check(validSubmission({ propertyName: 'Whispering Pine Yurt', phone: '5419990000', website: '' })),
  );
  expect(sameName.map((d) => d.reasons)).toEqual([['name']]);
  const sameHost = await found(
    await check(
      validSubmission({
        propertyName: 'Other',
        phone: '5419990000',
        website: 'https://www.pines.example.com/book',
      }),
    ),
  );
  expect(sameHost.map((d) => d.reasons)).toEqual([['website']]);

  const none = await found(
    await check(
      validSubmission({
        propertyName: 'Canyon Tipis',
        phone: '5419990000',
        website: '',
        city: 'Moab',
        state: 'Utah',
        zipCode: '84532',
        latitude: '38.57',
        longitude: '-109.55',
      }),
    ),
  );
  expect(none).toEqual([]);
  expect(await count(sql, 'glamping_listings')).toBe(before);
});

it('answers 400 with field messages for an invalid form and 429 past the submission limit', async () => {
  const bad = await check(validSubmission({ phone: '12' }));
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { fields: Record<string, string> }).fields.phone).toMatch(/phone/i);
  const deps = testDeps(store, transport, {
    rateLimit: slidingWindowLimiter({ limit: 1, windowMs: 60_000 }),
  });
  expect((await check(validSubmission(), deps)).status).toBe(200);
  expect((await check(validSubmission(), deps)).status).toBe(429);
});
