import type { Site } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { SITE_MESSAGES } from '../messages';
import { emptySiteForm, siteToForm, validateSite, type SiteFormValues } from '../utils/site-form';
import { TimeZonePicker } from './time-zone-picker';

interface SiteFormModalProps {
  /** The site being edited; undefined to create one. */
  site?: Site | undefined;
  saving: boolean;
  /** A failure from the last save (a name already taken…), shown inside the dialog so nothing typed is lost. */
  error: NoticeMessage | null;
  onSubmit: (values: SiteFormValues) => void;
  onClose: () => void;
}

export function SiteFormModal({ site, saving, error, onSubmit, onClose }: SiteFormModalProps) {
  const ids = {
    name: useId(),
    client: useId(),
    address: useId(),
    zone: useId(),
    zoneHint: useId(),
    active: useId(),
  };
  const [values, setValues] = useState<SiteFormValues>(() => (site ? siteToForm(site) : emptySiteForm));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof SiteFormValues>(key: K, value: SiteFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = validateSite(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={site ? `Editar ${site.name}` : 'Nuevo sitio'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>
            Nombre <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            placeholder="Ej.: Planta Norte"
            maxLength={120}
            autoComplete="off"
            aria-invalid={problem === SITE_MESSAGES.nameRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.client}>Cliente</label>
          <input
            id={ids.client}
            value={values.client}
            onChange={(event) => set('client', event.target.value)}
            placeholder="Empresa atendida"
            maxLength={160}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.address}>Dirección</label>
          <input
            id={ids.address}
            value={values.address}
            onChange={(event) => set('address', event.target.value)}
            maxLength={300}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.zone}>Zona horaria</label>
          <TimeZonePicker
            id={ids.zone}
            value={values.timeZone}
            stored={site?.timeZone ?? ''}
            describedBy={ids.zoneHint}
            onChange={(zone) => set('timeZone', zone)}
          />
          <p id={ids.zoneHint} className="field-hint">
            {SITE_MESSAGES.zoneHint}
          </p>
        </div>
        <div className="checkbox-field">
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={ids.active}>Sitio activo</label>
        </div>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={site ? 'Guardar cambios' : 'Crear sitio'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
