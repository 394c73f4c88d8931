/**
 * POST /api/events `{ kind, listing }` or `{ kind: 'text'|'place', query, radius? }`: counts one event of the public
 * pages (D35, docs/insights.md). Answers 204 whatever happened to the count, so a page never sees an error for an
 * unknown listing or kind, a request that asks not to be tracked (DNT, Sec-GPC), a bot, or a client over its limit
 * (counted in the database by the counting function, on a bucket hashed with the day's salt: no address is kept).
 * Only a body that is not an event at all is a 400, with the reason.
 */
import DataLoader from 'dataloader';
import { isbot } from 'isbot';
import type { CountOutcome, InsightsStore } from '../../data/insights-store';
import { type InsightEvent, LISTING_EVENTS, type ListingEvent, normalizeSearch } from '../../domain/insights';
import { eventBodySchema } from '../../domain/schemas/insight-event';
import { clientIp, endpoint, type FunctionContext, HttpError, readJsonObject } from '../http';
import { openStore } from '../store-use';

/** An event body is a few dozen bytes: anything far larger is not one. */
export const EVENT_BODY_LIMIT = 2048;

export interface CountDeps {
  store: () => Promise<InsightsStore>;
  log?: (line: string) => void;
}

const noContent = () => new Response(null, { status: 204 });

/** Events arriving within this many milliseconds go to the database together, at most BATCH_MAX at a time. */
export const BATCH_WAIT_MS = 5;
export const BATCH_MAX = 500;

type Counted = { client: string; event: InsightEvent };
const batchers = new WeakMap<InsightsStore, DataLoader<Counted, CountOutcome>>();

/**
 * One batcher per store (DataLoader, without its cache: every event counts): concurrent events become one
 * transaction writing one count row per listing, day and kind, instead of each waiting for the row the others lock.
 * One batch at a time: the events that arrive while a batch is being written wait for it and go together in the
 * next, so batches never queue on each other's row locks (they all add to the same few rows). Each request is
 * answered only once its batch is committed, so a 204 is a stored count.
 */
function batcher(store: InsightsStore): DataLoader<Counted, CountOutcome> {
  let loader = batchers.get(store);
  if (!loader) {
    let writing: Promise<void> | null = null;
    loader = new DataLoader(
      (batch) => {
        const done = store.countEvents(batch);
        const settled = done.then(
          () => {},
          () => {},
        );
        writing = settled;
        void settled.then(() => {
          if (writing === settled) writing = null;
        });
        return done;
      },
      {
        cache: false,
        maxBatchSize: BATCH_MAX,
        batchScheduleFn: (run) => {
          if (writing) void writing.then(run);
          else setTimeout(run, BATCH_WAIT_MS);
        },
      },
    );
    batchers.set(store, loader);
  }
  return loader;
}

/** False when the request asks not to be tracked (DNT: 1, Sec-GPC: 1) or comes from an obvious bot. */
export function mayCount(req: Request): boolean {
  if (req.headers.get('dnt') === '1' || req.headers.get('sec-gpc') === '1') return false;
  const agent = req.headers.get('user-agent') ?? '';
  return agent !== '' && !isbot(agent);
}

/** The event a body describes, or null for a kind the directory does not count. */
export function eventOf(body: unknown): InsightEvent | null {
  const parsed = eventBodySchema.safeParse(body);
  if (!parsed.success)
    throw new HttpError(400, 'Not an event: send { kind, listing } or { kind, query } as JSON');
  const { kind, listing, query, radius } = parsed.data;
  if ((LISTING_EVENTS as readonly string[]).includes(kind))
    return listing ? { kind: kind as ListingEvent, listing } : null;
  if (kind === 'text') {
    // Normalized here too: what is stored never depends on the page that sent it.
    const text = query ? normalizeSearch(query) : null;
    return text ? { kind, query: text } : null;
  }
  if (kind === 'place') return query && radius !== undefined ? { kind, query, radius } : null;
  return null;
}

export function createCountHandler(deps: (context: FunctionContext) => CountDeps) {
  return endpoint({ methods: ['POST'] }, async (req, context) => {
    if (!mayCount(req)) return noContent();
    const event = eventOf(await readJsonObject(req, EVENT_BODY_LIMIT));
    if (!event) return noContent();
    const d = deps(context);
    const store = await openStore({ open: d.store, name: 'Insights', log: d.log });
    await batcher(store).load({ client: clientIp(req, context), event });
    return noContent();
  });
}
