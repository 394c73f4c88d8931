import { describe, expect, it } from 'vitest';
import { toBrowseListing } from '../../src/domain/browse-data';
import { browseFileName } from '../../src/domain/browse-files';
import type { UsState } from '../../src/domain/lists';
import { locationAlphabet, locationText } from '../../src/domain/location-text';
import { DEFAULT_FILTERS, type Filters } from '../../src/domain/schemas/filters';
import { type LoadedListings, NO_LISTINGS } from '../../src/islands/browse/loaded-listings';
import * as engine from '../../src/islands/browse/results-engine';
import { browseDemand, browseShown, type Demand } from '../../src/islands/browse/use-browse-loading';
import { sampleListings } from './sample-listings';

// The browse view's loading and coverage state, driven as the island drives it: the real search code, the
// sample listings, and the loader's states from nothing loaded to the whole set.
const all = sampleListings().map(toBrowseListing);
const alphabet = locationAlphabet(all.map(locationText));
const filters = (over: Partial<Filters> = {}): Filters => ({ ...DEFAULT_FILTERS, ...over });
const preset = filters();
const initial = all.slice(0, 24);
const initialTotal = all.length;
const firstPart = all.slice(0, 300);

const NOTHING = NO_LISTINGS;
const partOnly: LoadedListings = {
  ...NOTHING,
  listings: firstPart,
  files: new Set(['part-0']),
  remaining: all.length - firstPart.length,
  alphabet,
};
const wholeSet: LoadedListings = {
  ...partOnly,
  listings: all,
  files: new Set(['part-0', 'part-1']),
  wholeSet: true,
  remaining: 0,
};

const demandOf = (f: Filters, over: Partial<Parameters<typeof browseDemand>[0]> = {}): Demand =>
  browseDemand({ filters: f, preset, touched: true, position: null, place: null, ...over });
const shown = (f: Filters, loaded: LoadedListings, over: Partial<Parameters<typeof browseShown>[0]> = {}) =>
  browseShown({
    filters: f,
    demand: demandOf(f),
    placeLoading: false,
    loaded,
    engine,
    fuzzy: null,
    positions: null,
    initial,
    initialTotal,
    offset: 0,
    ...over,
  });

describe('browseDemand: what the browse view loads', () => {
  it('loads nothing on the preset until the visitor touches the view, or asks for the map or other filters', () => {
    expect(demandOf(preset, { touched: false })).toMatchObject({ onPreset: true, active: false });
    expect(demandOf(preset)).toMatchObject({ onPreset: true, active: true });
    expect(demandOf(filters({ view: 'map' }), { touched: false })).toMatchObject({
      onPreset: true,
      active: true,
    });
    expect(demandOf(filters({ state: 'Colorado' }), { touched: false })).toMatchObject({
      onPreset: false,
      active: true,
    });
  });

  it('measures from the visitor for Near Me, and from the near place once it is looked up', () => {
    const here = { latitude: 39.7, longitude: -105 };
    expect(demandOf(filters({ location: 'Near Me' }), { position: here })).toMatchObject({
      origin: here,
      loaderOrigin: here,
      settled: undefined,
    });
    const near = filters({ location: 'Boulder, CO', near: 'boulder-co' });
    expect(demandOf(near, { place: 'loading' })).toMatchObject({
      origin: null,
      loaderOrigin: 'pending',
      settled: undefined,
    });
    const boulder = { key: 'boulder-co', label: 'Boulder, CO', latitude: 40.01, longitude: -105.27 };
    expect(demandOf(near, { place: boulder })).toMatchObject({ origin: boulder, settled: 'Boulder, CO' });
    // A place the gazetteer does not know: the text filters as plain text.
    expect(demandOf(near, { place: null })).toMatchObject({
      origin: null,
      loaderOrigin: null,
      settled: null,
    });
  });
});

describe('browseShown: what the browse view shows as listings arrive', () => {
  it('shows the pre-rendered page and its count on the preset before anything is loaded', () => {
    const s = shown(preset, NOTHING);
    expect(s).toMatchObject({
      results: null,
      ready: false,
      total: initialTotal,
      start: 0,
      stillLoading: null,
    });
    expect(s.matched).toBe(initial);
  });

  it('says nothing (loading) for other filters until the listings and the search code are in', () => {
    const f = filters({ location: all[0]!.city });
    expect(shown(f, NOTHING)).toMatchObject({ matched: null, total: null, ready: false });
    expect(shown(f, wholeSet, { engine: null })).toMatchObject({ results: null, matched: null, total: null });
  });

  it("shows the first part's matches without a count, then the final results once the whole set is in", () => {
    const f = filters({ location: all[0]!.city });
    const partial = shown(f, partOnly);
    expect(partial.ready).toBe(false);
    expect(partial.matched?.length).toBeGreaterThan(0);
    expect(partial.matched).toBe(partial.results);
    expect(partial).toMatchObject({
      total: null,
      stillLoading: all.length - firstPart.length,
      firstShown: true,
    });

    const final = shown(f, wholeSet);
    const expected = engine.searchListings(all, f);
    expect(final.ready).toBe(true);
    expect(final.total).toBe(expected.length);
    expect(final.matched?.map((l) => l.slug).sort()).toEqual(expected.map((l) => l.slug).sort());
    expect(final.stillLoading).toBeNull();
  });

  it('is final with a state file alone when the filters name the state', () => {
    const state = all[0]!.state as UsState;
    const f = filters({ state });
    const stateFile = browseFileName({ kind: 'state', state });
    const ofState = all.filter((l) => l.state === state);
    const s = shown(f, { ...NOTHING, listings: ofState, files: new Set([stateFile]), remaining: 0 });
    expect(s).toMatchObject({ ready: true, total: ofState.length, firstShown: false });
  });

  it('answers a text no listing can match at once, with the first part alone', () => {
    const s = shown(filters({ location: 'жжжжж' }), partOnly);
    expect(s).toMatchObject({ results: [], ready: true, total: 0, matched: [] });
  });

  it('waits for the typo-tolerant matcher rather than saying none found', () => {
    const s = shown(filters({ location: 'Ashvillle' }), wholeSet);
    expect(s).toMatchObject({ results: null, ready: false, total: null, matched: null });
  });

  it('waits while the near place is looked up', () => {
    const f = filters({ location: '80302', near: '80302' });
    const s = shown(f, wholeSet, { placeLoading: true, demand: demandOf(f, { place: 'loading' }) });
    expect(s).toMatchObject({ results: null, ready: false, total: null });
  });

  it("keeps a landing page's later page and offset until final, then starts the list at the offset", () => {
    const onPage2 = { offset: 24, initial: all.slice(24, 48) };
    const before = shown(preset, partOnly, onPage2);
    expect(before.matched).toBe(onPage2.initial);
    expect(before).toMatchObject({ start: 0, total: initialTotal, stillLoading: null });
    const after = shown(preset, wholeSet, onPage2);
    expect(after).toMatchObject({ ready: true, start: 24, total: all.length });
  });

  it("shows the first page's matches early once there are more of them than the pre-rendered page holds", () => {
    const s = shown(preset, partOnly);
    expect(s.ready).toBe(false);
    expect(s.matched).toBe(s.results);
    expect(s.matched?.length).toBe(firstPart.length);
    expect(s.total).toBe(initialTotal);
  });
});
