import type { ClientSite, Contact, CreateContactBody } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { CLIENT_MESSAGES as TEXT } from '../messages';

type Sends = 'notifyCertificates' | 'notifyActions' | 'notifyReviews';
const SENDS: Sends[] = ['notifyCertificates', 'notifyActions', 'notifyReviews'];

export interface ContactFormValues {
  name: string;
  role: string;
  email: string;
  phone: string;
  /** Empty: all of the client's sites. */
  siteIds: number[];
  notifyCertificates: boolean;
  notifyActions: boolean;
  notifyReviews: boolean;
}

const toForm = (contact?: Contact): ContactFormValues => ({
  name: contact?.name ?? '',
  role: contact?.role ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  siteIds: contact?.siteIds ?? [],
  notifyCertificates: contact?.notifyCertificates ?? false,
  notifyActions: contact?.notifyActions ?? false,
  notifyReviews: contact?.notifyReviews ?? false,
});

/** What the form refuses before asking the server (the server checks the email's form and the sites again). */
export function contactProblem(values: ContactFormValues): string | null {
  if (!values.name.trim()) return TEXT.contactNameRequired;
  if (!values.role.trim()) return TEXT.contactRoleRequired;
  if (!values.email.trim() && SENDS.some((key) => values[key])) return TEXT.emailNeeded;
  return null;
}

/** The whole contact, trimmed, empty email and phone as null: a create and an edit send the same. */
export function toContactBody(values: ContactFormValues): CreateContactBody {
  return {
    name: values.name.trim(),
    role: values.role.trim(),
    email: values.email.trim() || null,
    phone: values.phone.trim() || null,
    siteIds: values.siteIds,
    notifyCertificates: values.notifyCertificates,
    notifyActions: values.notifyActions,
    notifyReviews: values.notifyReviews,
  };
}

interface ContactFormModalProps {
  contact?: Contact | undefined;
  /** The client's sites the contact may be limited to. */
  sites: ClientSite[];
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (values: ContactFormValues) => void;
  onClose: () => void;
}

export function ContactFormModal({ contact, sites, saving, error, onSubmit, onClose }: ContactFormModalProps) {
  const ids = {
    name: useId(),
    role: useId(),
    email: useId(),
    phone: useId(),
    all: useId(),
    sites: useId(),
    sends: useId(),
  };
  const [values, setValues] = useState<ContactFormValues>(() => toForm(contact));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };
  const allSites = values.siteIds.length === 0;
  const toggleSite = (siteId: number, on: boolean) =>
    set(
      'siteIds',
      on ? [...values.siteIds, siteId].sort((a, b) => a - b) : values.siteIds.filter((id) => id !== siteId),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = contactProblem(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={contact ? TEXT.editContact(contact.name) : TEXT.newContact} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>
            {TEXT.contactFields.name} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            maxLength={120}
            autoComplete="off"
            aria-invalid={problem === TEXT.contactNameRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>
            {TEXT.contactFields.role} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.role}
            value={values.role}
            onChange={(event) => set('role', event.target.value)}
            placeholder={TEXT.rolePlaceholder}
            maxLength={80}
            autoComplete="off"
            aria-invalid={problem === TEXT.contactRoleRequired ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>{TEXT.contactFields.email}</label>
          <input
            id={ids.email}
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            maxLength={254}
            autoComplete="off"
            aria-invalid={problem === TEXT.emailNeeded ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.phone}>{TEXT.contactFields.phone}</label>
          <input
            id={ids.phone}
            type="tel"
            value={values.phone}
            onChange={(event) => set('phone', event.target.value)}
            maxLength={40}
            autoComplete="off"
          />
        </div>
        <fieldset className="contact-form__group">
          <legend>{TEXT.contactFields.sites}</legend>
          <div className="checkbox-field">
            <input
              id={ids.all}
              type="checkbox"
              checked={allSites}
              // Unticking "all" starts from every site ticked, so the person unticks the ones left out.
              onChange={(event) => set('siteIds', event.target.checked ? [] : sites.map((site) => site.id))}
              disabled={sites.length === 0}
            />
            <label htmlFor={ids.all}>{TEXT.contactFields.allSites}</label>
          </div>
          {allSites
            ? null
            : sites.map((site) => (
                <div className="checkbox-field contact-form__site" key={site.id}>
                  <input
                    id={`${ids.sites}-${site.id}`}
                    type="checkbox"
                    checked={values.siteIds.includes(site.id)}
                    onChange={(event) => toggleSite(site.id, event.target.checked)}
                  />
                  <label htmlFor={`${ids.sites}-${site.id}`}>{site.name}</label>
                </div>
              ))}
        </fieldset>
        <fieldset className="contact-form__group">
          <legend>{TEXT.contactFields.sends}</legend>
          {SENDS.map((key) => (
            <div className="checkbox-field" key={key}>
              <input
                id={`${ids.sends}-${key}`}
                type="checkbox"
                checked={values[key]}
                onChange={(event) => set(key, event.target.checked)}
              />
              <label htmlFor={`${ids.sends}-${key}`}>{TEXT.sends[key]}</label>
            </div>
          ))}
        </fieldset>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={contact ? 'Guardar cambios' : 'Añadir contacto'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
