import type { SessionPage } from '@rondin/contracts';
import { dehydrate, QueryObserver } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { createTestQueryClient } from '../../testing/render';
import { makeListItem, makeSession } from '../../testing/sessions';
import {
  keepQueriesOnDevice,
  readAgainWhatFailed,
  restoreSavedQueries,
  SAVED_MAX_AGE_MS,
  savedDataShownSince,
} from './saved-queries';

let storeCount = 0;
const freshStore = () => createStore(`saved-queries-test-${++storeCount}`, 'queries');
const orders = [makeSession({ id: 3 }), makeSession({ id: 4 })];
/** A page of completed orders as the server sends them: summaries without items. */
function completedPage(page: number, ids: number[]): SessionPage {
  const items = ids.map((id) => makeListItem({ id, status: 'COMPLETED' }));
  return { items, total: 25, page, pageSize: 10 };
}
const READ_AT = Date.parse('2030-01-02T08:15:00.000Z');

/** A client holding the technician's list as read from the server at READ_AT, saved to `store`. */
async function savedFor(userId: number, store = freshStore()) {
  const client = createTestQueryClient();
  const stop = keepQueriesOnDevice(client, userId, () => true, store);
  client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
  client.setQueryData(queryKeys.myCompletedSessions(1), completedPage(1, [2, 1]), { updatedAt: READ_AT });
  client.setQueryData(queryKeys.myCompletedSessions(2), completedPage(2, [0]), { updatedAt: READ_AT });
  client.setQueryData(queryKeys.technicians, [{ id: 1 }]);
  stop();
  await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());
  return store;
}

describe('orders saved on the device', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it("puts back the technician's open orders and each of them, with the time they were read", async () => {
    const store = await savedFor(7);
    const client = createTestQueryClient();
    await restoreSavedQueries(client, 7, store);
    expect(client.getQueryData(queryKeys.myOpenSessions)).toEqual(orders);
    expect(client.getQueryState(queryKeys.myOpenSessions)?.dataUpdatedAt).toBe(READ_AT);
    // Each order of the list is its own query too: one never opened online still opens offline.
    expect(client.getQueryData(queryKeys.session(4))).toEqual(orders[1]);
    // Only the field screens' data is kept.
    expect(client.getQueryData(queryKeys.technicians)).toBeUndefined();
  });

  it("puts back the plans of an order read online, so 'Ver en el plano' works without signal", async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, store);
    const plans = [{ id: 5, name: 'Bodega', devices: [{ trapId: 1, x: 0.5, y: 0.5 }] }];
    client.setQueryData(queryKeys.orderPlans(3), plans, { updatedAt: READ_AT });
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());
    const restored = createTestQueryClient();
    await restoreSavedQueries(restored, 7, store);
    expect(restored.getQueryData(queryKeys.orderPlans(3))).toEqual(plans);
  });

  it('puts back the active pests, so the findings form offers them without signal, but not the full catalogue', async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, store);
    const pests = [{ id: 1, name: 'Rata parda', group: 'ROEDORES', isActive: true }];
    client.setQueryData(queryKeys.activePests, pests, { updatedAt: READ_AT });
    client.setQueryData(queryKeys.pests, pests, { updatedAt: READ_AT });
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());
    const restored = createTestQueryClient();
    await restoreSavedQueries(restored, 7, store);
    expect(restored.getQueryData(queryKeys.activePests)).toEqual(pests);
    expect(restored.getQueryData(queryKeys.pests)).toBeUndefined();
  });

  it("puts back each order's site's most caught pests, so the capture form lists them first without signal", async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, store);
    const common = { byType: { LAMINA: [4, 1] } };
    client.setQueryData(queryKeys.commonPests(3), common, { updatedAt: READ_AT });
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());
    const restored = createTestQueryClient();
    await restoreSavedQueries(restored, 7, store);
    expect(restored.getQueryData(queryKeys.commonPests(3))).toEqual(common);
  });

  it("puts back the server's time zone, so a saved order's times are the site's without signal", async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, store);
    client.setQueryData(queryKeys.serverTimeZone, 'Asia/Tokyo', { updatedAt: READ_AT });
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());
    const restored = createTestQueryClient();
    await restoreSavedQueries(restored, 7, store);
    expect(restored.getQueryData(queryKeys.serverTimeZone)).toBe('Asia/Tokyo');
  });

  it('keeps an order whose re-read failed without signal, as the copy it last read', async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, store);
    client.setQueryData(queryKeys.session(3), orders[0], { updatedAt: READ_AT });
    // The re-read after a scan fails: the query holds its data in an error state.
    client
      .getQueryCache()
      .find({ queryKey: queryKeys.session(3) })!
      .setState({ status: 'error', error: new TypeError('Failed to fetch'), errorUpdatedAt: READ_AT + 5_000 });
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeDefined());

    const restored = createTestQueryClient();
    await restoreSavedQueries(restored, 7, store);
    expect(restored.getQueryData(queryKeys.session(3))).toEqual(orders[0]);
    expect(restored.getQueryState(queryKeys.session(3))).toMatchObject({ status: 'success', dataUpdatedAt: READ_AT });
  });

  it('puts back the first page of completed orders, not the later ones, and never as orders to scan', async () => {
    const store = await savedFor(7);
    const client = createTestQueryClient();
    await restoreSavedQueries(client, 7, store);
    expect(client.getQueryData(queryKeys.myCompletedSessions(1))).toEqual(completedPage(1, [2, 1]));
    expect(client.getQueryState(queryKeys.myCompletedSessions(1))?.dataUpdatedAt).toBe(READ_AT);
    expect(client.getQueryData(queryKeys.myCompletedSessions(2))).toBeUndefined();
    // A summary has no items: the scan screen reads a completed order from the server.
    expect(client.getQueryData(queryKeys.session(2))).toBeUndefined();
  });

  it('drops a copy saved in the older shape (every order under one key)', async () => {
    const store = freshStore();
    const client = createTestQueryClient();
    const older = createTestQueryClient();
    older.setQueryData(['sessions', 'me'], orders);
    await set('technician-orders', { format: 1, userId: 7, savedAt: Date.now(), state: dehydrate(older) }, store);
    await restoreSavedQueries(client, 7, store);
    expect(client.getQueryData(['sessions', 'me'])).toBeUndefined();
    expect(await get('technician-orders', store)).toBeUndefined();
  });

  it("never shows one technician's saved orders to another, and drops them", async () => {
    const store = await savedFor(7);
    const client = createTestQueryClient();
    await restoreSavedQueries(client, 8, store);
    expect(client.getQueryData(queryKeys.myOpenSessions)).toBeUndefined();
    expect(await get('technician-orders', store)).toBeUndefined();
  });

  it('drops a copy older than a week', async () => {
    const store = await savedFor(7);
    const client = createTestQueryClient();
    const saved = await get<{ savedAt: number }>('technician-orders', store);
    await restoreSavedQueries(client, 7, store, saved!.savedAt + SAVED_MAX_AGE_MS + 1);
    expect(client.getQueryData(queryKeys.myOpenSessions)).toBeUndefined();
  });

  it('forgets the saved orders when the technician signs out', async () => {
    const store = freshStore();
    await set(
      'technician-orders',
      { format: 1, userId: 7, savedAt: Date.now(), state: { queries: [], mutations: [] } },
      store,
    );
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => false, store);
    client.setQueryData(queryKeys.myOpenSessions, orders);
    stop();
    await vi.waitFor(async () => expect(await get('technician-orders', store)).toBeUndefined());
  });

  it('an order read on its own is not overwritten by an older list', async () => {
    const client = createTestQueryClient();
    const stop = keepQueriesOnDevice(client, 7, () => true, freshStore());
    const fresher = makeSession({ id: 3, status: 'IN_PROGRESS' });
    client.setQueryData(queryKeys.session(3), fresher, { updatedAt: READ_AT + 60_000 });
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    expect(client.getQueryData(queryKeys.session(3))).toEqual(fresher);
    stop();
  });
});

describe('savedDataShownSince', () => {
  function watched(client: ReturnType<typeof createTestQueryClient>) {
    const observer = new QueryObserver(client, { queryKey: queryKeys.myOpenSessions, enabled: false });
    return observer.subscribe(() => undefined);
  }

  it('is null while the data on screen came from the server', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    const stop = watched(client);
    expect(savedDataShownSince(client)).toBeNull();
    stop();
  });

  it('gives the time the data was read once the server cannot be reached', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    const stop = watched(client);
    client
      .getQueryCache()
      .find({ queryKey: queryKeys.myOpenSessions })!
      .setState({ error: new TypeError('Failed to fetch'), errorUpdatedAt: READ_AT + 5_000 });
    expect(savedDataShownSince(client)).toBe(READ_AT);
    stop();
  });

  it('gives the oldest time when the saved completed orders are on screen too', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    client.setQueryData(queryKeys.myCompletedSessions(1), completedPage(1, [2, 1]), { updatedAt: READ_AT - 60_000 });
    const stops = [queryKeys.myOpenSessions, queryKeys.myCompletedSessions(1)].map((queryKey) => {
      const stop = new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined);
      client.getQueryCache().find({ queryKey })!.setState({ fetchStatus: 'paused' });
      return stop;
    });
    expect(savedDataShownSince(client)).toBe(READ_AT - 60_000);
    for (const stop of stops) stop();
  });

  it('gives the time too while the query waits for the network to come back', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    const stop = watched(client);
    client.getQueryCache().find({ queryKey: queryKeys.myOpenSessions })!.setState({ fetchStatus: 'paused' });
    expect(savedDataShownSince(client)).toBe(READ_AT);
    stop();
  });

  it('says nothing about a server error (that is not the connection) or about data nobody is looking at', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.myOpenSessions, orders, { updatedAt: READ_AT });
    const query = client.getQueryCache().find({ queryKey: queryKeys.myOpenSessions })!;
    query.setState({ error: new TypeError('Failed to fetch'), errorUpdatedAt: READ_AT + 5_000 });
    expect(savedDataShownSince(client)).toBeNull();
    const stop = watched(client);
    query.setState({ error: new ApiError(500, 'Error interno'), errorUpdatedAt: READ_AT + 6_000 });
    expect(savedDataShownSince(client)).toBeNull();
    stop();
  });
});

describe('readAgainWhatFailed', () => {
  it("reads again each kept query on screen whose last read found no server, so the saved copy gives way to the server's", async () => {
    const client = createTestQueryClient();
    const fromServer = [makeSession({ id: 9 })];
    const read = vi.fn(() => Promise.resolve(fromServer));
    client.setQueryData(queryKeys.orderApplications(3), [], { updatedAt: READ_AT });
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.orderApplications(3),
      queryFn: read,
      enabled: true,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => undefined);
    // Read after a reload without signal: the screen shows the saved copy, and the banner says so.
    client
      .getQueryCache()
      .find({ queryKey: queryKeys.orderApplications(3) })!
      .setState({ error: new TypeError('Failed to fetch'), errorUpdatedAt: READ_AT + 5_000, status: 'error' });
    expect(savedDataShownSince(client)).toBe(READ_AT);
    // Another kept query, read fine, is not asked again.
    const fine = vi.fn(() => Promise.resolve(orders));
    client.setQueryData(queryKeys.myOpenSessions, orders);
    const other = new QueryObserver(client, { queryKey: queryKeys.myOpenSessions, queryFn: fine, staleTime: 60_000 });
    const stopOther = other.subscribe(() => undefined);

    await readAgainWhatFailed(client);

    expect(read).toHaveBeenCalledTimes(1);
    expect(fine).not.toHaveBeenCalled();
    expect(client.getQueryData(queryKeys.orderApplications(3))).toEqual(fromServer);
    expect(savedDataShownSince(client)).toBeNull();
    stop();
    stopOther();
  });
});
