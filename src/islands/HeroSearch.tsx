import { useState } from 'react';
import { ALL_STATES, US_STATES } from '../domain/lists';
import { applyPopularSearch, searchLocation } from '../stores/filters';
import { LOCATION_PLACEHOLDER } from './FilterPanel';
import { POPULAR_SEARCHES } from './popular-searches';

/** Smoothly brings the home page's results into view (instantly for visitors who prefer less motion). */
function scrollToResults(targetId: string) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(targetId)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * The home hero search (spec section 2): hands location text and state to the results on the same page.
 * Without JavaScript it is a plain form to /browse.
 */
export default function HeroSearch({ resultsId }: { resultsId: string }) {
  const [text, setText] = useState('');
  const [state, setState] = useState<string>(ALL_STATES);
  const onSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    searchLocation(text.trim(), state);
    scrollToResults(resultsId);
  };
  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: a form landmark with role search is what screen readers expect */}
      <form
        role="search"
        aria-label="Find glamping"
        action="/browse"
        method="get"
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-2 rounded-xl bg-white p-3 shadow-lg sm:grid-cols-[1fr_auto_auto]"
      >
        <label htmlFor="hero-location" className="sr-only">
          Where do you want to go?
        </label>
        <input
          id="hero-location"
          name="search"
          type="search"
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={LOCATION_PLACEHOLDER}
          className="min-w-0 rounded-md border border-stone-300 px-3 py-2.5 text-stone-900"
        />
        <label htmlFor="hero-state" className="sr-only">
          Which state?
        </label>
        <select
          id="hero-state"
          name="state"
          value={state}
          onChange={(e) => setState(e.target.value)}
          className="rounded-md border border-stone-300 bg-white px-3 py-2.5 text-stone-900"
        >
          <option value={ALL_STATES}>All States</option>
          {US_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="rounded-md bg-amber-500 px-5 py-2.5 font-semibold text-stone-950 hover:bg-amber-400"
        >
          Find Glamping
        </button>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-white">Popular searches:</span>
        {POPULAR_SEARCHES.map((p) => (
          <button
            key={p.label}
            type="button"
            onClick={() => {
              applyPopularSearch(p.filters);
              scrollToResults(resultsId);
            }}
            className="rounded-full border border-white/60 bg-white/10 px-3 py-1 text-sm text-white hover:bg-white/20"
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}
