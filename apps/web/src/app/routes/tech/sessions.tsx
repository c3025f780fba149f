import { AssignedOrdersView } from '../../../features/orders/components/assigned-orders-view';

export default function TechSessionsRoute() {
  return <AssignedOrdersView />;
}
