import { Navigate, useLocation, useParams } from 'react-router';
import { CertificateFacts } from '../../../features/certificates/components/certificate-facts';
import { OrderDetailView } from '../../../features/orders/components/order-detail-view';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { putApplication, useOrderApplications } from '../../../features/products/api/applications';
import { useActiveProducts } from '../../../features/products/api/get-products';
import { ApplicationsPanel } from '../../../features/products/components/applications-panel';
import { useActivePests } from '../../../features/findings/api/get-active-pests';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../features/orders/api/get-session';
import { queryKeys } from '../../../lib/query-keys';

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
    <>
      <OrderDetailView
        key={id}
        id={id}
        listPath={listPath}
        closedDetails={(session) => <CertificateFacts sessionId={session.id} />}
        technicians={{
          list: technicians.data ?? [],
          failed: technicians.isError && technicians.data === undefined,
          retry: () => void technicians.refetch(),
        }}
      />
      <OfficeApplications sessionId={id} />
    </>
  );
}

/** The order's applications, and one added from the office while it is open (applied by its technician). */
function OfficeApplications({ sessionId }: { sessionId: number }) {
  const queryClient = useQueryClient();
  const session = useSession(sessionId);
  const applications = useOrderApplications(sessionId);
  const products = useActiveProducts();
  const pests = useActivePests();
  if (!session.data) return null;
  return (
    <div className="page">
      <ApplicationsPanel
        session={session.data}
        applications={applications.data ?? []}
        products={products.data ?? []}
        pests={pests.data ?? []}
        send={async (record) => {
          await putApplication(record);
          await queryClient.invalidateQueries({ queryKey: queryKeys.orderApplications(sessionId) });
        }}
      />
    </div>
  );
}
