import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getAuth } from '../../../lib/auth-store';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { forgetPlanImages } from '../saved-plan-images';
import { keepQueriesOnDevice, readAgainWhatFailed, restoreSavedQueries, savedDataShownSince } from '../saved-queries';

/**
 * The technician's orders saved on the device: put back before the screens first render (true while that
 * happens), then saved again after each change.
 */
export function useSavedQueries(userId: number | null): boolean {
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(userId !== null);
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    restoreSavedQueries(queryClient, userId)
      // A device that refuses IndexedDB still works online.
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        stop = keepQueriesOnDevice(queryClient, userId, () => getAuth()?.user?.id === userId);
        setRestoring(false);
      });
    return () => {
      cancelled = true;
      stop?.();
      // Signed out: the plan images go with the saved orders.
      if (getAuth()?.user?.id !== userId) forgetPlanImages().catch(() => undefined);
    };
  }, [queryClient, userId]);
  // The connection is back (or a request reached the server again): what is shown from the device is read again.
  useEffect(
    () =>
      subscribeConnectivity(() => {
        if (isServerReachable()) void readAgainWhatFailed(queryClient);
      }),
    [queryClient],
  );
  return restoring;
}

/** When the data on screen was last read from the server, if it is shown from the device; else null. */
export function useSavedDataSince(): number | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => savedDataShownSince(queryClient),
  );
}
