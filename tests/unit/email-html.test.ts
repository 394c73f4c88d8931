import { describe, expect, it } from 'vitest';
import { submissionSchema } from '../../src/domain/schemas/submission';
import { signInEmail, submissionEmails } from '../../src/server/email/compose';
import { htmlDocument } from '../../src/server/email/text';
import { formInput } from './fixtures';

describe('the HTML part of our e-mails', () => {
  it('makes the sign-in address a link a mail reader can open', () => {
    const link = 'https://glamping.example/sign-in/confirm#AbC_d-123';
    const mail = signInEmail('olive@example.com', link, 15);
    expect(mail.html_body).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.text_body).toContain(link);
  });

  it('leaves a sentence’s full stop out of the link and escapes the rest', () => {
    const html = htmlDocument(['Open https://glamping.example/a?x=1&y=2. Then <b>wait</b>.']);
    expect(html).toContain(
      '<a href="https://glamping.example/a?x=1&amp;y=2">https://glamping.example/a?x=1&amp;y=2</a>.',
    );
    expect(html).toContain('&lt;b&gt;wait&lt;/b&gt;');
  });

  it('never links what a user typed: table values stay text', () => {
    const html = htmlDocument(['Hello'], '<table><tr><td>https://evil.example</td></tr></table>');
    expect(html).not.toContain('href="https://evil.example"');
  });

  it("makes the owner's receipt's owner-page links real links, and escapes every value of its copy", () => {
    const mail = submissionEmails(
      {
        ...submissionSchema.parse(
          formInput({ accommodationType: "Shepherd's Huts", amenities: ['Fire Pit', 'BBQ Grill'] }),
        ),
        latitude: 44.05,
        longitude: -121.31,
        coordinatesSource: 'given',
      },
      { from: 'a@example.com', staff: 'staff@example.com' },
      'https://glamping.example',
    ).find((m) => m.kind === 'listing_submitted_owner')!;
    expect(mail.html_body).toContain(
      '<a href="https://glamping.example/owner">https://glamping.example/owner</a>',
    );
    expect(mail.html_body).toContain(
      '<a href="https://glamping.example/for-owners">https://glamping.example/for-owners</a>',
    );
    expect(mail.text_body).toContain('https://glamping.example/owner');
    expect(mail.html_body).toContain('<th align="left" valign="top">Accommodation type</th>');
    expect(mail.html_body).toContain('Shepherd&#39;s Huts');
    expect(mail.html_body).toContain('Fire Pit, BBQ Grill');
    // Outside the links, the markup is ours: no tag or quote comes from a value.
    expect(
      mail.html_body.replace(
        /<\/?(!doctype html|html|body[^>]*|p|a[^>]*|table[^>]*|tr|th[^>]*|td[^>]*)>/g,
        '',
      ),
    ).not.toMatch(/[<>']/);
  });
});
