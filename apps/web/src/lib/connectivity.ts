import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
/** The last request's outcome: false after a request that never reached the server, true after any answer. */
let reachable = true;
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether the server can be reached, as far as the app can tell: the browser's own flag (it may say online on
 * a Wi-Fi without internet) and the outcome of the last API request. The offline scan queue and the
 * technician's screens read it; the API client reports to it.
 */
export function isServerReachable(): boolean {
  return browserOnline && reachable;
}

export function reportReachable(): void {
  if (reachable) return;
  reachable = true;
  emit();
}

export function reportUnreachable(): void {
  if (!reachable) return;
  reachable = false;
  emit();
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true;
    // Give the network a fresh chance: the next request says whether the server answers.
    reachable = true;
    emit();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    emit();
  });
}

/** `isServerReachable()` for a component, rendered again whenever it changes. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isServerReachable, () => true);
}
