import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { distanceMiles } from '../../src/domain/search';
import { MAX_BODY_BYTES } from '../../src/server/http';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { createSubmitHandler } from '../../src/server/submissions';
import { count, memoryTransport, postJson, testDatabase, testDeps, validSubmission } from './support';

let sql: Sql;
let store: Store;
const transport = memoryTransport();
let submit: ReturnType<typeof createSubmitHandler>;

beforeEach(async () => {
  ({ sql, store } = await testDatabase());
  transport.sent.length = 0;
  transport.failing = false;
  submit = createSubmitHandler(testDeps(store, transport));
});
afterAll(() => sql?.close());

describe('POST /api/listings with a valid form', () => {
  it('stores a pending listing, the private owner contact and two e-mails, and sends them (201)', async () => {
    const res = await submit(postJson('/api/listings', validSubmission()));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; notified: boolean };
    expect(body.notified).toBe(true);
    const [row] = await sql.query<Record<string, unknown>>(
      'select * from public.glamping_listings where id = $1',
      [body.id],
    );
    expect(row).toMatchObject({
      property_name: 'Whispering Pines Yurts',
      verification_status: 'pending',
      street_address: '12 Forest Road',
      website_url: 'https://pines.example.com/',
      price_range: 'Mid-Range',
      amenities: ['Fire Pit', 'Hot Shower'],
      latitude: 44.05,
      longitude: -121.31,
    });
    expect(Object.values(row ?? {})).not.toContain('ada@example.com');
    const owners = await sql.query(
      'select owner_name, email from public.listing_owner_contacts where listing_id = $1',
      [body.id],
    );
    expect(owners).toEqual([{ owner_name: 'Ada Owner', email: 'ada@example.com' }]);
    expect(transport.sent.map((m) => m.to).sort()).toEqual(['ada@example.com', 'staff@test.local']);
    expect(await store.dueEmails(10)).toEqual([]);
  });

  it("the owner's receipt copies the details chosen, escaped, and links to the owner page at the configured origin", async () => {
    const res = await submit(
      postJson(
        '/api/listings',
        validSubmission({
          propertyName: 'Pines <b>& Co</b>',
          accommodationType: "Shepherd's Huts",
          amenities: ['Fire Pit', 'Hot Tub/Jacuzzi'],
          petsAllowed: 'yes',
          sleeps: '4',
        }),
        // A request's Host is the client's to write: the links never follow it.
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      ),
    );
    expect(res.status).toBe(201);
    const [receipt] = await sql.query<{ to_address: string; text_body: string; html_body: string }>(
      "select to_address, text_body, html_body from public.email_outbox where kind = 'listing_submitted_owner'",
    );
    expect(receipt?.to_address).toBe('ada@example.com');
    const text = receipt?.text_body ?? '';
    for (const line of [
      "Accommodation type: Shepherd's Huts",
      'Setting type: Forest',
      'Price range: Mid-Range',
      'State: Oregon',
      'ZIP code: 97701',
      'Amenities: Fire Pit, Hot Tub/Jacuzzi',
      'Good to know: Pets allowed; Sleeps up to 4',
      'Photos: 0',
    ])
      expect(text).toContain(line);
    const html = receipt?.html_body ?? '';
    expect(html).toContain('<a href="https://glamping.test/owner">https://glamping.test/owner</a>');
    expect(html).toContain('<a href="https://glamping.test/for-owners">https://glamping.test/for-owners</a>');
    expect(html).toContain('<td style="white-space:pre-wrap">Shepherd&#39;s Huts</td>');
    expect(html).not.toContain("Shepherd's");
    // What the owner wrote in their own words stays out of a mail to an address nobody has confirmed.
    for (const part of [text, html]) expect(part).not.toMatch(/evil|Pines|<b>|Forest Road|Heated|555/);
    // The same e-mail went out.
    const sent = transport.sent.find((m) => m.to === 'ada@example.com');
    expect(sent?.html).toBe(html);
  });

  it('is never public: the anon reader does not see the pending listing', async () => {
    await submit(postJson('/api/listings', validSubmission()));
    expect(await store.countPublic()).toBe(0);
  });

  it('answers notified: false when e-mail fails, with the listing and its e-mails kept for retry', async () => {
    transport.failing = true;
    const res = await submit(postJson('/api/listings', validSubmission()));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { notified: boolean }).notified).toBe(false);
    expect(await count(sql, 'glamping_listings')).toBe(1);
    const queued = await store.dueEmails(10, new Date(Date.now() + 120_000));
    expect(queued).toHaveLength(2);
    expect(queued.every((e) => e.attempts === 1)).toBe(true);
  });

  /** Submits without coordinates; the stored position, its source and the staff e-mail's text. */
  async function placedWithout(over: Parameters<typeof validSubmission>[0]) {
    const res = await submit(
      postJson('/api/listings', validSubmission({ latitude: '', longitude: ' ', ...over })),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query<{ latitude: number; longitude: number; coordinates_source: string }>(
      'select latitude, longitude, coordinates_source from public.glamping_listings where id = $1',
      [id],
    );
    const staff = transport.sent.find((m) => m.to === 'staff@test.local');
    return { row: row!, mail: staff?.text ?? '' };
  }
  const MANHATTAN = { latitude: 40.7128, longitude: -74.006 };

  it('places a listing without coordinates at its ZIP code, and tells staff (D28)', async () => {
    const { row, mail } = await placedWithout({
      city: 'Asheville',
      state: 'North Carolina',
      zipCode: '28801',
    });
    expect(row).toEqual({ latitude: 35.5971, longitude: -82.5565, coordinates_source: 'zip' });
    expect(mail).toContain('Latitude, longitude: 35.5971, -82.5565');
    expect(mail).toContain('none given: placed at the centre of ZIP code 28801');
  });

  it('places it at its town when the ZIP code is unknown', async () => {
    const { row, mail } = await placedWithout({
      city: 'Asheville',
      state: 'North Carolina',
      zipCode: '28899',
    });
    expect(row.coordinates_source).toBe('town');
    expect(distanceMiles(row, { latitude: 35.6, longitude: -82.55 })).toBeLessThan(5);
    expect(mail).toContain('ZIP code 28899 unknown: placed at the centre of Asheville');
  });

  it('never places a Montana listing near Manhattan, even with a New York ZIP code', async () => {
    for (const zipCode of ['59715', '10001', '59999']) {
      const { row } = await placedWithout({ city: 'Bozeman', state: 'Montana', zipCode });
      expect(distanceMiles(row, MANHATTAN), zipCode).toBeGreaterThan(1500);
      expect(distanceMiles(row, { latitude: 45.68, longitude: -111.04 }), zipCode).toBeLessThan(300);
    }
  });

  it('keeps coordinates the owner gave, marked as given', async () => {
    const res = await submit(postJson('/api/listings', validSubmission()));
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query('select coordinates_source from public.glamping_listings where id = $1', [
      id,
    ]);
    expect(row).toEqual({ coordinates_source: 'given' });
    expect(transport.sent.find((m) => m.to === 'staff@test.local')?.text).toContain('given with the listing');
  });

  it('escapes user text in the HTML e-mail', async () => {
    await submit(postJson('/api/listings', validSubmission({ propertyName: '<b>Pines</b> & "Yurts"' })));
    const staff = transport.sent.find((m) => m.to === 'staff@test.local');
    expect(staff?.html).toContain('&lt;b&gt;Pines&lt;/b&gt; &amp; &quot;Yurts&quot;');
    expect(staff?.html).not.toContain('<b>Pines');
  });

  it('keeps the line breaks of a description, CRLF stored as LF', async () => {
    const res = await submit(
      postJson('/api/listings', validSubmission({ description: 'Yurts.\r\n\r\nDogs welcome.' })),
    );
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query('select description from public.glamping_listings where id = $1', [id]);
    expect(row).toEqual({ description: 'Yurts.\n\nDogs welcome.' });
  });
});

describe('POST /api/listings refuses bad requests with a clear reason', () => {
  it('405 with Allow for another method', async () => {
    const res = await submit(new Request('http://localhost/api/listings', { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('415 for a body that is not JSON', async () => {
    const req = new Request('http://localhost/api/listings', { method: 'POST', body: 'propertyName=x' });
    const res = await submit(req);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toMatch(/JSON/);
  });

  it('413 for a body over 32 KB', async () => {
    const res = await submit(
      postJson('/api/listings', validSubmission({ description: 'x'.repeat(MAX_BODY_BYTES) })),
    );
    expect(res.status).toBe(413);
  });

  it('400 for malformed JSON and for JSON that is not an object', async () => {
    expect((await submit(postJson('/api/listings', '{"propertyName":'))).status).toBe(400);
    expect((await submit(postJson('/api/listings', '[1,2]'))).status).toBe(400);
  });

  it('400 with every spec message for an empty form, and nothing stored', async () => {
    const res = await submit(postJson('/api/listings', {}));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({
      propertyName: 'Property name is required',
      ownerName: 'Owner name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      accommodationType: 'Accommodation type is required',
      settingType: 'Setting type is required',
      description: 'Description is required',
    });
    expect(await count(sql, 'glamping_listings')).toBe(0);
  });

  it('400 for an invalid e-mail, a website that is not http(s) and whitespace-only text', async () => {
    const res = await submit(
      postJson(
        '/api/listings',
        validSubmission({ email: 'ada@', website: 'javascript:alert(1)', city: '   ' }),
      ),
    );
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({
      email: 'Please enter a valid email',
      website: 'Website must be a full address starting with http:// or https://',
      city: 'City is required',
    });
  });

  it('400 with the field message for control characters, bidi controls and invisible-only text', async () => {
    const res = await submit(
      postJson(
        '/api/listings',
        validSubmission({
          propertyName: 'Pines\r\nBcc: x@evil.test',
          ownerName: 'Ada\u001b]0;pwned\u0007',
          city: 'Bend\u202e',
          address: '\u200b\u200b',
          description: 'Nice\u001b[2J place',
          latitude: '0x1A',
        }),
      ),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      propertyName: 'Please keep this on one line',
      ownerName: 'Please remove the invisible control characters (they often come from copy and paste)',
      city: 'Please remove the invisible control characters (they often come from copy and paste)',
      address: 'Please enter visible text, not only invisible characters',
      description: 'Please remove the invisible control characters (they often come from copy and paste)',
      latitude: 'Please enter a decimal number between -90 and 90, like 44.05',
    });
    expect(await count(sql, 'glamping_listings')).toBe(0);
    expect(transport.sent).toEqual([]);
  });

  it('400 (not a database error) for text PostgreSQL cannot store', async () => {
    const res = await submit(
      postJson('/api/listings', validSubmission({ city: 'Be\u0000nd', address: '\ud800' })),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields).sort()).toEqual([
      'address',
      'city',
    ]);
  });

  it('429 with Retry-After once a client is over its rate; other clients are unaffected', async () => {
    const limited = createSubmitHandler(
      testDeps(store, transport, { rateLimit: slidingWindowLimiter({ limit: 2, windowMs: 60_000 }) }),
    );
    const from = (ip: string) => postJson('/api/listings', {}, { 'x-forwarded-for': ip });
    expect((await limited(from('203.0.113.9'))).status).toBe(400);
    expect((await limited(from('203.0.113.9'))).status).toBe(400);
    const over = await limited(from('203.0.113.9'));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited(from('198.51.100.1'))).status).toBe(400);
  });

  it('a filled honeypot looks like success but stores and sends nothing', async () => {
    const res = await submit(
      postJson('/api/listings', { ...validSubmission(), company_website: 'http://spam.test' }),
    );
    expect(res.status).toBe(201);
    expect(await count(sql, 'glamping_listings')).toBe(0);
    expect(await count(sql, 'email_outbox')).toBe(0);
    expect(transport.sent).toEqual([]);
  });

  it('503 with a clear message when the database is unreachable', async () => {
    const down = createSubmitHandler(
      testDeps(store, transport, {
        store: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        },
      }),
    );
    const res = await down(postJson('/api/listings', validSubmission()));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /database is unavailable.*nothing was saved/i,
    );
  });

  it('503 when the database fails during the insert, and nothing half-stored', async () => {
    // A failure of the database, not of the input: a table the write needs is missing.
    await sql.exec('alter table public.listing_owner_contacts rename to listing_owner_contacts_gone');
    const res = await submit(postJson('/api/listings', validSubmission()));
    expect(res.status).toBe(503);
    expect(await count(sql, 'glamping_listings')).toBe(0);
    expect(await count(sql, 'email_outbox')).toBe(0);
  });

  it('400 with the reason when a database constraint refuses the input, and nothing half-stored', async () => {
    await sql.exec(
      `alter table public.listing_owner_contacts add constraint no_robots check (owner_name <> 'Robot')`,
    );
    const res = await submit(postJson('/api/listings', validSubmission({ ownerName: 'Robot' })));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Refused by the database: .*"no_robots"/,
    );
    expect(await count(sql, 'glamping_listings')).toBe(0);
    expect(await count(sql, 'email_outbox')).toBe(0);
  });
});

describe('POST /api/listings with the facts glampers filter by (D32)', () => {
  const facts = async (id: string) =>
    (
      await sql.query<Record<string, unknown>>(
        `select open_months, pets_allowed, good_for_kids, wheelchair_accessible, accessibility_note, sleeps,
           min_nights from public.glamping_listings where id = $1`,
        [id],
      )
    )[0];

  it('stores the facts stated, and leaves those left empty as not stated (null, never false)', async () => {
    const res = await submit(
      postJson(
        '/api/listings',
        validSubmission({
          openMonths: ['10', '5', '6', '7', '8', '9'],
          petsAllowed: 'yes',
          goodForKids: 'no',
          accessibilityNote: ' Step-free path to tent 2 ',
          sleeps: '4',
        }),
      ),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await facts(id)).toEqual({
      open_months: [5, 6, 7, 8, 9, 10],
      pets_allowed: true,
      good_for_kids: false,
      wheelchair_accessible: null,
      accessibility_note: 'Step-free path to tent 2',
      sleeps: 4,
      min_nights: null,
    });
    // Staff see what was stated with the rest of the submission.
    const mail = transport.sent.find((m) => m.to === 'staff@test.local')?.text ?? '';
    expect(mail).toContain('Open May–October; Pets allowed; Not suited to kids');
  });

  it('400 with a field message for each bad fact, and nothing stored', async () => {
    const res = await submit(
      postJson('/api/listings', {
        ...validSubmission(),
        openMonths: ['October'],
        petsAllowed: 'sometimes',
        goodForKids: 1,
        wheelchairAccessible: { answer: 'yes' },
        sleeps: '-3',
        minNights: '400',
        accessibilityNote: 'x'.repeat(201),
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      openMonths: 'Please choose months from the list',
      petsAllowed: 'Please choose yes, no or leave it empty',
      goodForKids: 'Please choose yes, no or leave it empty',
      wheelchairAccessible: 'Please choose yes, no or leave it empty',
      sleeps: 'Please enter a whole number from 1 to 500',
      minNights: 'Please enter a whole number from 1 to 365',
      accessibilityNote: 'Please keep this under 200 characters',
    });
    expect(await count(sql, 'glamping_listings')).toBe(0);
  });
});
