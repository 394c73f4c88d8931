/** The answer of a rate limiter: allowed, or how long to wait. */
export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Decides whether a client (by key) may make one more request now. */
export type RateLimit = (key: string) => RateVerdict;

/** Options of {@link slidingWindowLimiter}. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** Clients remembered at most; the least recently seen are forgotten first, so memory stays bounded. */
  maxClients?: number;
  now?: () => number;
}

/** A sliding window per client that can be looked at without counting (see {@link failureThrottle}). */
function slidingWindow(options: RateLimitOptions) {
  const { limit, windowMs, maxClients = 10_000, now = Date.now } = options;
  const hits = new Map<string, number[]>();
  const recent = (key: string, t: number) => (hits.get(key) ?? []).filter((at) => at > t - windowMs);
  return {
    peek(key: string): RateVerdict {
      const t = now();
      const seen = recent(key, t);
      if (seen.length < limit) return { ok: true };
      const oldest = seen[0] ?? t;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)) };
    },
    hit(key: string): void {
      const t = now();
      const seen = recent(key, t);
      hits.delete(key);
      seen.push(t);
      hits.set(key, seen);
      if (hits.size > maxClients) {
        const first = hits.keys().next();
        if (!first.done) hits.delete(first.value);
      }
    },
  };
}

/**
 * An in-memory sliding window per client: at most `limit` requests in any `windowMs`. Per function instance, so it
 * stops one client flooding a warm instance; it is not a global quota.
 */
export function slidingWindowLimiter(options: RateLimitOptions): RateLimit {
  const window = slidingWindow(options);
  return (key) => {
    const verdict = window.peek(key);
    if (verdict.ok) window.hit(key);
    return verdict;
  };
}

/** Counts failures only (e.g. wrong tokens): `blocked` says whether a client has failed too often lately. */
export function failureThrottle(options: RateLimitOptions) {
  const window = slidingWindow(options);
  return { blocked: window.peek, failed: window.hit };
}
