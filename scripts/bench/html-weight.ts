/**
 * What a page's HTML weighs, and what the same content would weigh as a plain page. Pure string
 * functions over built HTML, shared by the bench (scripts/bench/page-weight.ts) and the e2e budget test.
 */

/**
 * Marks a section that later issues add on top of a listing's own content (a map, nearby listings, photos):
 * `<section data-bench-extra>...</section>`. The listing page figure leaves such elements out and reports their
 * bytes on their own line. Whatever the section adds outside the marked element (a stylesheet in the head, say)
 * counts against the page.
 */
export const EXTRA_ATTRIBUTE = 'data-bench-extra';

/**
 * The budget for a listing page with today's content (KB of 1,024 bytes): about 1.5x a plain page. 11 KB until
 * 2026-11-26, when every page gained the installable app's links and the owners' way in, and the sample listings
 * their stated facts and longer descriptions (docs/performance.md, "Page weight").
 */
export const LISTING_PAGE_MAX_KB = 12;

/** Elements that have no end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text, never tags: skipped whole, so a '<' in a script cannot confuse the count. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
/** A comment, or a start or end tag with its attributes (quoted values may hold '>'). */
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** Does `attributes` (the text of a start tag after its name) carry the attribute `name`? */
export function hasAttribute(attributes: string, name: string): boolean {
  return new RegExp(`\\s${name}(?=[\\s=/]|$)`).test(attributes);
}

/**
 * The HTML without every element for which `match(tagName, attributes)` is true, its content included (an
 * element nested in a removed one goes with it). Works on the serialised HTML Astro writes: well-formed, end tags
 * present except for void elements.
 */
export function removeElements(html: string, match: (name: string, attributes: string) => boolean): string {
  const cuts: Array<[number, number]> = [];
  /** The element being removed: its name, where it starts, and how many of the same name are open inside it. */
  let open: { name: string; start: number; depth: number } | null = null;
  const lower = html.toLowerCase();
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const [tag, slash, rawName, attributes = ''] = m;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    const start = m.index;
    let end = start + tag.length;
    const closing = slash === '/';
    const selfContained =
      !closing && (VOID.has(name) || RAW_TEXT.has(name) || attributes.trimEnd().endsWith('/'));
    if (!closing && RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, end);
      end = close < 0 ? html.length : html.indexOf('>', close) + 1;
      TOKEN.lastIndex = end;
    }
    if (open) {
      if (name !== open.name || selfContained) continue;
      open.depth += closing ? -1 : 1;
      if (open.depth === 0) {
        cuts.push([open.start, end]);
        open = null;
      }
      continue;
    }
    if (closing || !match(name, attributes)) continue;
    if (selfContained) cuts.push([start, end]);
    else open = { name, start, depth: 1 };
  }
  // An element left open runs to the end of the document.
  if (open) cuts.push([open.start, html.length]);
  let out = '';
  let from = 0;
  for (const [start, end] of cuts) {
    out += html.slice(from, start);
    from = end;
  }
  return out + html.slice(from);
}

/** The page as the listing figure counts it: without the sections marked {@link EXTRA_ATTRIBUTE}. */
export function withoutExtras(html: string): string {
  return removeElements(html, (_, attributes) => hasAttribute(attributes, EXTRA_ATTRIBUTE));
}

/** The bytes of the marked sections alone (0 when the page has none). */
export function extraBytes(html: string): number {
  return Buffer.byteLength(html) - Buffer.byteLength(withoutExtras(html));
}

const inner = (html: string, tag: string) =>
  new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*)</${tag}>`).exec(html)?.[1] ?? '';

/**
 * The reference a page's weight is compared with: the same content as a plain page, without the site's layout.
 * It keeps the head's title, meta tags, canonical link and JSON-LD and the main element's content, and leaves out
 * the header, footer, skip link, scripts, stylesheets, class attributes, decorative SVG (icons) and the marked
 * extra sections.
 */
export function plainPage(html: string): string {
  const page = withoutExtras(html);
  const head = removeElements(
    inner(page, 'head'),
    (name, attributes) =>
      name === 'style' ||
      (name === 'script' && !attributes.includes('application/ld+json')) ||
      (name === 'link' && /\srel="(stylesheet|modulepreload|preload)"/.test(attributes)),
  );
  const main = removeElements(inner(page, 'main'), (name) => name === 'svg' || name === 'script').replace(
    /\sclass="[^"]*"/g,
    '',
  );
  return `<!DOCTYPE html><html lang="en"><head>${head}</head><body><main>${main}</main></body></html>`;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
