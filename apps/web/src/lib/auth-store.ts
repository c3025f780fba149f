import type { Technician } from '@rondin/contracts';

export interface StoredAuth {
  accessToken: string;
  user: Technician | null;
}

export const AUTH_STORAGE_KEY = 'rondin.auth';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredAuth | null = read();
/** Why the last sign-in ended without the user asking (the server's 401 text); null after a sign-out or sign-in. */
let endedBecause: string | null = null;

function read(): StoredAuth | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredAuth> | null;
    if (!parsed || typeof parsed.accessToken !== 'string' || !parsed.accessToken) return null;
    return { accessToken: parsed.accessToken, user: parsed.user ?? null };
  } catch {
    // A corrupt entry (edited by hand, older format) is treated as no sign-in rather than a crash.
    return null;
  }
}

function emit(next: StoredAuth | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The signed-in state lives outside React so the API client can drop it on any 401 without a circular
 * import; React reads it through useSyncExternalStore.
 */
export function getAuth(): StoredAuth | null {
  return current;
}

export function setAuth(next: StoredAuth): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
  endedBecause = null;
  emit(next);
}

/**
 * Drops the stored sign-in. `reason` is given when the server ended it (a 401: expired, password changed, account
 * deactivated), so the sign-in screen can say why instead of appearing without a word; a sign-out gives none.
 */
export function clearAuth(reason: string | null = null): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  if (current === null) return;
  endedBecause = reason;
  emit(null);
}

/** The server's reason the last sign-in ended, if it ended that way. */
export function signInEndedBecause(): string | null {
  return endedBecause;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads localStorage: after another tab signs in or out, and between tests. */
export function reloadAuthFromStorage(): void {
  emit(read());
}

if (typeof window !== 'undefined') {
  // Signing out in one tab signs out the others, instead of leaving them to fail on their next request.
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) reloadAuthFromStorage();
  });
}
