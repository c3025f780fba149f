import type { Session } from '@rondin/contracts';
import { partialMatchKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';

/** A device of an order, as the technician reads it on its label and knows its place. */
export interface DeviceName {
  code: string;
  area: string | null;
}

/** The device of an order whose code hashes to `qrHash` (lib/qr-hash.ts), or null when the phone cannot tell. */
export type NameDevice = (sessionId: number, qrHash: string | null) => DeviceName | null;

/**
 * Names a waiting record's device from the orders this phone holds (each read, or saved, with its items): a
 * scan keeps only what was read and its hash, and each item carries its trap's `qrHash`.
 */
function deviceNames(client: QueryClient): NameDevice {
  const byOrder = new Map<number, Map<string, DeviceName>>();
  const devicesOf = (sessionId: number) => {
    let devices = byOrder.get(sessionId);
    if (!devices) {
      const order =
        client.getQueryData<Session>(queryKeys.session(sessionId)) ??
        client.getQueryData<Session[]>(queryKeys.myOpenSessions)?.find((open) => open.id === sessionId);
      devices = new Map(
        (order?.items ?? []).map((item) => [item.trap.qrHash, { code: item.trap.code, area: item.trap.area }]),
      );
      byOrder.set(sessionId, devices);
    }
    return devices;
  };
  return (sessionId, qrHash) => (qrHash === null ? null : (devicesOf(sessionId).get(qrHash) ?? null));
}

/** `deviceNames` over the orders as they change: an order read after its records were kept names them too. */
export function useDeviceNames(): NameDevice {
  const client = useQueryClient();
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type !== 'success') return;
        if (partialMatchKey(event.query.queryKey, queryKeys.sessions)) setVersion((count) => count + 1);
      }),
    [client],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: version says the orders changed; the names are read again.
  return useMemo(() => deviceNames(client), [client, version]);
}
