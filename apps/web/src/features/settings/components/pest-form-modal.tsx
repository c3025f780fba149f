import type { Pest } from '@rondin/contracts';
import { PEST_GROUP_NAMES, PEST_GROUPS } from '@rondin/contracts/devices';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PEST_MESSAGES } from '../messages';
import { emptyPestForm, isPestGroup, pestToForm, validatePest, type PestFormValues } from '../utils/pest-form';

interface PestFormModalProps {
  /** The entry being edited; undefined to add one. */
  pest?: Pest | undefined;
  saving: boolean;
  /** A failure from the last save (a name already taken…), shown inside the dialog. */
  error: NoticeMessage | null;
  onSubmit: (values: PestFormValues) => void;
  onClose: () => void;
}

export function PestFormModal({ pest, saving, error, onSubmit, onClose }: PestFormModalProps) {
  const ids = { name: useId(), scientific: useId(), group: useId(), active: useId() };
  const [values, setValues] = useState<PestFormValues>(() => (pest ? pestToForm(pest) : emptyPestForm));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof PestFormValues>(key: K, value: PestFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = validatePest(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={pest ? `Editar ${pest.name}` : 'Nueva plaga'} onClose={onClose} locked={saving} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>
            Nombre <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            placeholder="Ej.: Gorgojo del arroz"
            maxLength={80}
            autoComplete="off"
            aria-invalid={problem === PEST_MESSAGES.nameRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.scientific}>Nombre científico</label>
          <input
            id={ids.scientific}
            value={values.scientificName}
            onChange={(event) => set('scientificName', event.target.value)}
            placeholder="Ej.: Sitophilus oryzae"
            maxLength={120}
            autoComplete="off"
            lang="la"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.group}>
            Grupo <span className="required-mark">(obligatorio)</span>
          </label>
          <select
            id={ids.group}
            value={values.group}
            onChange={(event) => set('group', isPestGroup(event.target.value) ? event.target.value : '')}
            aria-invalid={problem === PEST_MESSAGES.groupRequired ? true : undefined}
          >
            <option value="">Selecciona un grupo</option>
            {PEST_GROUPS.map((group) => (
              <option key={group} value={group}>
                {PEST_GROUP_NAMES[group]}
              </option>
            ))}
          </select>
        </div>
        <div className="checkbox-field">
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={ids.active}>Activa (se ofrece al registrar inspecciones)</label>
        </div>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={pest ? 'Guardar cambios' : 'Agregar plaga'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
