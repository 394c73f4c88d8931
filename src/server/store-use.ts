/**
 * The store a request opens, uses and closes (sign-in, owners, staff, renewals) or opens once per instance
 * (insights), and the rate limits counted in it: one place for what a store that cannot be opened answers and for
 * how a limit is refused.
 */
import { StoreUnavailable, tooManyRequests } from './http';
import { errorText } from './log';

/** What the 503 says when each store cannot be opened. */
const UNAVAILABLE = {
  'Sign-in': 'Sign-in is unavailable: database unreachable',
  Owner: 'Owners are unavailable: database unreachable',
  Staff: 'Staff store unavailable: database unreachable',
  Renewal: 'Renewals are unavailable: database unreachable',
  Insights: 'Insights store unavailable',
};

/** How a request's store is opened, and its name in the log line ("Owner store unavailable: …") and the 503. */
export interface StoreOpening<S> {
  open: () => Promise<S>;
  name: keyof typeof UNAVAILABLE;
  log?: ((line: string) => void) | undefined;
}

/** Opens the store; one that cannot open is logged and answered with a 503. */
export async function openStore<S>(opening: StoreOpening<S>): Promise<S> {
  try {
    return await opening.open();
  } catch (error) {
    (opening.log ?? console.error)(`${opening.name} store unavailable: ${errorText(error)}`);
    throw new StoreUnavailable(UNAVAILABLE[opening.name]);
  }
}

/** Opens the store, runs `use` with it and closes it, whatever `use` did; a store that cannot open is a 503. */
export async function withOpenStore<S extends { close(): Promise<void> }, T>(
  opening: StoreOpening<S>,
  use: (store: S) => Promise<T>,
): Promise<T> {
  const store = await openStore(opening);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/** A store that counts requests per bucket and window; the seconds to wait, 0 when this one may pass. */
interface RateCounter {
  rateLimit(bucket: string, limit: number, windowSeconds: number): Promise<number>;
}

/** Counts one request in `bucket`: a 429 saying `message` once `max` were made in the window. */
export async function limitOrRefuse(
  store: RateCounter,
  bucket: string,
  limit: { max: number; windowSeconds: number },
  message: string,
): Promise<void> {
  const wait = await store.rateLimit(bucket, limit.max, limit.windowSeconds);
  if (wait > 0) throw tooManyRequests(wait, message);
}
