import type { Page } from '@playwright/test';

/** Resolves once a service worker is active and controls the page, i.e. the app shell is precached. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/**
 * Every record of one IndexedDB object store the app created (an empty list while the database does not exist
 * yet: opening it here would create it without its store and break the app's own opening).
 */
export function readIndexedDb<T>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    async ({ database, store }) => {
      if (!(await indexedDB.databases()).some((each) => each.name === database)) return [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        return await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { database, store },
  ) as Promise<T[]>;
}
