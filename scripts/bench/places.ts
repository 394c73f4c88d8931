/**
 * The gazetteer's bytes per lookup: what the location field downloads, gzipped, for one typed text. A
 * lookup loads one piece (src/pages/data/places/[piece].json.ts writes them); the bytes are those of the built
 * file, computed here from the same data without a build, so they are exact and deterministic.
 */
import { loadGazetteer } from '../../src/data/gazetteer';
import { gazetteerPieces } from '../../src/domain/places/gazetteer-build';
import { pieceOfText } from '../../src/domain/places/keys';
import { gzipBytes, KB } from './js';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'places';
const BUDGET_KB = 30;

/** Typical lookups: towns with common first letters (the biggest pieces), a short one, ZIP codes. */
const LOOKUPS = [
  'Ashev',
  'Springfield',
  'Boulder',
  'Portland',
  'San Antonio',
  'Madison',
  'Cabin John',
  '80302',
  '288',
];

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const pieces = gazetteerPieces(await loadGazetteer());
    const bytes = new Map([...pieces].map(([key, piece]) => [key, gzipBytes(JSON.stringify(piece))]));
    const perLookup = LOOKUPS.map((text) => ({ text, bytes: bytes.get(pieceOfText(text) ?? '') ?? 0 }));
    const biggest = perLookup.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const all = [...bytes.values()];
    return [
      atMost(SECTION, 'gazetteer per lookup (max)', kb(biggest.bytes), 'KB', BUDGET_KB, `"${biggest.text}"`),
      atMost(
        SECTION,
        'gazetteer per lookup (median)',
        kb(median(perLookup.map((l) => l.bytes))),
        'KB',
        BUDGET_KB,
        perLookup.map((l) => `${l.text} ${kb(l.bytes)}`).join(', '),
      ),
      atMost(
        SECTION,
        'largest gazetteer piece',
        kb(Math.max(...all)),
        'KB',
        BUDGET_KB,
        `${all.length} pieces`,
      ),
      info(SECTION, 'whole gazetteer (never loaded at once)', kb(all.reduce((a, b) => a + b, 0)), 'KB'),
    ];
  },
};

export default section;
