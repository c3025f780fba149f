import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCloseBlockedReason, useWaitingQrHashes } from '../../../features/offline/hooks/use-scan-queue';
import { showScanAnswer } from '../../../features/scan/api/send-scan';
import { ScanScreen } from '../../../features/scan/components/scan-screen';
import { parseOrderId } from '../../../features/scan/utils/scan-flow';
import { scanQueue, sendScanOrQueue } from '../../offline-scans';

/** Spec section 2: an id that is not a valid order number goes back to the list. */
export default function TechScanRoute() {
  const orderId = parseOrderId(useParams().id);
  if (orderId === null) return <Navigate to="/tech/sessions" replace />;
  // Keyed by order: moving to another order starts a fresh flow and camera.
  return <FieldScanScreen key={orderId} orderId={orderId} />;
}

/**
 * The scan screen in the field: scans that cannot reach the server wait on the device, their traps show as done
 * but not sent, and closing says why it waits.
 */
function FieldScanScreen({ orderId }: { orderId: number }) {
  const closeBlockedReason = useCloseBlockedReason(scanQueue, orderId);
  const unsentQrHashes = useWaitingQrHashes(scanQueue, orderId);
  const queryClient = useQueryClient();
  // A saved scan the server accepts shows its trap completed in the same render that stops marking it unsent.
  useEffect(
    () =>
      scanQueue.onDelivered((scan, answer) => {
        if (!('queued' in answer)) showScanAnswer(queryClient, scan.sessionId, answer);
      }),
    [queryClient],
  );
  return <ScanScreen orderId={orderId} sendScan={sendScanOrQueue} closeBlockedReason={closeBlockedReason} unsentQrHashes={unsentQrHashes} />;
}
