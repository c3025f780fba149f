import type { Technician } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ORDER_DETAIL_MESSAGES as TEXT, ORDER_MESSAGES } from '../messages';

interface ChooseTechnicianDialogProps {
  title: string;
  /** Said above the field: who has the order now, what happens to scans already made. */
  hint: string;
  /** The accounts offered (active ones). */
  candidates: readonly Technician[];
  /** The technicians could not be read: said, with a way to try again, instead of an empty list. */
  techniciansFailed?: boolean;
  onRetryTechnicians?: () => void;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (technician: Technician) => void;
  onClose: () => void;
}

/** Asks which account takes one order or several (PATCH technicianId, POST /sessions/bulk-reassign). */
export function ChooseTechnicianDialog({
  title,
  hint,
  candidates,
  techniciansFailed = false,
  onRetryTechnicians,
  saving,
  error,
  onSubmit,
  onClose,
}: ChooseTechnicianDialogProps) {
  const fieldId = useId();
  const hintId = useId();
  const [technicianId, setTechnicianId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const chosen = candidates.find((technician) => String(technician.id) === technicianId);
  // Derived from the form as it is now: the message goes as soon as a technician is chosen.
  const problem = attempted && !chosen ? TEXT.reassignRequired : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (chosen) onSubmit(chosen);
  }

  return (
    <Modal title={title} onClose={onClose} locked={saving} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted" id={hintId}>
          {hint}
        </p>
        <div className="field">
          <label htmlFor={fieldId}>{TEXT.reassignField}</label>
          <select
            id={fieldId}
            value={technicianId}
            onChange={(event) => setTechnicianId(event.target.value)}
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            disabled={saving}
            data-autofocus
          >
            <option value="">{TEXT.reassignPlaceholder}</option>
            {candidates.map((technician) => (
              <option key={technician.id} value={technician.id}>
                {technician.fullName} · {technician.email}
              </option>
            ))}
          </select>
          {techniciansFailed ? (
            <p className="field-hint order-dialog__error">
              {TEXT.techniciansFailed}{' '}
              <button type="button" className="button button--ghost button--small" onClick={onRetryTechnicians}>
                Reintentar
              </button>
            </p>
          ) : candidates.length === 0 ? (
            <p className="field-hint">{ORDER_MESSAGES.noTechnicians}</p>
          ) : null}
        </div>
        {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : error ? <Notice notice={error} /> : null}
        <FormActions
          saving={saving}
          submitLabel={TEXT.reassignSubmit}
          savingLabel={TEXT.reassignSaving}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
