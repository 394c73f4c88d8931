/** The sample generator's seeded random draws: the same seed always yields the same data set. */

/** A random number in [0, 1). */
export type Rng = () => number;

/** mulberry32: a tiny seeded PRNG, so the same seed always yields the same data set. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)]!;

export function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T, i: number) => number): T {
  let r = rng() * items.reduce((sum, item, i) => sum + weight(item, i), 0);
  for (const [i, item] of items.entries()) {
    r -= weight(item, i);
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Up to k distinct items in random order, skipping rejects: a lazy Fisher-Yates that stops early. */
export function draw<T>(
  rng: Rng,
  items: readonly T[],
  k: number,
  accept = (_item: T, _taken: T[]) => true,
): T[] {
  const pool = items.slice();
  const taken: T[] = [];
  for (let i = 0; i < pool.length && taken.length < k; i++) {
    const j = i + int(rng, pool.length - i);
    const item = pool[j]!;
    pool[j] = pool[i]!;
    if (accept(item, taken)) taken.push(item);
  }
  return taken;
}
