import { Navigate, useLocation, useParams } from 'react-router';
import { OrderDetailView } from '../../../features/orders/components/order-detail-view';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';

/** Largest id the API can hold (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

function parseId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/**
 * One order for the office. The technicians it can be moved to come from their own feature; the list the user came
 * from (filters and page) is where 'Volver a órdenes' leads.
 */
export default function SessionDetailRoute() {
  const id = parseId(useParams().id);
  const location = useLocation();
  const technicians = useTechnicians();
  if (id === null) return <Navigate to="/admin/sessions" replace />;
  const from = (location.state as { list?: unknown } | null)?.list;
  const listPath = typeof from === 'string' && from.startsWith('/admin/sessions') ? from : '/admin/sessions';
  return (
    <OrderDetailView
      key={id}
      id={id}
      listPath={listPath}
      technicians={{
        list: technicians.data ?? [],
        failed: technicians.isError && technicians.data === undefined,
        retry: () => void technicians.refetch(),
      }}
    />
  );
}
