import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';

/** A module loaded on demand: call it to load (once; again after a failure), `now()` for it once it is in. */
export interface OnDemand<T> {
  (): Promise<T>;
  /** The module if it has loaded, for a render that can use it at once rather than wait a task. */
  now(): T | null;
}

/**
 * The one way islands load code on demand (not in the page's first load): `onDemand(() => import('./x'))`. The
 * import stays a literal one, so the bundler still makes `./x` a chunk of its own and preloads its imports.
 */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | null = null;
  const get = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = null; // try again next time
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(get, { now: () => loaded });
}

/**
 * A component of a module loaded on demand, rendered under <Suspense> (React.lazy over the same loader). A module
 * already in when the component first renders is handed over in a thenable React reads at once: that render does not
 * suspend, and nothing shows the Suspense fallback for a frame.
 */
export function lazyComponent<T, P extends object>(
  module: OnDemand<T>,
  pick: (loaded: T) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const loaded = module.now();
    if (loaded === null) return module().then((m) => ({ default: pick(m) }));
    const ready = { default: pick(loaded) };
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, one React.lazy reads at once
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as Promise<typeof ready>;
  });
}

/**
 * A disclosure whose content is a module loaded on demand: the module loads as the visitor reaches for the button
 * (pointer over it, focus, touch), and the disclosure opens once it is in, never empty. `button` goes on the button;
 * `loaded` is the module once in.
 */
export function useOnDemandDisclosure<T>(module: OnDemand<T>) {
  const [open, setOpen] = useState(false);
  const preload = () => void module().catch(() => {});
  return {
    open,
    loaded: module.now(),
    button: {
      'aria-expanded': open,
      onClick: () =>
        open
          ? setOpen(false)
          : module().then(
              () => setOpen(true),
              () => {},
            ),
      onPointerEnter: preload,
      onPointerDown: preload,
      onFocus: preload,
    },
  };
}
