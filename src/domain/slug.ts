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
