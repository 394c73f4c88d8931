/**
 * Photos: what an owner's upload costs and what a traveler downloads.
 * - 8 phone photos, as the browser sends them after shrinking (2,560 px long side, JPEG), uploaded at once through
 *   the real upload handler (checks, re-encoding, storage, database) on this machine: the whole set within 10 s.
 * - A card's photo at its displayed size on a phone (the 800 px variant a 2x screen picks for a full-width card),
 *   AVIF as Chrome takes it: within 25 KB.
 * - 8 of the largest photos a phone may send (48 MP JPEG) at once: the worst one's time (they wait for the server's
 *   photo slots, one per core), and the health probe's p99 meanwhile, asked every 25 ms: within 200 ms.
 * - The browse files' growth per listing from the cover id (random ids, as uploads have): within 12 bytes gzipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import health from '../../netlify/functions/health';
import { openPglite } from '../../src/data/adapters/pglite';
import { localPhotoStorage } from '../../src/data/photos/local';
import { sqlStore } from '../../src/data/sql-store';
import { toBrowseListing } from '../../src/domain/browse-data';
import { encodeBrowseData } from '../../src/domain/browse-encode';
import { createPhotoUploadHandler } from '../../src/server/photos/upload';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { largestPhonePhoto } from '../lib/largest-photo';
import { migrate } from '../lib/migrate';
import { generateSampleListings } from '../lib/sample/generate';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'photos';

/** A photo-like JPEG: smooth colour with grain, as a phone's photo compresses (not flat colour, not pure noise). */
async function phonePhoto(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: 90 + seed * 9, g: 120, b: 80 },
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(2560, 1920, { kernel: 'cubic' })
    .modulate({ saturation: 1.3 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * The health probe's answer times, each counted from when it was due (every 25 ms), so a blocked event loop
 * shows, until `done` settles.
 */
async function healthDuring(done: Promise<unknown>): Promise<number[]> {
  let over = false;
  void done.finally(() => {
    over = true;
  });
  const times: number[] = [];
  let due = performance.now();
  while (!over) {
    const answer = await health(new Request('http://localhost/api/health'));
    if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
    times.push(performance.now() - due);
    due += 25;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    due = Math.max(due, performance.now());
  }
  return times;
}

/** 8 of the largest photos at once through `upload`: the slowest answer and health's p99 meanwhile, as rows. */
async function largestAtOnce(upload: (req: Request) => Promise<Response>): Promise<BenchRow[]> {
  const largest = await largestPhonePhoto();
  const timed = Array.from({ length: 8 }, async () => {
    const started = performance.now();
    const answer = await upload(
      new Request('http://localhost/api/photos', { method: 'POST', body: new Uint8Array(largest) }),
    );
    if (answer.status !== 201) throw new Error(`a 48 MP photo was answered ${answer.status}`);
    return performance.now() - started;
  });
  const all = Promise.all(timed);
  const [times, probes] = await Promise.all([all, healthDuring(all)]);
  probes.sort((a, b) => a - b);
  const p99 = probes[Math.min(probes.length - 1, Math.floor(probes.length * 0.99))] ?? 0;
  return [
    info(
      SECTION,
      'worst of 8 largest photos (48 MP JPEG) at once',
      Math.round(Math.max(...times) / 100) / 10,
      's',
      `${(largest.length / 1e6).toFixed(1)} MB each; decoded one per core, the rest wait`,
    ),
    atMost(
      SECTION,
      'health p99 while 8 largest photos are processed',
      Math.round(p99),
      'ms',
      200,
      `${probes.length} probes, every 25 ms`,
    ),
  ];
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'bench-photos-'));
    const sql = await openPglite();
    try {
      await migrate(sql);
      const store = sqlStore(sql);
      const upload = createPhotoUploadHandler(
        () => ({
          store: async () => store,
          storage: () => localPhotoStorage(dir),
          writesRefused: null,
          log: () => {},
        }),
        slidingWindowLimiter({ limit: 1000, windowMs: 60_000 }),
      );
      const files = await Promise.all(Array.from({ length: 8 }, (_, i) => phonePhoto(i)));
      const sent = files.reduce((sum, f) => sum + f.length, 0);
      const started = performance.now();
      const answers = await Promise.all(
        files.map((f) =>
          upload(new Request('http://localhost/api/photos', { method: 'POST', body: new Uint8Array(f) })),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      if (answers.some((a) => a.status !== 201)) throw new Error('an upload was refused');
      rows.push(
        atMost(
          SECTION,
          'upload of 8 phone photos (2,560 px), at once',
          Math.round(seconds * 100) / 100,
          's',
          10,
          `${(sent / 1e6).toFixed(1)} MB sent; checked, re-encoded, stored`,
        ),
      );
      rows.push(...(await largestAtOnce(upload)));
      const { id } = (await answers[0]!.json()) as { id: string };
      const size = async (name: string) => (await stat(join(dir, 'private', id, name))).size;
      const card = await size('800.avif');
      rows.push(
        atMost(
          SECTION,
          'card photo on a phone (800 px AVIF)',
          Math.round((card / 1024) * 10) / 10,
          'KB',
          25,
          `400 px: ${((await size('400.avif')) / 1024).toFixed(1)} KB AVIF, ${((await size('400.jpg')) / 1024).toFixed(1)} KB JPEG`,
        ),
      );
    } finally {
      await sql.close();
      await rm(dir, { recursive: true, force: true });
    }
    // Covers in the browse files: random ids for most listings, as real uploads have.
    const lean = generateSampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map((l) =>
      toBrowseListing({ ...l, updated_at: l.created_at }),
    );
    const covered = lean.map((l, i) =>
      i % 7 === 0 ? l : { ...l, cover: { id: randomBytes(8).toString('base64url'), widths: [400, 800] } },
    );
    const gz = (rows: typeof lean) => gzipSync(JSON.stringify(encodeBrowseData(rows))).length;
    const growth = (gz(covered) - gz(lean)) / lean.length;
    rows.push(
      atMost(
        SECTION,
        'browse files growth per listing (cover)',
        Math.round(growth * 10) / 10,
        'B',
        12,
        '10,000 listings, 6 in 7 with a cover',
      ),
    );
    rows.push(
      info(
        SECTION,
        'photo variants stored per photo',
        10,
        'files',
        '400/800/1600 px x AVIF/WebP/JPEG + 1200 px JPEG share image',
      ),
    );
    return rows;
  },
};

export default section;
