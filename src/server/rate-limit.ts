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

/**
 * An in-memory sliding window per client: at most `limit` requests in any `windowMs`. Per function instance, so it
 * stops one client flooding a warm instance; it is not a global quota.
 */
export function slidingWindowLimiter(options: RateLimitOptions): RateLimit {
  const { limit, windowMs, maxClients = 10_000, now = Date.now } = options;
  const hits = new Map<string, number[]>();
  return (key) => {
    const t = now();
    const recent = (hits.get(key) ?? []).filter((at) => at > t - windowMs);
    hits.delete(key);
    if (recent.length >= limit) {
      hits.set(key, recent);
      const oldest = recent[0] ?? t;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)) };
    }
    recent.push(t);
    hits.set(key, recent);
    if (hits.size > maxClients) {
      const first = hits.keys().next();
      if (!first.done) hits.delete(first.value);
    }
    return { ok: true };
  };
}
