import type { Trap } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TRAP_MESSAGES } from '../messages';
import { emptyTrapForm, trapToForm, type TrapFormValues } from '../utils/trap-payload';

interface TrapFormModalProps {
  /** The trap being edited; undefined to create one. */
  trap?: Trap | undefined;
  saving: boolean;
  /** A failure from the last save, shown inside the dialog so the typed values are not lost. */
  error: string | null;
  onSubmit: (values: TrapFormValues) => void;
  onClose: () => void;
}

export function TrapFormModal({ trap, saving, error, onSubmit, onClose }: TrapFormModalProps) {
  const ids = { code: useId(), area: useId(), description: useId(), active: useId() };
  const [values, setValues] = useState<TrapFormValues>(() => (trap ? trapToForm(trap) : emptyTrapForm));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TrapFormValues>(key: K, value: TrapFormValues[K]) => setValues((old) => ({ ...old, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.code.trim()) {
      setProblem(TRAP_MESSAGES.codeRequired);
      return;
    }
    setProblem(null);
    onSubmit(values);
  }

  const shown = problem ?? error;
  return (
    <Modal title={trap ? `Editar trampa ${trap.code}` : 'Nueva trampa'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.code}>
            Código <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.code}
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
            placeholder="Ej.: TRP-001"
            maxLength={40}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.area}>Área</label>
          <input
            id={ids.area}
            value={values.area}
            onChange={(event) => set('area', event.target.value)}
            placeholder="Ej.: Bodega norte"
            maxLength={80}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.description}>Descripción</label>
          <textarea
            id={ids.description}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            rows={3}
            maxLength={500}
          />
        </div>
        <div className="checkbox-field">
          <input id={ids.active} type="checkbox" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
          <label htmlFor={ids.active}>Trampa activa</label>
        </div>
        {shown ? <Notice notice={{ tone: 'error', text: shown }} /> : null}
        <FormActions saving={saving} submitLabel={trap ? 'Guardar cambios' : 'Crear trampa'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
