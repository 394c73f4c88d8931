import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/domain/schemas/contact';
import { fieldErrors } from '../../src/domain/schemas/errors';
import { editableFields, importRowSchema } from '../../src/domain/schemas/import';
import { submissionSchema } from '../../src/domain/schemas/submission';
import { printable, TEXT_MESSAGES, textProblem } from '../../src/domain/text';
import { formInput, importCells } from './fixtures';

const submission = formInput({ website: 'https://redrock.example' });
const contact = { name: 'Sam', email: 'sam@example.com', subject: 'Hi', category: '', message: 'Hello' };
const importRow = importCells({
  description: 'Quiet',
  public_email: 'hi@canyon.example',
  price_range: '',
  amenities: 'Parking',
  images: 'https://canyon.example/a.jpg',
  verification_status: '',
  featured: '',
  created_at: '',
});

/** Each schema with a valid input and its single-line and multi-line free-text fields. */
const SCHEMAS = [
  {
    name: 'submission (list-property form and POST /api/listings)',
    schema: submissionSchema,
    valid: submission,
    single: ['propertyName', 'ownerName', 'email', 'phone', 'address', 'city', 'zipCode', 'website'],
    multi: ['description'],
  },
  {
    name: 'contact (contact form and POST /api/contact)',
    schema: contactSchema,
    valid: contact,
    single: ['name', 'email', 'subject'],
    multi: ['message'],
  },
  {
    name: 'staff import row (and staff edit, same field rules)',
    schema: importRowSchema,
    valid: importRow,
    single: [
      'property_name',
      'street_address',
      'city',
      'zip_code',
      'phone',
      'website_url',
      'public_email',
      'features',
      'images',
      'owner_name',
      'owner_email',
    ],
    multi: ['description'],
  },
] as const;

const errorsOf = (schema: (typeof SCHEMAS)[number]['schema'], input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

// Appended to (or made of) a valid value: what pasted or hostile text brings along.
const CONTROLS = {
  ESC: '\u001b[2J',
  BEL: '\u0007',
  NUL: '\u0000',
  tab: 'a\tb',
  DEL: '\u007f',
  'C1 CSI': '\u009b',
  'bidi override RLO': '\u202egpj.exe',
  'bidi isolate LRI': '\u2066x\u2069',
};

describe.each(SCHEMAS)('$name', ({ schema, valid, single, multi }) => {
  it.each(single)('%s refuses control characters and bidi controls with one message', (field) => {
    const base = (valid as Record<string, string>)[field];
    for (const [label, bad] of Object.entries(CONTROLS))
      expect(errorsOf(schema, { ...valid, [field]: `${base}${bad}` }), label).toEqual({
        [field]: TEXT_MESSAGES.control,
      });
  });

  it.each(single)('%s refuses line breaks (LF, CRLF, CR, NEL, U+2028) as not one line', (field) => {
    const base = (valid as Record<string, string>)[field];
    for (const br of ['\n', '\r\n', '\r', '\u0085', '\u2028'])
      expect(errorsOf(schema, { ...valid, [field]: `${base}${br}x` })).toEqual({
        [field]: TEXT_MESSAGES.oneLine,
      });
  });

  it.each([...single, ...multi])('%s refuses text made only of invisible characters', (field) => {
    for (const ghost of ['\u200b', '\u200b\u200d\u2060', '\u00ad', '\u3164', '\ufe0f\u200c'])
      expect(errorsOf(schema, { ...valid, [field]: ghost }), JSON.stringify(ghost)).toEqual({
        [field]: TEXT_MESSAGES.invisible,
      });
  });

  it.each(multi)('%s keeps line breaks (CRLF and CR stored as LF) and refuses other controls', (field) => {
    const parsed = schema.parse({ ...valid, [field]: 'Line one\r\nLine two\rLine three\n\nEnd' }) as Record<
      string,
      unknown
    >;
    expect(parsed[field]).toBe('Line one\nLine two\nLine three\n\nEnd');
    for (const [label, bad] of Object.entries(CONTROLS))
      expect(errorsOf(schema, { ...valid, [field]: `Text${bad}` }), label).toEqual({
        [field]: TEXT_MESSAGES.control,
      });
  });

  it('still accepts ordinary text in every language, emoji with joiners included', () => {
    const text = { ...valid } as Record<string, string>;
    const free = (multi as readonly string[]).concat(
      single.filter((f) => /name|city|address|subject|street|features/.test(f)),
    );
    for (const f of free) text[f] = 'Café Ñandú · 北海道 👨‍👩‍👧 “Yurt” — ok';
    expect(errorsOf(schema, text)).toEqual({});
  });
});

describe('staff edit uses the same rule', () => {
  it('refuses ESC in a property name and keeps line breaks in a description', () => {
    expect(
      editableFields.property_name.safeParse('Pines\u001b]0;owned\u0007').error?.issues[0]?.message,
    ).toBe(TEXT_MESSAGES.control);
    expect(editableFields.description.parse('a\r\nb')).toBe('a\nb');
  });
});

describe('textProblem', () => {
  it('accepts plain single-line text and multi-line text with LF', () => {
    expect(textProblem('Whispering Pines')).toBeNull();
    expect(textProblem('one\ntwo', true)).toBeNull();
    expect(textProblem('')).toBeNull();
  });
});

describe('printable', () => {
  it('shows ESC, BEL, CR, LF, tab, C1 and bidi controls as visible escapes, and nothing else changes', () => {
    expect(printable('a\u001b[2Jb\u0007c\r\nd\te\u009bf\u202eg')).toBe(
      'a\\x1b[2Jb\\x07c\\r\\nd\\te\\x9bf\\u202eg',
    );
    expect(printable('Café 北海道 👨‍👩‍👧 C:\\path')).toBe('Café 北海道 👨‍👩‍👧 C:\\path');
  });
});
