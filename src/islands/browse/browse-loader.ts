import { BROWSE_AREAS_URL, type BrowseAreas } from '../../domain/browse-areas';
import {
  covers,
  fewPartsToLoad,
  firstParts,
  type LoadStage,
  nearFiles,
  needOf,
  type Origin,
  partsToLoad,
} from '../../domain/browse-coverage';
import type { BrowseData, BrowseListing } from '../../domain/browse-data';
import { type BrowseDictionaries, browsePositions, decodeBrowseRows } from '../../domain/browse-decode';
import { type BrowseFile, browseFileName, browseFileUrl } from '../../domain/browse-files';
import { partSizes } from '../../domain/browse-parts';
import type { Filters } from '../../domain/schemas/filters';
import { fetchJson, forgetJson, type JsonAnswer } from '../shared/fetch-json';
import { type LoadedListings, NO_LISTINGS } from './loaded-listings';

/**
 * The browse view's listings loader (the state it publishes: ./loaded-listings.ts). One loader per page, shared by
 * every island that asks. Work on the main thread comes in slices of a few milliseconds (a slow phone's CPU is 4x
 * slower than a desktop's): each file is parsed on its own and decoded SLICE rows at a time, yielding to the browser
 * in between.
 */
const SLICE = 400;

const byPosition: Array<BrowseListing | undefined> = [];
let total: number | null = null;
let shared: BrowseDictionaries | undefined;
let loadedCount = 0;
const done = new Set<string>();
const started = new Map<string, Promise<void>>();
let wholeSetStarted = false;
let state: LoadedListings = { ...NO_LISTINGS, files: done };
const listeners = new Set<() => void>();

// One file decodes at a time, in arrival order: slices of two files never interleave.
let decoding: Promise<unknown> = Promise.resolve();

/**
 * Waits for a task of the browser's own queue, behind those already in it. After a file's listings are published,
 * the view's render of them is such a task (React's scheduler): the next file's slices, whose `scheduler.yield`
 * continuations go before any task, would otherwise hold it back until every file that came with it is decoded.
 */
const behindQueuedTasks = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Lets the browser handle input and paint before the next slice of work (scheduler.yield where there is one). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : behindQueuedTasks();
}

function publish(next: Partial<LoadedListings>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function partsDone(): boolean {
  return (
    total !== null && partSizes(total).every((_, index) => done.has(browseFileName({ kind: 'part', index })))
  );
}

async function decodeInto(name: string, data: BrowseData): Promise<void> {
  total ??= data.total;
  // The first part carries the dictionaries every later part points into (it is always decoded first).
  if (name === browseFileName({ kind: 'part', index: 0 }) && data.dict && data.places) {
    shared = { dict: data.dict, places: data.places };
  }
  const positions = browsePositions(data);
  for (let from = 0; from < positions.length; from += SLICE) {
    if (from > 0) await yieldToBrowser();
    const rows = decodeBrowseRows(data, from, from + SLICE, shared);
    rows.forEach((listing, i) => {
      const p = positions[from + i]!;
      if (byPosition[p]) return;
      // Not the listing's words for the typo-tolerant index: its own slices work them out, when the browser is idle
      // (./data.ts). Here they made every file's decoding, which a first keystroke's final results wait for, a
      // third longer.
      byPosition[p] = listing;
      loadedCount++;
    });
  }
  await yieldToBrowser();
  done.add(name);
  const wholeSet = partsDone();
  publish({
    listings: byPosition.filter((l): l is BrowseListing => l !== undefined),
    files: new Set(done),
    wholeSet,
    remaining: Math.max(0, (total ?? 0) - loadedCount),
    error: null,
  });
  await behindQueuedTasks();
}

/** A static file's JSON; the shared request (started before this code loaded, ./data.ts) is dropped once read. */
async function loadJson<T>(url: string): Promise<T> {
  const answer: JsonAnswer<T> = await fetchJson<T>(url, { once: true });
  forgetJson(url);
  if (answer.ok) return answer.data;
  throw new Error(answer.status === 0 ? answer.error : `Could not load ${url} (HTTP ${answer.status})`);
}

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'An error occurred';

/** What the view last asked for: once the parts' alphabets are in, it may need other parts first (`firstParts`). */
let wanted: { filters: Filters; origin: Origin } | null = null;

/**
 * The whole set's alphabets (the first part's), published as the file arrives, before its listings are decoded: a
 * text no listing can match is answered, and the parts a text needs first are asked for, without waiting for them.
 */
function alphabetsArrived(data: BrowseData): void {
  if (data.alphabet === undefined) return;
  publish({ alphabet: data.alphabet, partAlphabets: data.partAlphabets ?? null });
  if (wanted) loadFor(wanted.filters, wanted.origin);
}

/** Loads one file once (again after a failure), decoding it after the files that arrived before it. */
function load(file: BrowseFile): Promise<void> {
  const name = browseFileName(file);
  let promise = started.get(name);
  if (!promise) {
    promise = loadJson<BrowseData>(browseFileUrl(file)).then((data) => {
      alphabetsArrived(data);
      const decoded = decoding.then(() => decodeInto(name, data));
      decoding = decoded.catch(() => {});
      return decoded;
    });
    started.set(name, promise);
    promise.catch((error: unknown) => {
      started.delete(name);
      if (file.kind === 'part') wholeSetStarted = false;
      publish({ error: messageOf(error) });
    });
  }
  return promise;
}

/** Every part of the whole set not loaded yet. */
function loadWholeSet(): void {
  if (wholeSetStarted) return;
  wholeSetStarted = true;
  for (let index = 0; index < partSizes(total ?? 0).length; index++) void load({ kind: 'part', index });
}

let areas: Promise<BrowseAreas> | null = null;

/** Where each state's listings are: a small file, once. */
function loadAreas(): Promise<BrowseAreas> {
  areas ??= loadJson<BrowseAreas>(BROWSE_AREAS_URL)
    .then((value) => {
      publish({ areas: value });
      return value;
    })
    .catch((error: unknown) => {
      areas = null;
      publish({ error: messageOf(error) });
      throw error;
    });
  return areas;
}

/**
 * Starts loading what these filters need, if it is not there yet (../domain/browse-coverage.ts): the state's or
 * type's file when they name one (a few KB); in distance mode with a radius, the files of the states within it;
 * else the whole set. `origin` is where distance mode measures from ('pending' while a place is being looked up).
 *
 * The whole set's first part (about 40 KB gzipped at 10,000 listings) comes alone, unless its alphabet, read as it
 * arrives, says it cannot match the text (then the few parts that can come at once: `firstParts`): the view shows its
 * matches, or learns from its alphabet that nothing can match, and says so (`stage`, from an effect after that render:
 * 'rest' once the filters rest, 'few' at once while nothing loaded matches) before the other parts are fetched. A typed
 * query's first results thus have all the bandwidth of a phone's connection (bytes to the first results at most
 * Pagefind's), and a view that turns out to need less (a ZIP typed on into distance mode) never fetches the whole
 * set. Then only the parts that can match the text come (the parts' alphabets tell: a digit of a ZIP being typed is
 * in a few listings' names at most), else the whole set.
 */
export function loadFor(filters: Filters, origin: Origin = null, stage: LoadStage = 'first'): void {
  wanted = { filters, origin };
  if (covers(state, filters, origin)) return;
  const need = needOf(filters, origin);
  if (need.kind === 'file') {
    void load(need.file).catch(() => {});
  } else if (need.kind === 'near') {
    loadAreas()
      .then((value) => {
        for (const file of nearFiles(value, need.origin, need.miles)) void load(file).catch(() => {});
      })
      .catch(() => {});
  } else if (stage === 'first' || origin === 'pending') {
    for (const index of firstParts(state, filters)) void load({ kind: 'part', index }).catch(() => {});
  } else if (stage === 'few') {
    for (const index of fewPartsToLoad(state, filters) ?? [])
      void load({ kind: 'part', index }).catch(() => {});
  } else {
    const parts = partsToLoad(state, filters);
    if (parts === null) loadWholeSet();
    else for (const index of parts) void load({ kind: 'part', index }).catch(() => {});
  }
}

export const loadedListings = (): LoadedListings => state;

export function onListingsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
