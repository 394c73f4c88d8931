import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health';
import { largestPhonePhoto } from '../../scripts/lib/largest-photo';
import { localPhotoStorage } from '../../src/data/photos/local';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { photoSlots } from '../../src/server/photos/slots';
import { createPhotoUploadHandler } from '../../src/server/photos/upload';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { photo } from './photo-files';
import { testDatabase } from './support';

let sql: Sql;
let store: Store;
let dir: string;

beforeAll(async () => {
  ({ sql, store } = await testDatabase());
  dir = await mkdtemp(join(tmpdir(), 'photo-load-'));
});
afterAll(async () => {
  await sql?.close();
  await rm(dir, { recursive: true, force: true });
});

const uploader = (slots?: ReturnType<typeof photoSlots>) =>
  createPhotoUploadHandler(
    () => ({
      store: async () => store,
      storage: () => localPhotoStorage(dir),
      writesRefused: null,
      log: () => {},
      ...(slots ? { slots } : {}),
    }),
    slidingWindowLimiter({ limit: 1000, windowMs: 60_000 }),
  );

const post = (bytes: Uint8Array) =>
  new Request('http://localhost/api/photos', { method: 'POST', body: new Blob([new Uint8Array(bytes)]) });

describe('photo work is bounded per server', () => {
  it('answers /api/health while 8 of the largest photos a phone sends (48 MP JPEG) are still being processed, and accepts all 8', async () => {
    const largest = await largestPhonePhoto();
    const upload = uploader();
    let settled = 0;
    const uploads = Array.from({ length: 8 }, () =>
      upload(post(largest)).finally(() => {
        settled += 1;
      }),
    );
    // Health asked once the decoding has started: it must not wait for any of them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await health(new Request('http://localhost/api/health'));
    const settledWhenHealthAnswered = settled;
    expect(answer.status).toBe(200);
    expect(settledWhenHealthAnswered).toBe(0);
    const statuses = (await Promise.all(uploads)).map((r) => r.status);
    expect(statuses).toEqual(Array(8).fill(201));
  }, 180_000);

  it('processes a few at once; beyond a short queue a photo gets 503 with Retry-After and the reason, never a 5xx without one', async () => {
    const upload = uploader(photoSlots({ running: 1, waiting: 2 }));
    const files = await Promise.all(
      Array.from({ length: 5 }, (_, i) => photo({ width: 1600, height: 1200, seed: i })),
    );
    const answers = await Promise.all(files.map((f) => upload(post(f))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 503, 503]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await busy.json()) as { error?: string };
      expect(body.error).toMatch(/try again/i);
    }
  }, 120_000);
});
