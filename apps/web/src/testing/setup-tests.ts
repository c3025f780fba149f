import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the offline queue and the saved orders use it.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { reloadAuthFromStorage } from '../lib/auth-store';
import { reportReachable } from '../lib/connectivity';
import { server } from './network';

// findBy/waitFor wait up to 1 s by default: enough alone, not while CI's other tiers share the two cores
// (a trap-picker test took 1.4 s to render at load 17). A screen that never shows still fails, 5 s later.
configure({ asyncUtilTimeout: 5000 });

// Every request goes to the test network (network.ts); what a test told it to answer ends with the test.
beforeAll(() => server.listen());
afterAll(() => server.close());

afterEach(async () => {
  server.resetHandlers();
  cleanup();
  localStorage.clear();
  // Each test is a fresh phone: the orders saved on the device and the queue of one test are not the next one's.
  await clearIndexedDb();
  // The auth store keeps its value in memory: each test starts signed out.
  reloadAuthFromStorage();
  // So does the last request's outcome: each test starts with a server that answers. Test files share their
  // modules (vitest.config.ts), so what one file leaves here the next would see.
  reportReachable();
});

/** Empties every object store of every database (the saved orders, the queues, the plans' images). */
async function clearIndexedDb(): Promise<void> {
  const done = (request: IDBRequest | IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      if (request instanceof IDBTransaction) request.oncomplete = () => resolve();
      else request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const opening = indexedDB.open(name);
    await done(opening);
    const database = opening.result;
    const stores = [...database.objectStoreNames];
    if (stores.length > 0) {
      const transaction = database.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      await done(transaction);
    }
    database.close();
  }
}
