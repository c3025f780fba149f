import type { Trap } from '@rondin/contracts';
import { areaVariantMessage, existingAreaVariant } from '@rondin/contracts/trap-areas';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { TRAP_MESSAGES } from '../messages';
import { emptyTrapForm, trapToForm, type TrapFormValues } from '../utils/trap-payload';

interface TrapFormModalProps {
  /** The trap being edited; undefined to create one. */
  trap?: Trap | undefined;
  /** The values a new trap starts with ('Guardar y crear otra': the next code, the same area). */
  initial?: TrapFormValues | undefined;
  /** The areas in use, offered as the area's choices; a variant of one of them is pointed out. */
  areas: readonly string[];
  saving: boolean;
  /** A failure from the last save, shown inside the dialog so the typed values are not lost. */
  error: string | null;
  /** What the last 'Guardar y crear otra' saved, shown above the next one. */
  saved?: NoticeMessage | null | undefined;
  /** `again`: the user chose 'Guardar y crear otra'. */
  onSubmit: (values: TrapFormValues, again: boolean) => void;
  onClose: () => void;
}

export function TrapFormModal({ trap, initial, areas, saving, error, saved, onSubmit, onClose }: TrapFormModalProps) {
  const ids = {
    code: useId(),
    area: useId(),
    areas: useId(),
    areaHint: useId(),
    description: useId(),
    active: useId(),
  };
  const [values, setValues] = useState<TrapFormValues>(() => (trap ? trapToForm(trap) : (initial ?? emptyTrapForm)));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TrapFormValues>(key: K, value: TrapFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };
  const variant = values.area.trim() ? existingAreaVariant(values.area.trim(), areas) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const again = (event.nativeEvent as SubmitEvent).submitter?.dataset.again === 'true';
    if (!values.code.trim()) {
      setProblem(TRAP_MESSAGES.codeRequired);
      return;
    }
    if (variant !== null) {
      setProblem(areaVariantMessage(values.area.trim(), variant));
      return;
    }
    setProblem(null);
    onSubmit(values, again);
  }

  const shown = problem ?? error;
  return (
    <Modal title={trap ? `Editar trampa ${trap.code}` : 'Nueva trampa'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        {saved ? <Notice notice={saved} /> : null}
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
            aria-invalid={problem === TRAP_MESSAGES.codeRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.area}>Área</label>
          <input
            id={ids.area}
            value={values.area}
            onChange={(event) => set('area', event.target.value)}
            placeholder="Elige una o escribe una nueva"
            maxLength={80}
            list={ids.areas}
            autoComplete="off"
            aria-describedby={variant ? ids.areaHint : undefined}
            aria-invalid={variant ? true : undefined}
          />
          <datalist id={ids.areas}>
            {areas.map((area) => (
              <option key={area} value={area} />
            ))}
          </datalist>
          {variant ? (
            <div className="field__hint field__hint--action" id={ids.areaHint}>
              <span>{TRAP_MESSAGES.areaExists(variant)}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => set('area', variant)}
              >
                Usar «{variant}»
              </button>
            </div>
          ) : null}
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
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={ids.active}>Trampa activa</label>
        </div>
        {shown ? <Notice notice={{ tone: 'error', text: shown }} /> : null}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          {trap ? null : (
            <button type="submit" className="button button--secondary" data-again="true" disabled={saving}>
              Guardar y crear otra
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Guardando…' : trap ? 'Guardar cambios' : 'Crear trampa'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
