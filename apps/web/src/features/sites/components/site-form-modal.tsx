import type { Site } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { SITE_MESSAGES } from '../messages';
import { emptySiteForm, NEW_CLIENT, siteToForm, validateSite, type SiteFormValues } from '../utils/site-form';
import { TimeZonePicker } from './time-zone-picker';

/** A client the site may belong to (the clients feature reads them; the route hands them over). */
export interface SiteClientChoice {
  id: number;
  name: string;
  isActive: boolean;
}

interface SiteFormModalProps {
  /** The site being edited; undefined to create one. */
  site?: Site | undefined;
  /** The clients to choose from; undefined while they load. */
  clients: SiteClientChoice[] | undefined;
  saving: boolean;
  /** A failure from the last save (a name already taken…), shown inside the dialog so nothing typed is lost. */
  error: NoticeMessage | null;
  onSubmit: (values: SiteFormValues) => void;
  onClose: () => void;
}

export function SiteFormModal({ site, clients, saving, error, onSubmit, onClose }: SiteFormModalProps) {
  const ids = {
    name: useId(),
    client: useId(),
    newClient: useId(),
    newClientHint: useId(),
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
          <label htmlFor={ids.client}>
            Cliente <span className="required-mark">(obligatorio)</span>
          </label>
          <select
            id={ids.client}
            value={values.clientId}
            onChange={(event) => set('clientId', event.target.value)}
            aria-invalid={problem === SITE_MESSAGES.clientRequired ? true : undefined}
          >
            <option value="">{clients ? SITE_MESSAGES.chooseClient : SITE_MESSAGES.loadingClients}</option>
            {(clients ?? [])
              // An inactive client takes no new site; the one the site has stays on the list.
              .filter((client) => client.isActive || String(client.id) === values.clientId)
              .map((client) => (
                <option key={client.id} value={String(client.id)}>
                  {client.name}
                </option>
              ))}
            <option value={NEW_CLIENT}>{SITE_MESSAGES.newClientOption}</option>
          </select>
        </div>
        {values.clientId === NEW_CLIENT ? (
          <div className="field">
            <label htmlFor={ids.newClient}>{SITE_MESSAGES.newClientLabel}</label>
            <input
              id={ids.newClient}
              value={values.newClient}
              onChange={(event) => set('newClient', event.target.value)}
              placeholder="Empresa atendida"
              maxLength={160}
              autoComplete="off"
              aria-describedby={ids.newClientHint}
              aria-invalid={problem === SITE_MESSAGES.newClientRequired ? true : undefined}
            />
            <p id={ids.newClientHint} className="field-hint">
              {SITE_MESSAGES.newClientHint}
            </p>
          </div>
        ) : null}
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
