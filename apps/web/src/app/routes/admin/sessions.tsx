import { OrdersView } from '../../../features/orders/components/orders-view';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';

/**
 * Orders need the technicians to filter by and to assign (a few hundred at most: loaded whole); the route brings
 * the two features together. The order form's trap picker searches the inventory on the server by itself.
 */
export default function SessionsRoute() {
  const technicians = useTechnicians();
  return <OrdersView technicians={technicians.data ?? []} />;
}
