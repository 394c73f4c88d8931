/** Moderating listings: the queue, search, one listing, and the decisions on it (verify, reject, feature, edit). */
import { StaffInputError, type StaffListing } from '../../../data/staff-store';
import { possibleDuplicates } from '../../../domain/duplicates';
import { EDITABLE_FIELDS, type EditableField, editableFields } from '../../../domain/schemas/import';
import type { StaffRequest } from '../../../domain/staff/contracts';
import { publishedEmail, rejectedEmail } from '../emails';
import { type ActionContext, defineActions, listingAnswer, load } from './context';
import { photoVisibility } from './photos';

/** Most listings a search returns: a page of a console, not an export. */
export const SEARCH_LIMIT = 100;

const ageHours = (l: StaffListing) => Math.floor((Date.now() - Date.parse(l.created_at)) / 3_600_000);

/** True when the listing's name, slug, id, city or state contains the text (case-insensitive). */
function matchesSearch(l: StaffListing, text: string): boolean {
  const needle = text.toLowerCase();
  return [l.property_name, l.slug, l.id, l.city, l.state].some((v) => v.toLowerCase().includes(needle));
}

/** Parses an edit value with the field's domain rule; one clear line when either is wrong. */
export function editValue(field: string, raw: string) {
  if (!(EDITABLE_FIELDS as string[]).includes(field))
    throw new StaffInputError(`Field "${field}" cannot be edited; editable: ${EDITABLE_FIELDS.join(', ')}`);
  const result = editableFields[field as EditableField].safeParse(raw);
  if (!result.success) throw new StaffInputError(`${field}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/** Verify, reject or unverify: the status, the owner's e-mail, the photos' visibility and the rebuild. */
async function decide(request: StaffRequest<'verify' | 'reject' | 'unverify'>, context: ActionContext) {
  const { store, by, options } = context;
  const listing = await load(store, request.id);
  const verify = request.action === 'verify';
  const reason = request.action === 'reject' ? request.reason : null;
  // Unverify takes a listing back to pending (to correct it): no e-mail, the owner hears at the next decision.
  const email =
    request.action === 'unverify'
      ? null
      : verify
        ? publishedEmail(listing, options.siteUrl ?? null)
        : rejectedEmail(listing, reason ?? '');
  const status = verify ? 'verified' : request.action === 'reject' ? 'rejected' : 'pending';
  // Deciding twice changes nothing and must not e-mail the owner twice.
  if (listing.verification_status === status)
    return { message: `${listing.slug}: already ${status}, nothing changed`, listing };
  const { old_status } = await store.setStatus(listing.id, status, by, reason, email);
  // The owner hears right away, as a submitter does; what fails stays in the outbox and is retried.
  const sent = email && options.deliver ? await options.deliver(listing.id) : false;
  const after = await load(store, listing.id);
  const mailed = email ? `, e-mail to ${email.to_address} ${sent ? 'sent' : 'queued'}` : '';
  const message = `${listing.slug}: ${old_status} -> ${status}${mailed}`;
  const publicChange = verify || old_status === 'verified';
  const shown = publicChange ? await photoVisibility(store, after, options) : '';
  return listingAnswer(context, message + shown, after, publicChange);
}

async function feature(request: StaffRequest<'feature' | 'unfeature'>, context: ActionContext) {
  const listing = await load(context.store, request.id);
  const on = request.action === 'feature';
  await context.store.setFeatured(listing.id, on, context.by);
  const after = await load(context.store, listing.id);
  const message = `${listing.slug}: featured ${listing.featured} -> ${on}`;
  return listingAnswer(context, message, after, listing.verification_status === 'verified');
}

export const listingActions = defineActions({
  list: {
    readOnly: true,
    handler: async (_, { store }) => {
      const listings = await Promise.all(
        (await store.pending()).map(async (l) => ({
          ...l,
          age_hours: ageHours(l),
          // The queue says when a submission may be a listing that exists already.
          duplicates: possibleDuplicates(
            l,
            await store.duplicateCandidates(l, { excludeId: l.id, withPending: true }),
          ),
        })),
      );
      return { message: `${listings.length} pending listing(s)`, listings };
    },
  },
  show: {
    readOnly: true,
    handler: async (request, { store }) => ({ message: 'ok', listing: await load(store, request.id) }),
  },
  search: {
    readOnly: true,
    handler: async ({ query, status }, { store }) => {
      const found = (await store.all())
        .filter((l) => (!status || l.verification_status === status) && (!query || matchesSearch(l, query)))
        .reverse();
      const shown = found.slice(0, SEARCH_LIMIT).map((l) => ({ ...l, age_hours: ageHours(l) }));
      const more = found.length > SEARCH_LIMIT ? ` (showing the newest ${SEARCH_LIMIT})` : '';
      return { message: `${found.length} listing(s) found${more}`, listings: shown };
    },
  },
  verify: { readOnly: false, handler: decide },
  reject: { readOnly: false, handler: decide },
  unverify: { readOnly: false, handler: decide },
  feature: { readOnly: false, handler: feature },
  unfeature: { readOnly: false, handler: feature },
  edit: {
    readOnly: false,
    handler: async (request, context) => {
      const listing = await load(context.store, request.id);
      const value = editValue(request.field, request.value);
      const old = await context.store.edit(listing.id, request.field, value, context.by);
      const after = await load(context.store, listing.id);
      const message = `${listing.slug}: ${request.field} changed from ${JSON.stringify(old)} to ${JSON.stringify(value)}`;
      return listingAnswer(context, message, after, listing.verification_status === 'verified');
    },
  },
});
