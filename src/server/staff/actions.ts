import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { describeProblem, listingsToCsv, parseImportCsv, subscribersToCsv } from '../../data/csv';
import type { OwnerClaim } from '../../data/owner-store';
import { type PhotoStorage, photoFileNames } from '../../data/photos/storage';
import type { OpenRenewal } from '../../data/renewal-store';
import type { OpenReport } from '../../data/report-store';
import type { ReviewStore } from '../../data/review-store';
import {
  type AuditEntry,
  type RebuildState,
  StaffInputError,
  type StaffListing,
  type StaffMember,
  type StaffStore,
} from '../../data/staff-store';
import { type PossibleDuplicate, possibleDuplicates } from '../../domain/duplicates';
import { EMAIL_PATTERN } from '../../domain/schemas/forms';
import { EDITABLE_FIELDS, type EditableField, editableFields } from '../../domain/schemas/import';
import type { ListingPhoto } from '../../domain/schemas/listing';
import { REPORT_RESOLUTIONS } from '../../domain/schemas/report';
import { describeRun, runRenewals } from '../renewals';
import { reportResolvedEmail } from '../reports';
import { publishedEmail, rejectedEmail } from './emails';
import { type ChangeWithCurrent, ownerActionSchemas, runOwnerAction } from './owner-actions';
import { type RebuildOutcome, requestRebuild } from './rebuild-signal';
import { type ReviewQueue, reviewActionSchemas, runReviewAction } from './review-actions';

const id = z.string().trim().min(1, 'id is required (a listing id or slug)').max(200);
const actor = z.string().trim().min(1).max(120).optional();
const memberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_PATTERN, 'email must be an e-mail address');

/** Most listings a search returns: a page of a console, not an export. */
export const SEARCH_LIMIT = 100;

/** A staff request, the same from the CLI and the HTTP function. */
export const staffRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('list') }),
    z.object({ action: z.literal('show'), id }),
    z.object({ action: z.literal('verify'), id, actor }),
    z.object({
      action: z.literal('reject'),
      id,
      actor,
      reason: z.string().trim().min(1, 'reason is required when rejecting').max(2000),
    }),
    z.object({ action: z.literal('unverify'), id, actor }),
    z.object({ action: z.literal('feature'), id, actor }),
    z.object({ action: z.literal('unfeature'), id, actor }),
    z.object({ action: z.literal('edit'), id, actor, field: z.string(), value: z.string().max(20_000) }),
    z.object({ action: z.literal('export') }),
    z.object({ action: z.literal('import'), csv: z.string().max(20_000_000), actor }),
    z.object({ action: z.literal('rebuild') }),
    z.object({ action: z.literal('audit'), id: id.optional() }),
    z.object({ action: z.literal('newsletter-export') }),
    z.object({
      action: z.literal('search'),
      query: z.string().trim().max(200).default(''),
      status: z.enum(['pending', 'verified', 'rejected']).optional(),
    }),
    z.object({ action: z.literal('staff-list') }),
    z.object({ action: z.literal('staff-add'), email: memberEmail, actor }),
    z.object({ action: z.literal('staff-remove'), email: memberEmail, actor }),
    z.object({ action: z.literal('rebuild-status') }),
    z.object({ action: z.literal('photo-remove'), id, photo: z.string().trim().min(1).max(40), actor }),
    z.object({ action: z.literal('photo-cover'), id, photo: z.string().trim().min(1).max(40), actor }),
    z.object({ action: z.literal('photo-sync'), id }),
    ...ownerActionSchemas,
    ...reviewActionSchemas,
    // --- Freshness (issue 14) ---
    z.object({ action: z.literal('renew'), id, actor }),
    // `now`: the job's clock (tests, a staff catching up); absent: the real time.
    z.object({
      action: z.literal('renewals'),
      now: z.iso.datetime({ offset: true }).optional(),
      // One listing only: staff asking its owner now.
      id: id.optional(),
    }),
    z.object({ action: z.literal('renewals-list') }),
    z.object({ action: z.literal('reports') }),
    z.object({
      action: z.literal('report-resolve'),
      id: z.uuid('id must be a report id (from reports)'),
      resolution: z.enum(REPORT_RESOLUTIONS, { error: 'resolution must be fixed or dismissed' }),
      actor,
    }),
  ],
  {
    error:
      'action must be one of: list, show, search, verify, reject, unverify, feature, unfeature, edit, export, import, rebuild, rebuild-status, audit, newsletter-export, staff-list, staff-add, staff-remove, photo-remove, photo-cover, photo-sync, claims, claim-approve, claim-refuse, changes, change-approve, change-refuse, renew, renewals, renewals-list, reports, report-resolve, reviews, review-publish, review-reject, reply-publish, reply-reject, review-report-keep, review-report-remove',
  },
);
export type StaffRequest = z.infer<typeof staffRequestSchema>;

/** Actions that only read: a deploy that refuses writes (a preview) still answers these. */
export const READ_ONLY_ACTIONS: ReadonlySet<StaffRequest['action']> = new Set([
  'list',
  'show',
  'export',
  'audit',
  'newsletter-export',
  'search',
  'staff-list',
  'rebuild-status',
  'claims',
  'changes',
  'renewals-list',
  'reports',
  'reviews',
]);

/** What an action did: a one-line message, data for show/list/export, and the rebuild it asked for. */
export interface StaffResult {
  message: string;
  listing?: StaffListing;
  listings?: Array<StaffListing & { age_hours: number; duplicates?: PossibleDuplicate[] }>;
  csv?: string;
  audit?: AuditEntry[];
  rebuild?: RebuildOutcome;
  staff?: StaffMember[];
  rebuildState?: RebuildState;
  claims?: OwnerClaim[];
  changes?: ChangeWithCurrent[];
  renewals?: OpenRenewal[];
  reports?: OpenReport[];
  reviewQueue?: ReviewQueue;
}

/** True when the listing's name, slug, id, city or state contains the text (case-insensitive). */
function matchesSearch(l: StaffListing, text: string): boolean {
  const needle = text.toLowerCase();
  return [l.property_name, l.slug, l.id, l.city, l.state].some((v) => v.toLowerCase().includes(needle));
}

async function load(store: StaffStore, idOrSlug: string): Promise<StaffListing> {
  const listing = await store.find(idOrSlug);
  if (!listing) throw new StaffInputError(`No listing with id or slug "${idOrSlug}"`);
  return listing;
}

/** Parses an edit value with the field's domain rule; one clear line when either is wrong. */
export function editValue(field: string, raw: string) {
  if (!(EDITABLE_FIELDS as string[]).includes(field))
    throw new StaffInputError(`Field "${field}" cannot be edited; editable: ${EDITABLE_FIELDS.join(', ')}`);
  const result = editableFields[field as EditableField].safeParse(raw);
  if (!result.success) throw new StaffInputError(`${field}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/** What a staff action may do beyond the store: values from the configuration (src/config.ts). */
export interface ActionOptions {
  /** The Netlify build hook for a public change; null or absent: none (a local rebuild may still listen). */
  hookUrl?: string | null;
  /** Public origin for the link in the owner's "now live" e-mail. */
  siteUrl?: string | null;
  /** The local server's rebuild loop (scripts/lib/server.ts passes it to the functions it runs). */
  localRebuild?: (() => void) | undefined;
  /** Sends the e-mails of one listing now (true when all went out); absent: they wait for the outbox worker. */
  deliver?: (relatedId: string) => Promise<boolean>;
  /** Where photo files live: verifying publishes a listing's photos, rejecting or unpublishing withdraws them. */
  photos?: () => PhotoStorage;
  /** The reviews' store (docs/reviews.md); absent: the review actions say they are unavailable. */
  openReviews?: () => Promise<ReviewStore>;
}

/**
 * Makes a listing's photo files public when it is verified and withdraws them otherwise; a message part saying so.
 * A storage failure does not undo the decision: it is reported, and `photo-sync` runs the same step again.
 */
async function photoVisibility(
  store: StaffStore,
  listing: StaffListing,
  options: ActionOptions,
  before: readonly ListingPhoto[] = [],
): Promise<string> {
  const dropped = before.filter((b) => !listing.photos.some((p) => p.id === b.id));
  if (!options.photos || listing.photos.length + dropped.length === 0) return '';
  const publish = listing.verification_status === 'verified';
  try {
    const storage = options.photos();
    for (const p of listing.photos) {
      const names = photoFileNames(p.widths, p.width);
      if (publish) await storage.publish(p.id, names);
      // A photo another verified listing shows stays public.
      else if (!(await store.photoUsedElsewhere(p.id, listing.id, true))) await storage.withdraw(p.id, names);
    }
    // Photos an owner's approved change dropped leave the public side (unless another verified listing shows them).
    for (const p of dropped)
      if (!(await store.photoUsedElsewhere(p.id, listing.id, true)))
        await storage.withdraw(p.id, photoFileNames(p.widths, p.width));
    const droppedText = dropped.length > 0 ? `, ${dropped.length} withdrawn` : '';
    return `, ${listing.photos.length} photo(s) ${publish ? 'published' : 'withdrawn'}${droppedText}`;
  } catch (error) {
    return `, photos NOT ${publish ? 'published' : 'withdrawn'} (${error instanceof Error ? error.message : error}): run photo-sync ${listing.slug}`;
  }
}

const ageHours = (l: StaffListing) => Math.floor((Date.now() - Date.parse(l.created_at)) / 3_600_000);

/** Runs one staff action against the store; a change of what is public asks for a rebuild (D5). */
export async function runStaffAction(
  store: StaffStore,
  request: StaffRequest,
  who: string,
  options: ActionOptions = {},
): Promise<StaffResult> {
  const by = 'actor' in request && request.actor ? request.actor : who;
  const rebuild = async (message: string, listing?: StaffListing): Promise<StaffResult> => ({
    message,
    ...(listing ? { listing } : {}),
    rebuild: await requestRebuild(store, options.hookUrl ?? null, options.localRebuild),
  });
  switch (request.action) {
    case 'reviews':
    case 'review-publish':
    case 'review-reject':
    case 'reply-publish':
    case 'reply-reject':
    case 'review-report-keep':
    case 'review-report-remove': {
      if (!options.openReviews) throw new StaffInputError('Reviews are not available here');
      const reviews = await options.openReviews();
      try {
        const { publicChange, ...result } = await runReviewAction(
          reviews,
          request,
          by,
          options.siteUrl ?? '',
          options.deliver,
        );
        return publicChange ? { ...(await rebuild(result.message)), ...result } : result;
      } finally {
        await reviews.close();
      }
    }
    case 'claims':
    case 'claim-approve':
    case 'claim-refuse':
    case 'changes':
    case 'change-approve':
    case 'change-refuse': {
      const { publicChange, ...result } = await runOwnerAction(
        store,
        request,
        by,
        options.siteUrl ?? '',
        options.deliver,
      );
      if (!publicChange) return result;
      const after = await load(store, publicChange.listingId);
      // An unpublished listing's photos leave the public bucket, as when staff unverify it; an approved change of
      // a verified listing's photos publishes the new ones and withdraws those it dropped.
      const shown = publicChange.unpublished
        ? await photoVisibility(store, after, options)
        : publicChange.photosBefore
          ? await photoVisibility(store, after, options, publicChange.photosBefore)
          : '';
      return {
        ...(await rebuild(result.message + shown, after)),
        ...result,
        message: result.message + shown,
      };
    }
    case 'list': {
      const listings = await Promise.all(
        (await store.pending()).map(async (l) => ({
          ...l,
          age_hours: ageHours(l),
          // Issue 14: the queue says when a submission may be a listing that exists already.
          duplicates: possibleDuplicates(
            l,
            await store.duplicateCandidates(l, { excludeId: l.id, withPending: true }),
          ),
        })),
      );
      return { message: `${listings.length} pending listing(s)`, listings };
    }
    case 'show':
      return { message: 'ok', listing: await load(store, request.id) };
    case 'verify':
    case 'reject':
    case 'unverify': {
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
      return publicChange ? rebuild(message + shown, after) : { message, listing: after };
    }
    case 'feature':
    case 'unfeature': {
      const listing = await load(store, request.id);
      const on = request.action === 'feature';
      await store.setFeatured(listing.id, on, by);
      const after = await load(store, listing.id);
      const message = `${listing.slug}: featured ${listing.featured} -> ${on}`;
      return listing.verification_status === 'verified'
        ? rebuild(message, after)
        : { message, listing: after };
    }
    case 'edit': {
      const listing = await load(store, request.id);
      const value = editValue(request.field, request.value);
      const old = await store.edit(listing.id, request.field, value, by);
      const after = await load(store, listing.id);
      const message = `${listing.slug}: ${request.field} changed from ${JSON.stringify(old)} to ${JSON.stringify(value)}`;
      return listing.verification_status === 'verified'
        ? rebuild(message, after)
        : { message, listing: after };
    }
    case 'export': {
      const all = await store.all();
      return { message: `${all.length} listing(s)`, csv: listingsToCsv(all) };
    }
    case 'import': {
      const { rows, problems } = parseImportCsv(request.csv, randomUUID);
      if (problems.length) {
        const shown = problems.slice(0, 50).map(describeProblem).join('\n');
        const more = problems.length > 50 ? `\n...and ${problems.length - 50} more` : '';
        throw new StaffInputError(`Nothing imported: ${problems.length} problem(s)\n${shown}${more}`);
      }
      const n = await store.importListings(rows, by);
      return rebuild(`Imported ${n} listing(s)`);
    }
    case 'rebuild':
      return rebuild('Rebuild requested');
    case 'newsletter-export': {
      // Confirmed addresses only: pending ones never agreed, unsubscribed ones withdrew (issue 16).
      const subscribers = await store.confirmedSubscribers();
      return { message: `${subscribers.length} confirmed subscriber(s)`, csv: subscribersToCsv(subscribers) };
    }
    case 'photo-remove':
    case 'photo-cover': {
      const listing = await load(store, request.id);
      const target = listing.photos.find((p) => p.id === request.photo);
      if (!target)
        throw new StaffInputError(
          `${listing.slug} has no photo "${request.photo}"; its photos: ${listing.photos.map((p) => p.id).join(', ') || 'none'}`,
        );
      const rest = listing.photos.filter((p) => p !== target);
      const photos = request.action === 'photo-cover' ? [target, ...rest] : rest;
      await store.setPhotos(listing.id, photos, request.action, target.id, by);
      // The files go with the photo unless another listing shows it too.
      if (
        request.action === 'photo-remove' &&
        !(await store.photoUsedElsewhere(target.id, listing.id, false))
      )
        await options.photos?.().remove(target.id, photoFileNames(target.widths, target.width));
      const after = await load(store, listing.id);
      const message =
        request.action === 'photo-cover'
          ? `${listing.slug}: photo ${target.id} is the cover`
          : `${listing.slug}: photo ${target.id} removed (${photos.length} left)`;
      return listing.verification_status === 'verified'
        ? rebuild(message, after)
        : { message, listing: after };
    }
    case 'photo-sync': {
      const listing = await load(store, request.id);
      return {
        message: `${listing.slug}:${await photoVisibility(store, listing, options)}`.replace(
          /:$/,
          ': no photos',
        ),
        listing,
      };
    }
    case 'search': {
      const { query, status } = request;
      const found = (await store.all())
        .filter((l) => (!status || l.verification_status === status) && (!query || matchesSearch(l, query)))
        .reverse();
      const shown = found.slice(0, SEARCH_LIMIT).map((l) => ({ ...l, age_hours: ageHours(l) }));
      const more = found.length > SEARCH_LIMIT ? ` (showing the newest ${SEARCH_LIMIT})` : '';
      return { message: `${found.length} listing(s) found${more}`, listings: shown };
    }
    case 'staff-list': {
      const staff = await store.staffMembers();
      return { message: `${staff.length} staff member(s)`, staff };
    }
    case 'staff-add': {
      const added = await store.addStaff(request.email, by);
      return {
        message: added ? `${request.email} may now sign in as staff` : `${request.email} is staff already`,
        staff: await store.staffMembers(),
      };
    }
    case 'staff-remove': {
      const removed = await store.removeStaff(request.email, by);
      return {
        message: removed
          ? `${request.email} is no longer staff (signed out)`
          : `${request.email} was not staff`,
        staff: await store.staffMembers(),
      };
    }
    case 'rebuild-status': {
      const state = await store.rebuildState();
      const message = state.pending ? 'A rebuild is pending' : 'The site is up to date with the last change';
      return { message, rebuildState: state };
    }
    case 'renew': {
      const listing = await load(store, request.id);
      if (listing.verification_status !== 'verified')
        throw new StaffInputError(`${listing.slug} is ${listing.verification_status}: verify it instead`);
      const at = await store.renew(listing.id, by);
      return rebuild(`${listing.slug}: re-verified (${at})`, await load(store, listing.id));
    }
    case 'renewals': {
      const only = request.id ? (await load(store, request.id)).id : undefined;
      const run = await runRenewals(store, {
        ...(only ? { only } : {}),
        now: request.now ? new Date(request.now) : new Date(),
        siteUrl: options.siteUrl ?? '',
        ...(options.deliver ? { deliver: options.deliver } : {}),
      });
      return { message: describeRun(run), renewals: await store.openRenewals() };
    }
    case 'renewals-list': {
      const renewals = await store.openRenewals();
      const staff = renewals.filter((r) => r.escalated_at).length;
      return {
        message: `${renewals.length} listing(s) due for re-verification, ${staff} for staff to decide`,
        renewals,
      };
    }
    case 'reports': {
      const reports = await store.openReports();
      const listings = new Set(reports.map((r) => r.listing_id)).size;
      return { message: `${reports.length} open report(s) about ${listings} listing(s)`, reports };
    }
    case 'report-resolve': {
      const report = (await store.openReports()).find((r) => r.id === request.id);
      if (!report) throw new StaffInputError(`No open report with id "${request.id}" (resolved already?)`);
      const email = report.email
        ? reportResolvedEmail(report, request.resolution, options.siteUrl ?? null)
        : null;
      const address = await store.resolveReport(report.id, request.resolution, by, email);
      if (address === null) throw new StaffInputError(`Report ${request.id} was resolved meanwhile`);
      const sent = address && options.deliver ? await options.deliver(report.id) : false;
      const mailed = address ? `, e-mail to ${address} ${sent ? 'sent' : 'queued'}` : ', no reply address';
      return {
        message: `Report about ${report.slug} ${request.resolution}${mailed}`,
        reports: await store.openReports(),
      };
    }
    case 'audit': {
      const listing = request.id ? await load(store, request.id) : null;
      const audit = await store.audit(listing?.id);
      const shown = listing ? audit : audit.slice(-100);
      return { message: `${audit.length} audit entr${audit.length === 1 ? 'y' : 'ies'}`, audit: shown };
    }
  }
}
