import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, hasActiveFilters } from '../../src/domain/schemas/filters';
import { $filters, clearFilters, setArea, setState, setView } from '../../src/stores/filters';

describe('filter store: view and area', () => {
  beforeEach(() => $filters.set(DEFAULT_FILTERS));

  it('switches the view, and refuses anything but list or map', () => {
    setView('map');
    expect($filters.get().view).toBe('map');
    setView('globe' as 'map');
    expect($filters.get().view).toBe('list');
  });

  it("takes an area in canonical form, refuses a box that is not one, and 'Clear All' removes it but keeps the view", () => {
    setView('map');
    setState('Utah');
    setArea('37.00001,-114.05,42.0,-109.04');
    expect($filters.get().area).toBe('37,-114.05,42,-109.04');
    expect(hasActiveFilters($filters.get())).toBe(true);
    setArea('42,-114,37,-109');
    expect($filters.get().area).toBe('');
    setArea('37,-114,42,-109');
    clearFilters();
    expect($filters.get()).toEqual({ ...DEFAULT_FILTERS, view: 'map' });
    expect(hasActiveFilters($filters.get())).toBe(false);
  });
});
