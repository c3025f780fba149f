import type { Technician } from '@rondin/contracts';
import { useState } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { describeError } from '../../../lib/api-client';
import { useSession } from '../../../features/orders/api/get-session';
import { useUpdateSession } from '../../../features/orders/api/update-session';
import { ReassignOrderDialog } from '../../../features/orders/components/reassign-order-dialog';
import { CalendarView } from '../../../features/service-plans/components/calendar-view';
import { useSites } from '../../../features/sites/api/get-sites';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';

/** The calendar of orders; reassigning from it is the orders feature's own dialog and route (PATCH /sessions/{id}). */
export default function CalendarRoute() {
  const technicians = useTechnicians();
  const sites = useSites();
  const [reassigning, setReassigning] = useState<number | null>(null);
  return (
    <>
      <CalendarView sites={sites.data} technicians={technicians.data ?? []} onReassign={setReassigning} />
      {reassigning !== null ? (
        <Reassign
          id={reassigning}
          technicians={technicians.data ?? []}
          techniciansFailed={technicians.isError}
          onRetryTechnicians={() => void technicians.refetch()}
          onClose={() => setReassigning(null)}
        />
      ) : null}
    </>
  );
}

function Reassign({
  id,
  technicians,
  techniciansFailed,
  onRetryTechnicians,
  onClose,
}: {
  id: number;
  technicians: readonly Technician[];
  techniciansFailed: boolean;
  onRetryTechnicians: () => void;
  onClose: () => void;
}) {
  const order = useSession(id);
  const update = useUpdateSession();
  if (!order.data) return null;
  const error: NoticeMessage | null = update.error
    ? { tone: 'error', text: describeError(update.error) ?? 'No se pudo reasignar la orden.' }
    : null;
  return (
    <ReassignOrderDialog
      session={order.data}
      technicians={technicians}
      techniciansFailed={techniciansFailed}
      onRetryTechnicians={onRetryTechnicians}
      saving={update.isPending}
      error={error}
      onSubmit={(technician) => update.mutate({ id, technicianId: technician.id }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
