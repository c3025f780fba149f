export interface UpdateStore {
  /** A new version is installed and waiting for the user's 'Actualizar'. */
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over; every open tab reloads into it. */
  update(): void;
}

const listeners = new Set<() => void>();
let waiting = false;
let activate: (() => void) | null = null;

/** Called by the service-worker registration when a new version waits; `activateIt` lets it take over. */
export function announceWaitingVersion(activateIt: () => void): void {
  waiting = true;
  activate = activateIt;
  for (const listener of listeners) listener();
}

/** Whether a new version of the app waits, for the toast on every screen. */
export const serviceWorkerUpdates: UpdateStore = {
  getSnapshot: () => waiting,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update() {
    activate?.();
  },
};
