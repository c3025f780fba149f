import { useMemo } from 'react';
import { useScanQueue } from '../../../features/offline/hooks/use-scan-queue';
import { AssignedOrdersView } from '../../../features/orders/components/assigned-orders-view';
import { scanQueue } from '../../offline-scans';

/**
 * The technician's orders with the scans still waiting on the phone: the list counts their traps as done, as the
 * scan screen does (offline, both say "2 de 5"). The queue lives in features/offline, the list in features/orders;
 * they meet here.
 */
export default function TechSessionsRoute() {
  const { waiting } = useScanQueue(scanQueue);
  const unsentQrHashes = useMemo(() => {
    const byOrder = new Map<number, Set<string>>();
    for (const scan of waiting) {
      if (scan.qrHash === null) continue;
      const hashes = byOrder.get(scan.sessionId) ?? new Set<string>();
      hashes.add(scan.qrHash);
      byOrder.set(scan.sessionId, hashes);
    }
    return byOrder;
  }, [waiting]);
  return <AssignedOrdersView unsentQrHashes={unsentQrHashes} />;
}
