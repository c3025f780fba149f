/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { announceWaitingVersion } from './update-store';

/** How often an open app asks the server whether a new version exists: a tablet may stay open for days. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker once the page has loaded. A new version is not forced on an open page: it waits
 * (the old worker keeps serving the chunks this page was built with) until the user chooses 'Actualizar', or
 * until every tab of the app is closed, as browsers do by default. See README.md beside this file.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const activate = registerSW({
    onNeedRefresh: () => announceWaitingVersion(() => void activate()),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
