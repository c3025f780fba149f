import './update-toast.css';
import { useSyncExternalStore } from 'react';
import { serviceWorkerUpdates, type UpdateStore } from '../update-store';

/** Offers the waiting new version; shown on every screen, over the content, until the user takes it. */
export function UpdateToast({ store = serviceWorkerUpdates }: { store?: UpdateStore }) {
  const waiting = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (!waiting) return null;
  return (
    <div className="update-toast" role="status">
      <p className="update-toast__text">Nueva versión disponible</p>
      <button type="button" className="button button--primary button--small" onClick={store.update}>
        Actualizar
      </button>
    </div>
  );
}
