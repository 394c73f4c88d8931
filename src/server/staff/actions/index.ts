/**
 * Every staff action, one entry each (`{ request, readOnly, handler }`), from the files of each concern. The request
 * union, its "unknown action" answer and the read-only set are derived from this table; the contract each entry
 * keeps is src/domain/staff/contracts.ts. The CLI (scripts/staff.ts) and the HTTP function (../endpoint.ts) run
 * them through runStaffAction.
 */
import type { StaffStore } from '../../../data/staff-store';
import { z } from '../../../domain/schemas/z';
import {
  STAFF_ACTION_NAMES,
  type StaffActionName,
  type StaffRequest,
  type StaffResponse,
} from '../../../domain/staff/contracts';
import type { ActionOptions, StaffAction, StaffActionTable } from './context';
import { freshnessActions } from './freshness';
import { listingActions } from './listings';
import { memberActions } from './members';
import { newsletterActions } from './newsletter';
import { ownerActions } from './owners';
import { photoActions } from './photos';
import { reportActions } from './reports';
import { siteActions } from './site';

/** The table: the compiler refuses it when an action of the contract has no entry. */
export const staffActions: StaffActionTable<StaffActionName> = {
  ...listingActions,
  ...photoActions,
  ...memberActions,
  ...ownerActions,
  ...freshnessActions,
  ...reportActions,
  ...newsletterActions,
  ...siteActions,
};

const entries = STAFF_ACTION_NAMES.map((name) => staffActions[name]);

/** A staff request, the same from the CLI and the HTTP function: one of the table's request schemas. */
export const staffRequestSchema = z.discriminatedUnion(
  'action',
  entries.map((e) => e.request) as unknown as [
    StaffAction<StaffActionName>['request'],
    ...StaffAction<StaffActionName>['request'][],
  ],
  { error: `action must be one of: ${STAFF_ACTION_NAMES.join(', ')}` },
) as unknown as z.ZodType<StaffRequest, unknown>;

/** Actions that only read: a deploy that refuses writes (a preview) still answers these. */
export const READ_ONLY_ACTIONS: ReadonlySet<StaffActionName> = new Set(
  STAFF_ACTION_NAMES.filter((name) => staffActions[name].readOnly),
);

/** Runs one staff action against the store; a change of what is public asks for a rebuild (D5). */
export function runStaffAction<R extends StaffRequest>(
  store: StaffStore,
  request: R,
  who: string,
  options: ActionOptions = {},
): Promise<StaffResponse<R['action']>> {
  const by = 'actor' in request && request.actor ? request.actor : who;
  const entry = staffActions[request.action] as StaffAction<R['action']>;
  return entry.handler(request as StaffRequest<R['action']>, { store, by, options }) as Promise<
    StaffResponse<R['action']>
  >;
}

export type {
  StaffActionName,
  StaffRequest,
  StaffResponse,
  StaffResult,
} from '../../../domain/staff/contracts';
export type { ActionOptions } from './context';
export { editValue, SEARCH_LIMIT } from './listings';
