import { describe, expect, it } from 'vitest';
import { signInEmail } from '../../src/server/email/compose';
import { htmlDocument } from '../../src/server/email/text';

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
});
