/**
 * What each staff action takes and answers: the contract the staff function (src/server/staff/actions/), the CLI
 * (scripts/staff.ts) and the console (src/islands/staff/) share. A request is `{ action, ...fields }`; the action
 * table on the server has one entry per name here (the compiler checks it), and derives the request union, its
 * "unknown action" text and the read-only set from it.
 */
import { EMAIL_PATTERN } from '../schemas/forms';
import { REPORT_RESOLUTIONS } from '../schemas/report';
import { z } from '../schemas/z';
import type {
  AuditEntry,
  ChangeWithCurrent,
  ListedListing,
  OpenRenewal,
  OpenReport,
  OwnerClaim,
  RebuildOutcome,
  RebuildState,
  StaffListing,
  StaffMember,
} from './rows';

const id = z.string().trim().min(1, 'id is required (a listing id or slug)').max(200);
const actor = z.string().trim().min(1).max(120).optional();
const memberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_PATTERN, 'email must be an e-mail address');
const photo = z.string().trim().min(1).max(40);
const ref = z.string().trim().min(1, 'claim or change id is required').max(80);
const optionalReason = z.string().trim().max(2000).optional();
const refusal = z.string().trim().min(1, 'reason is required when refusing').max(2000);

/** Each action's fields beyond `action`, in the order the CLI's help and the "unknown action" answer list them. */
const fields = {
  list: {},
  show: { id },
  search: {
    query: z.string().trim().max(200).default(''),
    status: z.enum(['pending', 'verified', 'rejected']).optional(),
  },
  verify: { id, actor },
  reject: { id, actor, reason: z.string().trim().min(1, 'reason is required when rejecting').max(2000) },
  unverify: { id, actor },
  feature: { id, actor },
  unfeature: { id, actor },
  edit: { id, actor, field: z.string(), value: z.string().max(20_000) },
  export: {},
  import: { csv: z.string().max(20_000_000), actor },
  rebuild: {},
  'rebuild-status': {},
  audit: { id: id.optional() },
  'newsletter-export': {},
  'staff-list': {},
  'staff-add': { email: memberEmail, actor },
  'staff-remove': { email: memberEmail, actor },
  'photo-remove': { id, photo, actor },
  'photo-cover': { id, photo, actor },
  'photo-sync': { id },
  claims: {},
  'claim-approve': { claim: ref, reason: optionalReason },
  'claim-refuse': { claim: ref, reason: refusal },
  changes: {},
  'change-approve': { change: ref, reason: optionalReason },
  'change-refuse': { change: ref, reason: refusal },
  renew: { id, actor },
  // `now`: the job's clock (tests, a staff catching up); absent: the real time. `id`: one listing only.
  renewals: { now: z.iso.datetime({ offset: true }).optional(), id: id.optional() },
  'renewals-list': {},
  reports: {},
  'report-resolve': {
    id: z.uuid('id must be a report id (from reports)'),
    resolution: z.enum(REPORT_RESOLUTIONS, { error: 'resolution must be fixed or dismissed' }),
    actor,
  },
} satisfies Record<string, z.ZodRawShape>;

type Fields = typeof fields;

/** The name of a staff action. */
export type StaffActionName = keyof Fields;

/** Every action name, in the contract's order. */
export const STAFF_ACTION_NAMES = Object.keys(fields) as StaffActionName[];

type RequestSchema<A extends StaffActionName> = z.ZodObject<
  { action: z.ZodLiteral<A> } & Extract<Fields[A], z.ZodRawShape>
>;

/** One request schema per action: `{ action: <its name>, ...its fields }`. */
export const staffRequests = Object.fromEntries(
  STAFF_ACTION_NAMES.map((a) => [a, z.object({ action: z.literal(a), ...fields[a] })]),
) as { [A in StaffActionName]: RequestSchema<A> };

/** A request as the function reads it once parsed (defaults applied); the union of all of them without `A`. */
export type StaffRequest<A extends StaffActionName = StaffActionName> = A extends StaffActionName
  ? z.output<RequestSchema<A>>
  : never;

/** A request as a caller writes it (fields with a default may be left out). */
export type StaffRequestInput<A extends StaffActionName = StaffActionName> = A extends StaffActionName
  ? z.input<RequestSchema<A>>
  : never;

/** A change to one listing: the listing after it, and the rebuild it asked for when the public saw the change. */
interface ListingAnswer {
  message: string;
  listing: StaffListing;
  rebuild?: RebuildOutcome;
}
interface ListingsAnswer {
  message: string;
  listings: ListedListing[];
}
interface CsvAnswer {
  message: string;
  csv: string;
}
interface RebuildAnswer {
  message: string;
  rebuild: RebuildOutcome;
}
interface MembersAnswer {
  message: string;
  staff: StaffMember[];
}
interface ClaimsAnswer {
  message: string;
  claims: OwnerClaim[];
}
interface ChangesAnswer {
  message: string;
  changes: ChangeWithCurrent[];
  /** With an approved change the public sees: the listing after it and the rebuild. */
  listing?: StaffListing;
  rebuild?: RebuildOutcome;
}
interface RenewalsAnswer {
  message: string;
  renewals: OpenRenewal[];
}
interface ReportsAnswer {
  message: string;
  reports: OpenReport[];
}

/** What each action answers (the JSON body of a 200, and what the CLI prints). */
export interface StaffResponses {
  list: ListingsAnswer;
  show: ListingAnswer;
  search: ListingsAnswer;
  verify: ListingAnswer;
  reject: ListingAnswer;
  unverify: ListingAnswer;
  feature: ListingAnswer;
  unfeature: ListingAnswer;
  edit: ListingAnswer;
  export: CsvAnswer;
  import: RebuildAnswer;
  rebuild: RebuildAnswer;
  'rebuild-status': { message: string; rebuildState: RebuildState };
  audit: { message: string; audit: AuditEntry[] };
  'newsletter-export': CsvAnswer;
  'staff-list': MembersAnswer;
  'staff-add': MembersAnswer;
  'staff-remove': MembersAnswer;
  'photo-remove': ListingAnswer;
  'photo-cover': ListingAnswer;
  'photo-sync': ListingAnswer;
  claims: ClaimsAnswer;
  'claim-approve': ClaimsAnswer;
  'claim-refuse': ClaimsAnswer;
  changes: ChangesAnswer;
  'change-approve': ChangesAnswer;
  'change-refuse': ChangesAnswer;
  renew: ListingAnswer;
  renewals: RenewalsAnswer;
  'renewals-list': RenewalsAnswer;
  reports: ReportsAnswer;
  'report-resolve': ReportsAnswer;
}

/**
 * The answer to one action (to one of several: any of theirs); to a request whose action is not known in advance
 * (the whole union), any action's field may be there.
 */
export type StaffResponse<A extends StaffActionName = StaffActionName> = [StaffActionName] extends [A]
  ? StaffResult
  : StaffResponses[A];

type AnyResponse = StaffResponses[StaffActionName];
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** Any action's answer: a message and whichever of the others' fields it has. */
export type StaffResult = { message: string } & {
  [K in Exclude<KeysOfUnion<AnyResponse>, 'message'>]?: ValueIn<AnyResponse, K>;
};
