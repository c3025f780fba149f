import type { CreateSessionBody, Technician } from '@rondin/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { ORDER_MESSAGES } from '../messages';
import type { PickedTraps } from '../utils/trap-selection';
import { TrapPicker } from './trap-picker';

interface CreateOrderModalProps {
  technicians: readonly Technician[];
  saving: boolean;
  error: string | null;
  onSubmit: (body: CreateSessionBody) => void;
  onClose: () => void;
}

/** `datetime-local` gives local wall time; the API stores an instant, so it is sent as ISO in UTC. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function CreateOrderModal({ technicians, saving, error, onSubmit, onClose }: CreateOrderModalProps) {
  const ids = { technician: useId(), date: useId() };
  const [technicianId, setTechnicianId] = useState('');
  const [scheduledAt, setScheduledAt] = useState('');
  const [selected, setSelected] = useState<PickedTraps>(() => new Map());
  const [problem, setProblem] = useState<string | null>(null);

  const activeTechnicians = useMemo(() => technicians.filter((technician) => technician.isActive), [technicians]);
  const technicianAvailable = activeTechnicians.some((technician) => String(technician.id) === technicianId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!technicianAvailable || selected.size === 0) {
      setProblem(ORDER_MESSAGES.selectionRequired);
      return;
    }
    setProblem(null);
    const body: CreateSessionBody = { technicianId: Number(technicianId), trapIds: [...selected.keys()] };
    const when = localInputToIso(scheduledAt);
    if (when) body.scheduledAt = when;
    onSubmit(body);
  }

  const shown = problem ?? error;
  return (
    <Modal title="Nueva orden" onClose={onClose} locked={saving} size="large">
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__row">
          <div className="field">
            <label htmlFor={ids.technician}>Técnico</label>
            <select id={ids.technician} value={technicianId} onChange={(event) => setTechnicianId(event.target.value)} data-autofocus>
              <option value="">Selecciona un técnico</option>
              {activeTechnicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.fullName} · {technician.email}
                </option>
              ))}
            </select>
            {activeTechnicians.length === 0 ? <p className="field-hint">{ORDER_MESSAGES.noTechnicians}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={ids.date}>Fecha programada (opcional)</label>
            <input id={ids.date} type="datetime-local" value={scheduledAt} onChange={(event) => setScheduledAt(event.target.value)} />
          </div>
        </div>
        <TrapPicker selected={selected} onChange={setSelected} disabled={saving} />
        {shown ? <Notice notice={{ tone: 'error', text: shown }} /> : null}
        <FormActions saving={saving} submitLabel="Crear orden" savingLabel="Creando…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
