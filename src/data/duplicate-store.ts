import type { DuplicateProbe } from '../domain/duplicates';
import { websiteHost } from '../domain/duplicates';
import { phoneDigits } from '../domain/format';

/** A stored listing that may be the same property as a submission; the domain decides. */
export interface DuplicateCandidate extends DuplicateProbe {
  id: string;
  slug: string;
  city: string;
  state: string;
}

/** Reads the listings a new or pending listing could duplicate (same phone or host, or within about 7 miles). */
export interface DuplicateReader {
  /** Published listings only, unless `withPending` (the staff queue compares submissions with each other too). */
  duplicateCandidates(
    probe: DuplicateProbe,
    options?: { excludeId?: string; withPending?: boolean },
  ): Promise<DuplicateCandidate[]>;
}

/** The SQL function's arguments for a probe, in its order (both adapters call the same function). */
export const duplicateArgs = (
  probe: DuplicateProbe,
  options: { excludeId?: string; withPending?: boolean } = {},
) => ({
  p_phone: phoneDigits(probe.phone),
  p_host: websiteHost(probe.website_url),
  p_latitude: probe.latitude,
  p_longitude: probe.longitude,
  p_exclude: options.excludeId ?? null,
  p_verified_only: options.withPending !== true,
});

export const DUPLICATE_SQL = `select id::text as id, slug, property_name, city, state, phone, website_url,
  latitude, longitude from public.listing_duplicate_candidates($1, $2, $3, $4, $5::uuid, $6)`;

/** Numbers as numbers, whatever the driver returned. */
export const duplicateRow = (r: DuplicateCandidate): DuplicateCandidate => ({
  ...r,
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
});
