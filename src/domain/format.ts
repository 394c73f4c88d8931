import { SITE_NAME } from './lists';

/**
 * A whole number with US thousands separators (12,345), as toLocaleString('en-US') writes it. Written out because a
 * page's first toLocaleString with a locale loads ICU's number formats: 30-50 ms in Chromium on this machine, several
 * times that on a phone, inside the browse view's first render (docs/performance.md, "Work at load").
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "12 places", "1 place": how many listings a way out of an empty result finds (./relax.ts). */
export const placesCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'place' : 'places'}`;

/** Digits of a phone number, without a leading US country code. */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Formats a 10-digit phone as (###) ###-####; anything else is returned trimmed, unchanged. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const d = phoneDigits(raw);
  if (d.length !== 10) return raw.trim();
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A tel: href for a phone number, or null when it has no usable digits. */
export function telHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const d = phoneDigits(raw);
  return d.length === 10 ? `tel:+1${d}` : null;
}

/** Lengths search engines show in full: longer titles and descriptions are cut in their results. */
export const MAX_TITLE = 60;
export const MAX_DESCRIPTION = 160;

const TITLE_SUFFIX = ` | ${SITE_NAME}`;
/** Characters a page's own title has beside the directory name's suffix. */
export const TITLE_ROOM = MAX_TITLE - TITLE_SUFFIX.length;

/**
 * Suffixes a page title with the directory name unless the title already contains it (the spec's rule for every
 * page). A title that would then pass MAX_TITLE gives up its own last words, cut at a word, never the name.
 */
export function pageTitle(title: string): string {
  const t = title.trim();
  if (!t) return SITE_NAME;
  if (t.includes(SITE_NAME)) return t;
  return `${fitText(t, TITLE_ROOM)}${TITLE_SUFFIX}`;
}

/** Text cut to at most `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function fitText(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * The first of a page's candidate titles (longest, most telling first) that fits beside the directory name's suffix
 * (TITLE_ROOM); else the last, cut.
 */
export function fittingTitle(candidates: readonly string[]): string {
  return candidates.find((c) => c.length <= TITLE_ROOM) ?? fitText(candidates.at(-1) ?? '', TITLE_ROOM);
}

/** Returns the URL when it is an absolute http(s) URL, otherwise null: data never yields other schemes. */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A maps search for a coordinate pair (spec: View on Map searches by latitude and longitude). */
export function mapsHref(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Verified Mar 2026" for a month 'YYYY-MM' or a timestamp; '' when unknown. Fixed English month
 * names, not the visitor's locale, so the build and the browser print the same words.
 */
export function verifiedLabel(at: string | null | undefined): string {
  const m = /^(\d{4})-(\d\d)/.exec(at ?? '');
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `Verified ${month} ${m[1]}` : '';
}
