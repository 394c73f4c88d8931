import fc from 'fast-check';
import {
  ACCOMMODATION_TYPES,
  AMENITIES,
  CONTACT_CATEGORIES,
  PRICE_RANGE_VALUES,
  SETTING_TYPES,
  US_STATES,
} from '../../src/domain/lists';
import { MAX_BODY_BYTES } from '../../src/server/http';

/** Hostile or odd values a client could put in any field. `undefined` drops the key from the JSON. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    'x\ud800',
    '\u202e\u200b',
    '<script>alert(1)</script>',
    "'; drop table public.glamping_listings; --",
    'a\r\nBcc: evil@example.test',
    'javascript:alert(1)',
    'http:example.com',
    'https://',
    'ftp://example.com',
    '1e999',
    'NaN',
    'Infinity',
    '-0',
    ' 90.0000001 ',
    'California',
    'Yurts',
    '__proto__',
    'x'.repeat(6000),
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Mostly a plausible value, sometimes junk: enough valid forms get through to exercise storage. */
const mostly = <T>(valid: fc.Arbitrary<T>, validWeight = 14) =>
  fc.oneof(
    { weight: validWeight, arbitrary: valid as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: junk },
  );

/** Text with the spaces people leave around it. */
const padded = (arb: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', '', ' ', '  \t'), arb, fc.constantFrom('', '', ' ', '\n'))
    .map(([a, b, c]) => a + b + c);

const words = (max: number) => padded(fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }));
const choice = (values: readonly string[]) => padded(fc.constantFrom(...values));
const phone = fc.oneof(
  fc.stringMatching(/^\d{10}$/),
  fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/),
  fc.stringMatching(/^\+1 \d{3}\.\d{3}\.\d{4}$/),
  fc.stringMatching(/^\d{3}-\d{4}$/),
);
// Usually a decimal as people type it; sometimes empty (the default pair applies only when both are) or a form the
// domain refuses with a field message (out of range, exponent, hexadecimal, decimal comma).
const coordinate = (limit: number) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: -limit, max: limit, noNaN: true }).map((n) => n.toFixed(5)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'north', '40,7', '0x1A', '1e2', `${limit + 1}`) },
    { weight: 1, arbitrary: fc.double().map(String) },
  );
const amenities = fc.oneof(
  { weight: 6, arbitrary: fc.subarray([...AMENITIES]) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...AMENITIES, 'Moat', 'wifi', ''), { maxLength: 30 }) },
);
// Usually absent; sometimes empty (a person: stored), sometimes filled (a bot: not stored).
const honeypot = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
);
const extraKeys = fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 2 });

/** A list-property form as a client might send it: usually close to valid, often not quite. */
export const submissionBody = fc
  .tuple(
    extraKeys,
    fc.record({
      propertyName: mostly(words(140)),
      ownerName: mostly(words(40)),
      email: mostly(fc.emailAddress()),
      phone: mostly(padded(phone)),
      address: mostly(words(60)),
      city: mostly(words(30)),
      state: mostly(choice(US_STATES)),
      zipCode: mostly(
        fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/), fc.string()),
      ),
      accommodationType: mostly(choice(ACCOMMODATION_TYPES)),
      settingType: mostly(choice(SETTING_TYPES)),
      description: mostly(words(300)),
      amenities: mostly(amenities),
      priceRange: mostly(fc.constantFrom('', ...PRICE_RANGE_VALUES)),
      website: mostly(
        fc.oneof(fc.constant(''), fc.webUrl(), fc.webUrl({ withQueryParameters: true, withFragments: true })),
      ),
      latitude: mostly(coordinate(90)),
      longitude: mostly(coordinate(180)),
    }),
    honeypot,
  )
  .map(([extra, form, trap]) => ({ ...extra, ...form, ...(trap === null ? {} : { company_website: trap }) }));

/** A contact form as a client might send it. */
export const contactBody = fc
  .tuple(
    extraKeys,
    fc.record({
      name: mostly(words(140)),
      email: mostly(fc.emailAddress()),
      subject: mostly(words(220)),
      category: mostly(fc.constantFrom('', ...CONTACT_CATEGORIES.map((c) => c.value))),
      message: mostly(words(400)),
    }),
    honeypot,
  )
  .map(([extra, form, trap]) => ({ ...extra, ...form, ...(trap === null ? {} : { company_website: trap }) }));

/** Raw bodies that are not a form at all. */
const oddBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.uint8Array({ maxLength: 40 }),
  fc.constantFrom(
    '',
    '{',
    '{"propertyName":',
    'null',
    '[]',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    `{"amenities":${'['.repeat(3000)}${']'.repeat(3000)}}`,
    `{"description":"${'x'.repeat(MAX_BODY_BYTES + 10)}"}`,
  ),
);

/** One HTTP request to a form function: mostly a JSON POST, sometimes the wrong method, type or body. */
export function requestArbitrary(form: fc.Arbitrary<Record<string, unknown>>) {
  return fc.record({
    method: fc.oneof(
      { weight: 30, arbitrary: fc.constant('POST') },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
    ),
    contentType: fc.oneof(
      { weight: 30, arbitrary: fc.constant('application/json') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/jsonx',
          '',
        ),
      },
    ),
    body: fc.oneof(
      {
        weight: 12,
        arbitrary: form.map((f) => ({ form: f as Record<string, unknown> | null, raw: JSON.stringify(f) })),
      },
      { weight: 1, arbitrary: oddBody.map((raw) => ({ form: null, raw })) },
    ),
    ip: fc.ipV4(),
  });
}

export type FuzzRequest = {
  method: string;
  contentType: string;
  body: { form: Record<string, unknown> | null; raw: string | Uint8Array };
  ip: string;
};

/** The Request a generated case stands for. */
export function toRequest(path: string, c: FuzzRequest): Request {
  const headers: Record<string, string> = { 'x-forwarded-for': c.ip };
  if (c.contentType) headers['content-type'] = c.contentType;
  const hasBody = c.method !== 'GET' && c.method !== 'HEAD';
  return new Request(`http://localhost${path}`, {
    method: c.method,
    headers,
    ...(hasBody ? { body: c.body.raw as BodyInit } : {}),
  });
}

/** True when the case's form fills the honeypot (the function then stores nothing). */
export function trapped(c: FuzzRequest): boolean {
  const trap = c.body.form?.company_website;
  return trap !== undefined && trap !== null && trap !== '';
}
