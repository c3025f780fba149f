import { OrdersView } from '../../../features/orders/components/orders-view';
import { useSites } from '../../../features/sites/api/get-sites';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { TechniciansListProblem } from '../../../features/technicians/components/technicians-list-problem';

/**
 * Orders need the technicians to filter by and to assign (a few hundred at most: loaded whole), and the sites to
 * choose an order's (tens at most); the route brings the features together. The order form's trap picker
 * searches the inventory on the server by itself.
 */
export default function SessionsRoute() {
  const technicians = useTechnicians();
  const sites = useSites();
  return (
    <OrdersView
      sites={sites.data}
      sitesLoading={sites.isPending}
      technicians={technicians.data ?? []}
      // A list that failed is not an empty one: the order form says so, and offers to try again.
      techniciansProblem={
        technicians.data ? null : (
          <TechniciansListProblem
            isPending={technicians.isPending}
            isError={technicians.isError}
            error={technicians.error}
            onRetry={() => void technicians.refetch()}
          />
        )
      }
    />
  );
}
