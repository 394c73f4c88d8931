import type { SampleListing } from './generate';

/**
 * the last pending submissions are deliberate near-duplicates of published listings, one per sign (the
 * same phone, the same website, a similar name a mile away), so staff see "possible duplicate of" in the queue.
 * They replace pending rows rather than add any: counts stay as asked, and the other rows are untouched.
 */
export function withNearDuplicates(rows: SampleListing[]): SampleListing[] {
  const verified = rows.filter((r) => r.verification_status === 'verified');
  const pending = rows.filter((r) => r.verification_status === 'pending');
  const pairs = Math.min(3, pending.length, verified.length);
  const originals = [verified[0], verified[1], verified[2]].slice(0, pairs) as SampleListing[];
  const twins = pending.slice(-pairs);
  twins.forEach((twin, k) => {
    const original = originals[k]!;
    const i = rows.indexOf(twin);
    const same =
      k === 0
        ? { phone: original.phone }
        : k === 1
          ? { website_url: original.website_url ?? `https://${original.slug}.example.com` }
          : {
              // The same place described again under a slightly different name, a mile north.
              ...original,
              id: twin.id,
              property_name: `The ${original.property_name}`,
              slug: `the-${original.slug}`,
              phone: twin.phone,
              website_url: null,
              public_email: null,
              latitude: Math.round((original.latitude + 0.01) * 1e5) / 1e5,
              verification_status: twin.verification_status,
              featured: false,
              created_at: twin.created_at,
              verified_at: null,
              photos: twin.photos,
            };
    rows[i] = { ...twin, ...same };
  });
  return rows;
}
