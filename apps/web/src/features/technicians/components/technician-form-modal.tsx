import type { Technician } from '@rondin/contracts';
import { QUALIFICATION_LABELS, QUALIFICATIONS } from '@rondin/contracts/technician-rules';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ROLE_LABELS, TECHNICIAN_MESSAGES } from '../messages';
import {
  emptyTechnicianForm,
  isLastActiveAdmin,
  technicianToForm,
  validateNewTechnician,
  validateTechnicianEdit,
  type TechnicianFormValues,
} from '../utils/technician-rules';

interface TechnicianFormModalProps {
  technician?: Technician | undefined;
  all: Technician[];
  currentUserId: number | undefined;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (values: TechnicianFormValues) => void;
  onClose: () => void;
}

export function TechnicianFormModal({
  technician,
  all,
  currentUserId,
  saving,
  error,
  onSubmit,
  onClose,
}: TechnicianFormModalProps) {
  const ids = {
    name: useId(),
    email: useId(),
    password: useId(),
    role: useId(),
    active: useId(),
    hint: useId(),
    licence: useId(),
    expires: useId(),
    qualification: useId(),
  };
  const [values, setValues] = useState<TechnicianFormValues>(() =>
    technician ? technicianToForm(technician) : emptyTechnicianForm,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TechnicianFormValues>(key: K, value: TechnicianFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  const isSelf = technician !== undefined && technician.id === currentUserId;
  const lastAdmin = technician !== undefined && isLastActiveAdmin(technician, all);
  // The reason the active checkbox is locked, shown beside it.
  const lockReason = lastAdmin ? TECHNICIAN_MESSAGES.lastAdmin : isSelf ? TECHNICIAN_MESSAGES.selfDeactivate : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = technician
      ? validateTechnicianEdit(values, { original: technician, currentUserId, all })
      : validateNewTechnician(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={technician ? `Editar ${technician.fullName}` : 'Nuevo técnico'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>Nombre completo</label>
          <input
            id={ids.name}
            value={values.fullName}
            onChange={(event) => set('fullName', event.target.value)}
            autoComplete="off"
            maxLength={120}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>Correo electrónico</label>
          <input
            id={ids.email}
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            autoComplete="off"
            maxLength={254}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{technician ? 'Nueva contraseña (opcional)' : 'Contraseña inicial'}</label>
          <input
            id={ids.password}
            type="password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            autoComplete="new-password"
            placeholder={technician ? 'Déjala vacía para mantener la actual' : 'Mínimo 8 caracteres'}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Rol</label>
          <select
            id={ids.role}
            value={values.role}
            onChange={(event) => set('role', event.target.value === 'ADMIN' ? 'ADMIN' : 'TECH')}
          >
            <option value="TECH" disabled={lastAdmin}>
              {ROLE_LABELS.TECH}
            </option>
            <option value="ADMIN">{ROLE_LABELS.ADMIN}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.qualification}>Cualificación</label>
          <select
            id={ids.qualification}
            value={values.qualification}
            onChange={(event) =>
              set('qualification', QUALIFICATIONS.find((level) => level === event.target.value) ?? '')
            }
          >
            <option value="">Sin registrar</option>
            {QUALIFICATIONS.map((level) => (
              <option key={level} value={level}>
                {QUALIFICATION_LABELS[level]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.licence}>Número de carné</label>
          <input
            id={ids.licence}
            value={values.licenceNumber}
            onChange={(event) => set('licenceNumber', event.target.value)}
            maxLength={60}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.expires}>Caducidad del carné (si la tiene)</label>
          <input
            id={ids.expires}
            type="date"
            value={values.licenceExpiresAt}
            onChange={(event) => set('licenceExpiresAt', event.target.value)}
          />
        </div>
        <div className="checkbox-field">
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
            disabled={lockReason !== null}
            aria-describedby={lockReason ? ids.hint : undefined}
          />
          <label htmlFor={ids.active}>Cuenta activa</label>
        </div>
        {lockReason ? (
          <p id={ids.hint} className="field-hint">
            {lockReason}
          </p>
        ) : null}
        {shown ? <Notice notice={shown} /> : null}
        <FormActions
          saving={saving}
          submitLabel={technician ? 'Guardar cambios' : 'Crear técnico'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
