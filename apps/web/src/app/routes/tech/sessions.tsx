import { useMemo } from 'react';
import { useScanQueue } from '../../../features/offline/hooks/use-scan-queue';
import { AssignedOrdersView } from '../../../features/orders/components/assigned-orders-view';
import { scanQueue } from '../../offline-scans';

/**
 * The technician's orders with the scans (and 'no encontrada / inaccesible') still waiting on the phone: the list counts their traps as done, as the
 * scan screen does (offline, both say "2 de 5"). The queue lives in features/offline, the list in features/orders;
 * they meet here.
 */
export default function TechSessionsRoute() {
  const { waiting } = useScanQueue(scanQueue);
  const unsentQrHashes = useMemo(() => {
    const byOrder = new Map<number, Set<string>>();
    // A trap done on the phone: scanned, or recorded as not found or out of reach, and not sent yet.
    for (const record of waiting) {
      if ((record.kind !== 'scan' && record.kind !== 'exception') || record.qrHash === null) continue;
      const hashes = byOrder.get(record.sessionId) ?? new Set<string>();
      hashes.add(record.qrHash);
      byOrder.set(record.sessionId, hashes);
    }
    return byOrder;
  }, [waiting]);
  return <AssignedOrdersView unsentQrHashes={unsentQrHashes} />;
}
