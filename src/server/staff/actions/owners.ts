/** The staff side of owners: the Claims and Changes queues and their decisions (the claimant or owner is e-mailed). */
import { StaffInputError, type StaffStore } from '../../../data/staff-store';
import type { StaffRequest } from '../../../domain/staff/contracts';
import type { ChangeWithCurrent, ListingChange } from '../../../domain/staff/rows';
import { changeDecidedEmail, claimDecidedEmail } from '../../owner/emails';
import { type ActionContext, defineActions, load, withRebuild } from './context';
import { photoVisibility } from './photos';

async function withCurrent(store: StaffStore, changes: ListingChange[]): Promise<ChangeWithCurrent[]> {
  const out: ChangeWithCurrent[] = [];
  for (const c of changes) {
    const listing = (await store.find(c.listing_id)) as Record<string, unknown> | null;
    const current = Object.fromEntries(Object.keys(c.changes).map((f) => [f, listing?.[f] ?? null]));
    out.push({ ...c, current });
  }
  return out;
}

/** "sent" when the e-mails of this id went out now, else "queued" (the outbox retries them). */
async function sent({ options }: ActionContext, id: string): Promise<string> {
  return (options.deliver ? await options.deliver(id) : false) ? 'sent' : 'queued';
}

async function decideClaim(request: StaffRequest<'claim-approve' | 'claim-refuse'>, context: ActionContext) {
  const { store, by, options } = context;
  const [claim] = await store.claims(request.claim);
  if (!claim) throw new StaffInputError(`No claim with id "${request.claim}"`);
  const approve = request.action === 'claim-approve';
  const why = request.reason ?? null;
  const mail = claimDecidedEmail(claim, approve, why, options.siteUrl ?? '');
  await store.decideClaim(claim.id, approve, by, why, mail);
  return {
    message: `${claim.email} ${approve ? 'now manages' : 'was refused'} ${claim.slug}, e-mail ${await sent(context, claim.id)}`,
    claims: await store.claims(),
  };
}

async function decideChange(
  request: StaffRequest<'change-approve' | 'change-refuse'>,
  context: ActionContext,
) {
  const { store, by, options } = context;
  const [change] = await store.changes({ id: request.change });
  if (!change) throw new StaffInputError(`No change with id "${request.change}"`);
  const approve = request.action === 'change-approve';
  const why = request.reason ?? null;
  const listing = await store.find(change.listing_id);
  const mail = changeDecidedEmail(change, approve, why, options.siteUrl ?? '');
  await store.decideChange(change.id, approve, by, why, mail);
  const decided = `${change.slug}: ${change.kind} ${approve ? 'approved' : 'refused'}, e-mail to ${change.email} ${await sent(context, change.id)}`;
  const changes = await withCurrent(store, await store.changes());
  // Only a listing the public sees changes the site.
  if (!approve || listing?.verification_status !== 'verified') return { message: decided, changes };
  const after = await load(store, listing.id);
  // An unpublished listing's photos leave the public bucket, as when staff unverify it; an approved change of a
  // verified listing's photos publishes the new ones and withdraws those it dropped.
  const shown =
    change.kind === 'unpublish'
      ? await photoVisibility(store, after, options)
      : 'photos' in change.changes
        ? await photoVisibility(store, after, options, listing.photos)
        : '';
  return { ...(await withRebuild(context, { message: decided + shown, listing: after })), changes };
}

export const ownerActions = defineActions({
  claims: {
    readOnly: true,
    handler: async (_, { store }) => {
      const claims = await store.claims();
      return { message: `${claims.length} pending claim(s)`, claims };
    },
  },
  'claim-approve': { readOnly: false, handler: decideClaim },
  'claim-refuse': { readOnly: false, handler: decideClaim },
  changes: {
    readOnly: true,
    handler: async (_, { store }) => {
      const changes = await withCurrent(store, await store.changes());
      return { message: `${changes.length} pending change(s)`, changes };
    },
  },
  'change-approve': { readOnly: false, handler: decideChange },
  'change-refuse': { readOnly: false, handler: decideChange },
});
