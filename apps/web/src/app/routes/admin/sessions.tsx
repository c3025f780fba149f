import { OrdersView } from '../../../features/orders/components/orders-view';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { useTraps } from '../../../features/traps/api/get-traps';

/** Orders need the technicians and traps to choose from; the route brings the three features together. */
export default function SessionsRoute() {
  const technicians = useTechnicians();
  const traps = useTraps();
  return <OrdersView technicians={technicians.data ?? []} traps={traps.data ?? []} />;
}
