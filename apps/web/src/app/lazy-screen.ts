import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyScreen {
  Screen: ComponentType;
  /** Fetches the screen's chunk; the same promise for every call once it started. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy that can be fetched before its first render, and then renders without suspending: React.lazy
 * suspends on its first render even when its module is already loaded, and React holds a Suspense boundary's
 * content back up to 300 ms after its fallback showed (once per nested boundary: layout, then page).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<unknown> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload as () => Promise<{ default: ComponentType }>);
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return { Screen, preload };
}
