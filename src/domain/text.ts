/**
 * What text a person may type, and how stored text is shown on a terminal or in a log. One place, so
 * the browser, the functions and the staff import give the same message, and every printer escapes the same way.
 */

// biome-ignore-start lint/suspicious/noControlCharactersInRegex: finding control characters is the point
/** C0 and C1 control characters (line breaks, tab, ESC, BEL, NEL...) and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Control characters other than the line feed a multi-line field keeps. */
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
// biome-ignore-end lint/suspicious/noControlCharactersInRegex: finding control characters is the point
/** Bidirectional embeddings, overrides and isolates: they reorder what a reader sees (Trojan Source). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
/** Line breaks a single line cannot hold: CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
/**
 * Characters that print nothing: white space, zero-width spaces and joiners, soft hyphen, word joiner, variation
 * selectors, Hangul fillers, direction marks and the byte-order mark.
 */
const INVISIBLE =
  /^(?:[\s\u00ad\u061c\u115f\u1160\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180f]|[\ufe00-\ufe0f])+$/;

export const TEXT_MESSAGES = {
  oneLine: 'Please keep this on one line',
  control: 'Please remove the invisible control characters (they often come from copy and paste)',
  invisible: 'Please enter visible text, not only invisible characters',
} as const;

/** CRLF and lone CR (old Mac, some pasted text) and the Unicode separators become LF: one line-break form. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n');
}

/**
 * Why a value cannot be stored, or null when it can. A single line refuses every control character (line
 * breaks with their own message); multi-line text keeps LF only (normalise CR first). Both refuse bidi
 * controls and text made only of invisible characters.
 */
export function textProblem(value: string, multiline = false): string | null {
  if (!multiline && LINE_BREAK.test(value)) return TEXT_MESSAGES.oneLine;
  if ((multiline ? CONTROL_BUT_LF : CONTROL).test(value) || BIDI.test(value)) return TEXT_MESSAGES.control;
  if (INVISIBLE.test(value)) return TEXT_MESSAGES.invisible;
  return null;
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/**
 * Text as one safe terminal or log line: control characters, bidi controls and line separators are shown as
 * visible escapes (`\x1b`, `\n`, `\u202e`), so stored data can neither drive the terminal (clear it, set its
 * title) nor start a line that looks like another row. Backslashes are left as they are.
 */
export function printable(value: string): string {
  return value.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED[c] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
}
