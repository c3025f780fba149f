import { Navigate, useParams } from 'react-router';
import { useCloseBlockedReason } from '../../../features/offline/hooks/use-scan-queue';
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

/** The scan screen in the field: scans that cannot reach the server wait on the device, and closing says why it waits. */
function FieldScanScreen({ orderId }: { orderId: number }) {
  const closeBlockedReason = useCloseBlockedReason(scanQueue, orderId);
  return <ScanScreen orderId={orderId} sendScan={sendScanOrQueue} closeBlockedReason={closeBlockedReason} />;
}
