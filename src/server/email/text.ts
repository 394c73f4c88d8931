/** Escapes user text for HTML bodies (D26): nothing a user typed is ever markup. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Text that may go into a header (subject, display name): no CR/LF or other controls, so no header injection. */
export function headerText(value: string, max = 150): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/** A plain-text block of labelled lines; empty values read "(not given)". */
export function textLines(rows: ReadonlyArray<readonly [string, string]>): string {
  return rows.map(([label, value]) => `${label}: ${value || '(not given)'}`).join('\n');
}

/** The same rows as a simple HTML table, every value escaped. */
export function htmlTable(rows: ReadonlyArray<readonly [string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value || '(not given)')}</td></tr>`,
    )
    .join('');
  return `<table cellpadding="4">${cells}</table>`;
}

/** A web address in escaped text, up to a space; a closing full stop, comma or bracket is the sentence's own. */
const WEB_ADDRESS = /https?:\/\/[^\s<]+[^\s<.,;:)]/g;

/** Escaped text in which each web address is a link (the same address as its label, so the reader sees where). */
export function linkedHtml(text: string): string {
  return escapeHtml(text).replace(WEB_ADDRESS, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * A minimal HTML document around escaped paragraphs and an optional table. Paragraphs are our own words (their web
 * addresses become links, as mail readers expect); what a user typed goes in the table, escaped and never linked.
 */
export function htmlDocument(paragraphs: readonly string[], table = ''): string {
  const body = paragraphs.map((p) => `<p>${linkedHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif">${body}${table}</body></html>`;
}
