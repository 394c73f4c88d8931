/** What every staff action entry is made of, and the helpers the handlers share. */
import type { PhotoStorage } from '../../../data/photos/storage';
import { StaffInputError, type StaffListing, type StaffStore } from '../../../data/staff-store';
import {
  type StaffActionName,
  type StaffRequest,
  type StaffResponses,
  staffRequests,
} from '../../../domain/staff/contracts';
import type { RebuildOutcome } from '../../../domain/staff/rows';
import { requestRebuild } from '../rebuild-signal';

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
}

/** What a handler works with: the store, who the audit names, and the configuration's options. */
export interface ActionContext {
  store: StaffStore;
  by: string;
  options: ActionOptions;
}

/** One action: its request schema (from the contract), whether it only reads, and what it does. */
export interface StaffAction<A extends StaffActionName> {
  request: (typeof staffRequests)[A];
  /** Only reads: a deploy that refuses writes (a preview) still answers it. */
  readOnly: boolean;
  handler: (request: StaffRequest<A>, context: ActionContext) => Promise<StaffResponses[A]>;
}

export type StaffActionTable<K extends StaffActionName> = { [A in K]: StaffAction<A> };

/** The entries of one concern, each given its request schema from the contract (src/domain/staff/contracts.ts). */
export function defineActions<K extends StaffActionName>(
  entries: {
    [A in K]: Omit<StaffAction<A>, 'request'>;
  },
): StaffActionTable<K> {
  const table: Partial<Record<StaffActionName, unknown>> = {};
  for (const [name, entry] of Object.entries(entries))
    table[name as K] = { request: staffRequests[name as K], ...(entry as object) };
  return table as StaffActionTable<K>;
}

/** A listing by id or slug; a StaffInputError (a 400) when there is none. */
export async function load(store: StaffStore, idOrSlug: string): Promise<StaffListing> {
  const listing = await store.find(idOrSlug);
  if (!listing) throw new StaffInputError(`No listing with id or slug "${idOrSlug}"`);
  return listing;
}

/** The answer with the rebuild a change of what is public asks for (D5). */
export async function withRebuild<T extends object>(
  { store, options }: ActionContext,
  answer: T,
): Promise<T & { rebuild: RebuildOutcome }> {
  return { ...answer, rebuild: await requestRebuild(store, options.hookUrl ?? null, options.localRebuild) };
}

/** A changed listing's answer: with a rebuild when the public sees it. */
export function listingAnswer(
  context: ActionContext,
  message: string,
  listing: StaffListing,
  isPublic: boolean,
) {
  return isPublic ? withRebuild(context, { message, listing }) : Promise.resolve({ message, listing });
}
