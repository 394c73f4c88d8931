/** The staff side of owners (issue 14): the Claims and Changes queues and their decisions. */
import { z } from 'zod';
import type { ListingChange, OwnerClaim } from '../../data/owner-store';
import { StaffInputError, type StaffStore } from '../../data/staff-store';
import type { ListingPhoto } from '../../domain/schemas/listing';
import { changeDecidedEmail, claimDecidedEmail } from '../owner/emails';

const ref = z.string().trim().min(1, 'claim or change id is required').max(80);
const reason = z.string().trim().max(2000).optional();

/** The owner actions' requests (part of the staff request union). */
export const ownerActionSchemas = [
  z.object({ action: z.literal('claims') }),
  z.object({ action: z.literal('claim-approve'), claim: ref, reason }),
  z.object({
    action: z.literal('claim-refuse'),
    claim: ref,
    reason: z.string().trim().min(1, 'reason is required when refusing').max(2000),
  }),
  z.object({ action: z.literal('changes') }),
  z.object({ action: z.literal('change-approve'), change: ref, reason }),
  z.object({
    action: z.literal('change-refuse'),
    change: ref,
    reason: z.string().trim().min(1, 'reason is required when refusing').max(2000),
  }),
] as const;

type OwnerRequest = z.infer<(typeof ownerActionSchemas)[number]>;

/** A pending change with the listing's current value of every field it changes: the console's diff. */
export type ChangeWithCurrent = ListingChange & { current: Record<string, unknown> };

export interface OwnerActionResult {
  message: string;
  claims?: OwnerClaim[];
  changes?: ChangeWithCurrent[];
  /**
   * The decided change's listing became different in public: the caller asks for a rebuild, and when the change
   * set its photos, publishes the new ones and withdraws those it dropped (`photosBefore`).
   */
  publicChange?: { listingId: string; unpublished: boolean; photosBefore?: ListingPhoto[] };
}

async function withCurrent(store: StaffStore, changes: ListingChange[]): Promise<ChangeWithCurrent[]> {
  const out: ChangeWithCurrent[] = [];
  for (const c of changes) {
    const listing = (await store.find(c.listing_id)) as Record<string, unknown> | null;
    const current = Object.fromEntries(Object.keys(c.changes).map((f) => [f, listing?.[f] ?? null]));
    out.push({ ...c, current });
  }
  return out;
}

/** Runs one owner action; e-mails go out through the outbox (`deliver` sends them now when it can). */
export async function runOwnerAction(
  store: StaffStore,
  request: OwnerRequest,
  by: string,
  siteUrl: string,
  deliver?: (relatedId: string) => Promise<boolean>,
): Promise<OwnerActionResult> {
  const sent = async (id: string) => ((deliver ? await deliver(id) : false) ? 'sent' : 'queued');
  switch (request.action) {
    case 'claims': {
      const claims = await store.claims();
      return { message: `${claims.length} pending claim(s)`, claims };
    }
    case 'changes': {
      const changes = await withCurrent(store, await store.changes());
      return { message: `${changes.length} pending change(s)`, changes };
    }
    case 'claim-approve':
    case 'claim-refuse': {
      const [claim] = await store.claims(request.claim);
      if (!claim) throw new StaffInputError(`No claim with id "${request.claim}"`);
      const approve = request.action === 'claim-approve';
      const why = request.reason ?? null;
      await store.decideClaim(claim.id, approve, by, why, claimDecidedEmail(claim, approve, why, siteUrl));
      return {
        message: `${claim.email} ${approve ? 'now manages' : 'was refused'} ${claim.slug}, e-mail ${await sent(claim.id)}`,
        claims: await store.claims(),
      };
    }
    case 'change-approve':
    case 'change-refuse': {
      const [change] = await store.changes({ id: request.change });
      if (!change) throw new StaffInputError(`No change with id "${request.change}"`);
      const approve = request.action === 'change-approve';
      const why = request.reason ?? null;
      const listing = await store.find(change.listing_id);
      await store.decideChange(
        change.id,
        approve,
        by,
        why,
        changeDecidedEmail(change, approve, why, siteUrl),
      );
      const message = `${change.slug}: ${change.kind} ${approve ? 'approved' : 'refused'}, e-mail to ${change.email} ${await sent(change.id)}`;
      return {
        message,
        changes: await withCurrent(store, await store.changes()),
        // Only a listing the public sees changes the site.
        ...(approve && listing?.verification_status === 'verified'
          ? {
              publicChange: {
                listingId: listing.id,
                unpublished: change.kind === 'unpublish',
                ...('photos' in change.changes ? { photosBefore: listing.photos } : {}),
              },
            }
          : {}),
      };
    }
  }
}
