import './install-banner.css';
import { useId, useSyncExternalStore } from 'react';
import { installPrompt, type InstallPromptStore } from '../install-prompt';

/**
 * Spec section 1: the sign-in screen's install offer, shown while the browser offers installation and the
 * user has not put it off. The store is a parameter for the tests; the app uses its one store.
 */
export function InstallBanner({ store = installPrompt }: { store?: InstallPromptStore }) {
  const titleId = useId();
  const { visible } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (!visible) return null;
  return (
    <section className="install-banner" aria-labelledby={titleId}>
      <span className="install-banner__icon" aria-hidden="true">
        <PhoneIcon />
      </span>
      <div className="install-banner__body">
        <p id={titleId} className="install-banner__title">
          Instala Rondín en este dispositivo
        </p>
        <p className="install-banner__text">
          Ábrelo desde la pantalla de inicio y registra inspecciones aunque no haya señal.
        </p>
        <div className="install-banner__actions">
          <button type="button" className="button button--ghost" onClick={store.dismiss}>
            Más tarde
          </button>
          <button type="button" className="button button--primary" onClick={() => void store.install()}>
            Instalar
          </button>
        </div>
      </div>
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M12 7v7M9 11.5l3 3 3-3M10.5 18.5h3" />
    </svg>
  );
}
