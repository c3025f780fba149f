import type { Session, Technician } from '@rondin/contracts';
import { useMemo } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { ORDER_DETAIL_MESSAGES as TEXT } from '../messages';
import { ChooseTechnicianDialog } from './choose-technician-dialog';

interface ReassignOrderDialogProps {
  session: Session;
  /** Every account, loaded by the route from the technicians feature; only active ones are offered. */
  technicians: readonly Technician[];
  /** The technicians could not be read: said, with a way to try again, instead of an empty list. */
  techniciansFailed: boolean;
  onRetryTechnicians: () => void;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (technician: Technician) => void;
  onClose: () => void;
}

/** Moves an open order to another active account (PATCH technicianId); scans already made keep their author. */
export function ReassignOrderDialog({ session, technicians, ...dialog }: ReassignOrderDialogProps) {
  const candidates = useMemo(
    () => technicians.filter((technician) => technician.isActive && technician.id !== session.technicianId),
    [technicians, session.technicianId],
  );
  return (
    <ChooseTechnicianDialog
      title={TEXT.reassignTitle(session.id)}
      hint={`${TEXT.reassignCurrent(session.technician.fullName)} ${TEXT.reassignNote}`}
      candidates={candidates}
      {...dialog}
    />
  );
}
