import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A nanostores atom's current value, re-rendering on change: what `useStore` of @nanostores/react does for the
 * browse island, without its extra options, to keep the island inside its size budget.
 */
export function useAtom<T>(store: ReadableAtom<T>): T {
  const get = () => store.get();
  return useSyncExternalStore((changed) => store.listen(changed), get, get);
}
