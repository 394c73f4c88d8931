import { describe, expect, it } from 'vitest';
import { duplicateReasons, possibleDuplicates, similarNames, websiteHost } from '../../src/domain/duplicates';

const existing = {
  slug: 'pine-hollow-yurts-bend-oregon',
  property_name: 'Pine Hollow Yurts',
  city: 'Bend',
  state: 'Oregon',
  phone: '(541) 555-0100',
  website_url: 'https://www.pinehollow.example.com/stay',
  latitude: 44.05,
  longitude: -121.31,
};
const other = {
  property_name: 'Desert Star Domes',
  phone: '520-555-0199',
  website_url: null,
  latitude: 32.2,
  longitude: -110.9,
};

describe('possible duplicates', () => {
  it('finds the same phone digits in any notation, and the same website host with or without www', () => {
    expect(duplicateReasons({ ...other, phone: '+1 541.555.0100' }, existing)).toEqual(['phone']);
    expect(duplicateReasons({ ...other, website_url: 'http://pinehollow.example.com' }, existing)).toEqual([
      'website',
    ]);
    expect(websiteHost('pinehollow.example.com/a')).toBe('pinehollow.example.com');
    expect(websiteHost('not a site')).toBeNull();
  });

  it('finds a similar name only within a few miles', () => {
    expect(similarNames('The Pine Hollow Yurt', 'Pine Hollow Yurts')).toBe(true);
    expect(similarNames('Pine Ridge Cabins', 'Pine Hollow Yurts')).toBe(false);
    expect(similarNames('Glamping Camp', 'Camp Glamping Resort')).toBe(false);
    const near = { ...other, property_name: 'Pine Hollow Yurt Camp', latitude: 44.07, longitude: -121.3 };
    expect(duplicateReasons(near, existing)).toEqual(['name']);
    expect(duplicateReasons({ ...near, latitude: 45.5 }, existing)).toEqual([]);
  });

  it('lists the matches with the most signs first, and nothing for an unrelated property', () => {
    const strong = { ...existing, slug: 'strong', phone: '5415550100' };
    const weak = { ...existing, slug: 'weak', phone: '5415550999', website_url: null };
    const probe = {
      ...other,
      property_name: 'Pine Hollow',
      phone: '541 555 0100',
      latitude: 44.05,
      longitude: -121.31,
    };
    expect(possibleDuplicates(probe, [weak, strong]).map((d) => [d.slug, d.reasons])).toEqual([
      ['strong', ['phone', 'name']],
      ['weak', ['name']],
    ]);
    expect(possibleDuplicates(other, [existing])).toEqual([]);
  });
});
