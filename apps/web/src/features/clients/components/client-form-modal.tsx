import type { Client, CreateClientBody, UpdateClientBody } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { CLIENT_MESSAGES as TEXT } from '../messages';

export interface ClientFormValues {
  name: string;
  taxId: string;
  address: string;
}

const toForm = (client?: Pick<Client, 'name' | 'taxId' | 'address'>): ClientFormValues => ({
  name: client?.name ?? '',
  taxId: client?.taxId ?? '',
  address: client?.address ?? '',
});

/** Trimmed; empty optional fields left out. */
export function toCreateClientBody(values: ClientFormValues): CreateClientBody {
  const body: CreateClientBody = { name: values.name.trim(), isActive: true };
  if (values.taxId.trim()) body.taxId = values.taxId.trim();
  if (values.address.trim()) body.address = values.address.trim();
  return body;
}

/** Only what changed; a field emptied is sent as null, so the old value does not silently stay. */
export function toUpdateClientBody(values: ClientFormValues, original: Client): UpdateClientBody {
  const body: UpdateClientBody = {};
  const name = values.name.trim();
  const taxId = values.taxId.trim() || null;
  const address = values.address.trim() || null;
  if (name !== original.name) body.name = name;
  if (taxId !== original.taxId) body.taxId = taxId;
  if (address !== original.address) body.address = address;
  return body;
}

interface ClientFormModalProps {
  /** The client being edited; undefined to create one. */
  client?: Client | undefined;
  saving: boolean;
  /** The last save's failure (a name already taken), shown in the dialog so nothing typed is lost. */
  error: NoticeMessage | null;
  onSubmit: (values: ClientFormValues) => void;
  onClose: () => void;
}

export function ClientFormModal({ client, saving, error, onSubmit, onClose }: ClientFormModalProps) {
  const ids = { name: useId(), taxId: useId(), address: useId() };
  const [values, setValues] = useState<ClientFormValues>(() => toForm(client));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof ClientFormValues, value: string) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = values.name.trim() ? null : TEXT.nameRequired;
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={client ? `Editar ${client.name}` : 'Nuevo cliente'} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>
            {TEXT.fields.name} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            placeholder="Ej.: Conservas Ribera S.A."
            maxLength={160}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.taxId}>{TEXT.fields.taxId}</label>
          <input
            id={ids.taxId}
            value={values.taxId}
            onChange={(event) => set('taxId', event.target.value)}
            maxLength={30}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.address}>{TEXT.fields.address}</label>
          <input
            id={ids.address}
            value={values.address}
            onChange={(event) => set('address', event.target.value)}
            maxLength={300}
            autoComplete="off"
          />
        </div>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={client ? 'Guardar cambios' : 'Crear cliente'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
