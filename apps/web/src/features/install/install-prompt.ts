/** Where the remembered 'Más tarde' lives (spec section 1: dismissal is remembered in local storage). */
export const INSTALL_DISMISSED_KEY = 'rondin.install.dismissed';

/** Chromium's install offer; not in TypeScript's DOM library because other engines do not have it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallOffer {
  /** The browser offered installation and the user has not put it off: the banner shows. */
  visible: boolean;
}

export interface InstallPromptStore {
  getSnapshot(): InstallOffer;
  subscribe(listener: () => void): () => void;
  /** 'Más tarde': hide the offer and remember it. */
  dismiss(): void;
  /** 'Instalar': the browser's own dialog; a declined install is remembered like 'Más tarde'. */
  install(): Promise<void>;
}

/**
 * The install offer's state, outside React: the browser fires `beforeinstallprompt` once, early, maybe while
 * another screen is open, and the sign-in screen must still find it when it mounts. Spec section 1's rules:
 * 'Más tarde' and a declined install set the dismissed flag; a new offer from the browser or an install clears it.
 */
export function createInstallPromptStore(target: EventTarget, storage: Storage): InstallPromptStore {
  const listeners = new Set<() => void>();
  let deferred: BeforeInstallPromptEvent | null = null;
  let dismissed = readDismissed();
  let snapshot: InstallOffer = { visible: false };

  function readDismissed(): boolean {
    try {
      return storage.getItem(INSTALL_DISMISSED_KEY) !== null;
    } catch {
      return false;
    }
  }

  function writeDismissed(value: boolean): void {
    dismissed = value;
    try {
      if (value) storage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
      else storage.removeItem(INSTALL_DISMISSED_KEY);
    } catch {
      // Storage refused (private mode, quota): the flag then lasts as long as the page.
    }
  }

  function emit(): void {
    const visible = deferred !== null && !dismissed;
    if (visible !== snapshot.visible) snapshot = { visible };
    for (const listener of listeners) listener();
  }

  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away: the banner offers installation in the app's words.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    writeDismissed(false);
    emit();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    writeDismissed(false);
    emit();
  });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss() {
      writeDismissed(true);
      emit();
    },
    async install() {
      const offer = deferred;
      if (!offer) return;
      // An offer can be shown once; the browser sends a new one if installation becomes possible again.
      deferred = null;
      emit();
      let outcome: 'accepted' | 'dismissed';
      try {
        await offer.prompt();
        ({ outcome } = await offer.userChoice);
      } catch {
        // The browser would not show its dialog (already used, or not allowed now): the next offer will.
        return;
      }
      if (outcome === 'dismissed') {
        writeDismissed(true);
        emit();
      }
    },
  };
}

/** The app's one store, listening from start-up. */
export const installPrompt = createInstallPromptStore(window, localStorage);
