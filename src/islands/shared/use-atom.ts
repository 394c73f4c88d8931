import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A nanostores atom's current value, re-rendering on change: the one hook islands read stores with. It is what
 * `useStore` of @nanostores/react does, without the key-path listening that costs the browse island 0.4 KB of
 * its size budget. `serverValue`, when given, is what the server rendered and what hydration renders first, for a
 * store that only takes its browser value once the island has mounted.
 */
export function useAtom<T>(store: ReadableAtom<T>, serverValue: T = store.get()): T {
  return useSyncExternalStore(
    (changed) => store.listen(changed),
    () => store.get(),
    () => serverValue,
  );
}
