// A screen whose code is its own chunk, shown without React's Suspense. A Suspense boundary that
// reveals its content within 300 ms of showing its fallback holds the content back until those
// 300 ms have passed (React's throttled reveal): with the screen's code preloaded, that wait was
// most of the time between the page frame and the first question. Here the route renders the
// screen at once when its code is already here, and the placeholder until it arrives otherwise.
import type { ComponentType } from 'react';

/** A screen module: its component is the default export; it may export more (preload helpers). */
export interface ScreenModule<P> {
  default: ComponentType<P>;
}

export interface LazyScreen<M> {
  /** Loads the module once (again after a failure); the route and early preloads share the load. */
  load: () => Promise<M>;
  /** The module if it has loaded. */
  loaded: () => M | undefined;
}

export function lazyScreen<M>(importModule: () => Promise<M>): LazyScreen<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () => {
      pending ??= importModule().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}
