/**
 * How many photos one server decodes at once. Decoding and re-encoding take a core each (sharp's work runs beside
 * the event loop, but on the same cores), so photos beyond one per core wait their turn, and beyond a short queue
 * are refused with a 503 and Retry-After: other requests (the health probe, pages, forms) keep their share.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { HttpError } from '../http';

/** Seconds a refused photo should wait: about what the queue ahead of it takes to drain. */
const RETRY_AFTER_SECONDS = 5;

export interface PhotoSlots {
  /** Runs `work` when a slot is free; throws a 503 HttpError at once when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Slots for `running` photos at once and `waiting` more in line. The default queue holds two owners' full sets
 * (8 photos each, sent at once by the picker), so one owner alone is never refused.
 */
export function photoSlots({
  running = Math.max(1, availableParallelism()),
  waiting = 16,
}: {
  running?: number;
  waiting?: number;
} = {}): PhotoSlots {
  const limit = pLimit(running);
  return {
    run(work) {
      // pendingCount counts a call p-limit has not started yet, so the sum is right however quickly calls come.
      if (limit.activeCount + limit.pendingCount >= running + waiting)
        throw new HttpError(
          503,
          `Many photos are being processed just now: please try again in ${RETRY_AFTER_SECONDS} seconds.`,
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      return limit(work);
    },
  };
}

/** The slots every upload of this server shares. */
export const sharedPhotoSlots: PhotoSlots = photoSlots();
