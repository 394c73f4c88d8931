import { type AccommodationType, TYPE_ROUTES } from './lists';

/** Lowercase, hyphenated, ASCII-only slug ('Shepherd's Huts' -> 'shepherds-huts'). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Path of a state landing page: 'New Hampshire' -> '/glamping-new-hampshire'. */
export function statePath(state: string): string {
  return `/glamping-${slugify(state)}`;
}

/** Path of a type landing page when the spec has one, else a browse link pre-filtered by type. */
export function typePath(type: AccommodationType): string {
  const route = TYPE_ROUTES.find((r) => r.type === type);
  return route ? `/${route.path}` : `/browse?type=${encodeURIComponent(type)}`;
}

/** Path of a listing's own page (D16). */
export function listingPath(slug: string): string {
  return `/listings/${slug}`;
}

/**
 * A short name for a listing's card, the same wherever the card is (its title's id, which the card's label and its
 * blurred cover's style rule name): the slug itself made three of a card's copies of it, 2-3 KB of a browse page
 * (docs/performance.md, "Page weight"). Eight base-36 digits of the slug's cyrb53 hash (a public-domain string
 * hash): two listings of 10,000 shown at once share one with a chance of about 1 in 40,000.
 */
export function cardKey(slug: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < slug.length; i++) {
    const c = slug.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).slice(0, 8);
}

/** A listing slug from its name and place; callers append a suffix on collision. */
export function listingSlug(propertyName: string, city: string, state: string): string {
  return slugify(`${propertyName} ${city} ${state}`).slice(0, 90).replace(/-+$/, '') || 'listing';
}

/** "Is this your property?": the owner page, opened on this listing's claim. */
export function claimPath(slug: string): string {
  return `/owner?claim=${encodeURIComponent(slug)}`;
}

/** Where a traveler reports a problem with a listing. */
export function reportPath(slug: string): string {
  return `/report?listing=${encodeURIComponent(slug)}`;
}

/** The owner's edit form for a listing (the renewal e-mail's "something changed" links here too). */
export function ownerEditPath(slug: string): string {
  return `/owner?edit=${encodeURIComponent(slug)}`;
}

/** The "Write a review" page of a listing. */
export function writeReviewPath(slug: string): string {
  return `/reviews/write?listing=${encodeURIComponent(slug)}`;
}

/** Where a writer asks for a link to confirm, edit or withdraw their review of a listing. */
export function reviewLinkRequestPath(slug: string): string {
  return `/reviews/manage?listing=${encodeURIComponent(slug)}`;
}
