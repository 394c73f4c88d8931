import { describe, expect, it } from 'vitest';
import { noResultEvent, normalizeSearch } from '../../src/domain/insights';
import { badgeSvg, changeLabel, median, ownerPeriod, period } from '../../src/domain/insights-figures';
import { normalizeFilters } from '../../src/domain/schemas/filters';

describe('what a no-result search counts', () => {
  it('normalizes a typed text, and drops one that could be a person’s data', () => {
    expect(normalizeSearch('  Bora   BORA\t')).toBe('bora bora');
    expect(normalizeSearch('99603')).toBe('99603');
    expect(normalizeSearch('ada@example.com')).toBeNull();
    expect(normalizeSearch('(555) 123-4567')).toBeNull();
    expect(normalizeSearch('   ')).toBeNull();
    expect(normalizeSearch(`${'word '.repeat(30)}end`)?.length).toBeLessThanOrEqual(80);
  });

  it('is the text or the place only when nothing else narrows the view, and never Near Me', () => {
    expect(noResultEvent(normalizeFilters({ location: 'Zzyzx' }))).toEqual({ kind: 'text', query: 'zzyzx' });
    expect(noResultEvent(normalizeFilters({ location: 'Zzyzx', state: 'Utah' }))).toBeNull();
    expect(noResultEvent(normalizeFilters({ location: 'Near Me' }))).toBeNull();
    expect(noResultEvent(normalizeFilters({ near: 'asheville-nc', radius: '25' }))).toEqual({
      kind: 'place',
      query: 'asheville-nc',
      radius: 25,
    });
    // "Any" distance has no radius to report.
    expect(noResultEvent(normalizeFilters({ near: 'asheville-nc', radius: 'any' }))).toBeNull();
  });
});

describe('owner figures', () => {
  it('compares a period with the one before it', () => {
    expect(period('2026-11-26', 30)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      previousFrom: '2026-09-28',
      previousTo: '2026-10-27',
    });
    expect(changeLabel(12, 10)).toBe('+20%');
    expect(changeLabel(5, 10)).toBe('-50%');
    expect(changeLabel(3, 0)).toBe('new');
    expect(changeLabel(0, 0)).toBe('no change');
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('adds the counts of each figure over the period and fills every day of the chart', () => {
    const p = ownerPeriod(
      [
        { day: '2026-11-26', kind: 'view', n: 4 },
        { day: '2026-11-01', kind: 'call', n: 2 },
        { day: '2026-10-01', kind: 'view', n: 8 },
      ],
      '2026-11-26',
      30,
      { view: 3 },
    );
    expect(p.series).toHaveLength(30);
    expect(p.series.at(-1)).toEqual({ day: '2026-11-26', views: 4, dialogs: 0, contacts: 0 });
    expect(p.figures.find((f) => f.kind === 'view')).toEqual({
      kind: 'view',
      total: 4,
      previous: 8,
      change: '-50%',
      median: 3,
    });
    expect(p.figures.find((f) => f.kind === 'call')).toMatchObject({ total: 2, change: 'new', median: null });
  });

  it('draws a badge that names the verification month and escapes nothing it should not', () => {
    const svg = badgeSvg('2026-03-14T10:00:00Z');
    expect(svg).toContain('>Verified on Glamping Directory USA, March 2026<');
    expect(svg).not.toMatch(/<script|href|url\(/);
  });
});
