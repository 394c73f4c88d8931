/**
 * "This property may already be listed": a new submission is compared with stored listings before it
 * is stored. Three signs, each enough: the same phone number (its 10 digits), the same website host, or a similar
 * name within a few miles. The form warns and links to the existing listing; the owner may still submit.
 */
import { phoneDigits } from './format';
import { distanceMiles } from './search';
import { words } from './words';

/** How near a similarly named listing must be to count. */
export const DUPLICATE_MILES = 5;

/** What a comparison needs of either side. */
export interface DuplicateProbe {
  property_name: string;
  phone: string;
  website_url: string | null;
  latitude: number;
  longitude: number;
}

export type DuplicateReason = 'phone' | 'website' | 'name';

export interface PossibleDuplicate {
  slug: string;
  property_name: string;
  city: string;
  state: string;
  reasons: DuplicateReason[];
}

/** A website's host without "www.", lower case; null for none or an address that is not one. */
export function websiteHost(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
    const host = new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

// Words every other name has: they say nothing about which property it is.
const COMMON = new Set(['the', 'and', 'at', 'of', 'glamping', 'camp', 'camping', 'resort', 'retreat', 'co']);
const nameWords = (name: string) => new Set(words(name).filter((w) => !COMMON.has(w)));

/** Names alike: most of the shorter name's telling words are in the other (word order and plurals aside). */
export function similarNames(a: string, b: string): boolean {
  const stem = (w: string) => w.replace(/([^s])s$/, '$1');
  const x = new Set([...nameWords(a)].map(stem));
  const y = new Set([...nameWords(b)].map(stem));
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  if (small.size === 0) return false;
  const shared = [...small].filter((w) => large.has(w)).length;
  return shared / small.size >= 0.67;
}

/** Why `existing` may be the property `probe` describes; empty when it is not. */
export function duplicateReasons(probe: DuplicateProbe, existing: DuplicateProbe): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  const phone = phoneDigits(probe.phone);
  if (phone.length === 10 && phone === phoneDigits(existing.phone)) reasons.push('phone');
  const host = websiteHost(probe.website_url);
  if (host && host === websiteHost(existing.website_url)) reasons.push('website');
  if (
    similarNames(probe.property_name, existing.property_name) &&
    distanceMiles(probe, existing) <= DUPLICATE_MILES
  )
    reasons.push('name');
  return reasons;
}

/** The stored listings that may be this property, strongest signs first. */
export function possibleDuplicates<T extends DuplicateProbe & Omit<PossibleDuplicate, 'reasons'>>(
  probe: DuplicateProbe,
  candidates: readonly T[],
): PossibleDuplicate[] {
  return candidates
    .map((c) => ({
      slug: c.slug,
      property_name: c.property_name,
      city: c.city,
      state: c.state,
      reasons: duplicateReasons(probe, c),
    }))
    .filter((d) => d.reasons.length > 0)
    .sort((a, b) => b.reasons.length - a.reasons.length);
}

/** "same phone number, same website" for a message. */
export function describeReasons(reasons: readonly DuplicateReason[]): string {
  const text = { phone: 'same phone number', website: 'same website', name: 'similar name nearby' };
  return reasons.map((r) => text[r]).join(', ');
}
