import { Navigate, useParams } from 'react-router';
import { ScanScreen } from '../../../features/scan/components/scan-screen';
import { parseOrderId } from '../../../features/scan/utils/scan-flow';

/** Spec section 2: an id that is not a valid order number goes back to the list. */
export default function TechScanRoute() {
  const orderId = parseOrderId(useParams().id);
  if (orderId === null) return <Navigate to="/tech/sessions" replace />;
  // Keyed by order: moving to another order starts a fresh flow and camera.
  return <ScanScreen key={orderId} orderId={orderId} />;
}
