import type { Session } from '@rondin/contracts';
import {
  dehydrate,
  hydrate,
  partialMatchKey,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isUnreachable } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Older than this, saved orders are not shown: a week-old list misleads more than it helps. */
export const SAVED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Raised when the saved shape changes, so an older copy is dropped instead of read wrongly. 2: the open
 * orders and the first page of completed ones instead of every order under one key.
 */
const FORMAT = 2;
const KEY = 'technician-orders';
const SAVE_DELAY_MS = 1_000;

interface SavedQueries {
  format: number;
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

let defaultStore: UseStore | null = null;
/** Its own IndexedDB database; opened on first use so that screens without offline data never open it. */
function savedStore(): UseStore {
  defaultStore ??= createStore('rondin-saved-queries', 'queries');
  return defaultStore;
}

/**
 * Kept on the device: the open orders, the first page of completed ones, every order read with its items, the
 * plans of each order read (their images are kept apart, in saved-plan-images.ts), the pests a finding names and
 * those most caught at each order's site, the server's time zone the orders' times are shown in, and each site
 * assessment opened (a walk reloaded without signal opens again, with what waits of it in the queue).
 */
const KEPT: readonly QueryKey[] = [
  queryKeys.myOpenSessions,
  queryKeys.myCompletedSessions(1),
  queryKeys.session(0).slice(0, 2),
  queryKeys.orderPlans(0).slice(0, 2),
  queryKeys.activePests,
  queryKeys.commonPests(0).slice(0, 1),
  queryKeys.activeProducts,
  queryKeys.orderApplications(0).slice(0, 1),
  queryKeys.serverTimeZone,
  queryKeys.assessment(0).slice(0, 2),
];

/** What the field screens need without signal; later pages of completed orders are a tap away once back online. */
export function isKeptOnDevice(queryKey: QueryKey): boolean {
  return KEPT.some((kept) => partialMatchKey(queryKey, kept));
}

/**
 * Puts back what this user's device saved, unless it is someone else's, of another format, or too old. Kept
 * queries also stay in memory as long as they may be saved: an order list left unwatched for five minutes
 * (the default) would otherwise be dropped, and with it the saved copy.
 */
export async function restoreSavedQueries(
  client: QueryClient,
  userId: number,
  store = savedStore(),
  now = Date.now(),
): Promise<void> {
  for (const kept of KEPT) client.setQueryDefaults(kept, { gcTime: SAVED_MAX_AGE_MS });
  const saved = await get<SavedQueries>(KEY, store);
  if (!saved) return;
  if (saved.format !== FORMAT || saved.userId !== userId || now - saved.savedAt > SAVED_MAX_AGE_MS) {
    await del(KEY, store);
    return;
  }
  hydrate(client, saved.state);
}

export function forgetSavedQueries(store = savedStore()): Promise<void> {
  return del(KEY, store);
}

/**
 * Saves the kept queries shortly after each change, and copies every open order of the technician's list
 * into its own query so an order opened for the first time without signal still shows. Returns the stop
 * function, which saves at once (or forgets, when nobody is signed in any more).
 */
/**
 * Requests run without waiting for the browser's online flag (lib/query-client.ts), so without signal a kept
 * order's re-read fails and leaves it in an error state that still holds the data last read. That data is
 * exactly the copy to keep: it is saved as the successful read it was, with the time it was read.
 */
function keptCopy(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureReason: null } }
        : query,
    ),
  };
}

export function keepQueriesOnDevice(
  client: QueryClient,
  userId: number,
  signedIn: () => boolean,
  store = savedStore(),
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = keptCopy(
      dehydrate(client, {
        shouldDehydrateQuery: (query) => query.state.data !== undefined && isKeptOnDevice(query.queryKey),
      }),
    );
    const saved: SavedQueries = { format: FORMAT, userId, savedAt: Date.now(), state };
    // Storage may be full or refused (private mode): the screens still work online.
    set(KEY, saved, store).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!isKeptOnDevice(event.query.queryKey)) return;
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      partialMatchKey(event.query.queryKey, queryKeys.myOpenSessions)
    ) {
      copyOrdersToDetails(client, event.query as Query<Session[]>);
    }
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    if (signedIn()) save();
    else forgetSavedQueries(store).catch(() => undefined);
  };
}

function copyOrdersToDetails(client: QueryClient, list: Query<Session[]>): void {
  const { data, dataUpdatedAt } = list.state;
  for (const session of data ?? []) {
    const detail = client.getQueryState(queryKeys.session(session.id));
    if (detail?.data !== undefined && detail.dataUpdatedAt >= dataUpdatedAt) continue;
    client.setQueryData(queryKeys.session(session.id), session, { updatedAt: dataUpdatedAt });
  }
}

/** A kept query on screen that shows the device's copy because its last read could not reach the server. */
function shownFromDevice(query: Query): boolean {
  if (!isKeptOnDevice(query.queryKey) || query.getObserversCount() === 0) return false;
  const { data, dataUpdatedAt, fetchStatus, errorUpdatedAt, error } = query.state;
  if (data === undefined) return false;
  const waitingForNetwork = fetchStatus === 'paused';
  const lastReadFailed = errorUpdatedAt > dataUpdatedAt && isUnreachable(error);
  return waitingForNetwork || lastReadFailed;
}

/**
 * When the screen on view shows data the device saved because the server cannot be reached: the time that
 * data was last read from the server (the oldest, if several), else null.
 */
export function savedDataShownSince(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of client.getQueryCache().getAll()) {
    if (!shownFromDevice(query)) continue;
    const { dataUpdatedAt } = query.state;
    oldest = oldest === null ? dataUpdatedAt : Math.min(oldest, dataUpdatedAt);
  }
  return oldest;
}

/**
 * Reads again every kept query on screen that shows the device's copy, once the server may answer again. The
 * query library's own refetch on reconnect does not cover it: after a reload without signal it believes it was
 * online all along (it learns only from `online`/`offline` events), and the browser may say online before the
 * server answers; so the saved copy, and 'Sin conexión · datos guardados…', stayed on screen after everything
 * was sent.
 */
export function readAgainWhatFailed(client: QueryClient): Promise<void> {
  return client.refetchQueries({ predicate: shownFromDevice }, { cancelRefetch: false });
}
