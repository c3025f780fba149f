import type { AcceptProgrammeBody, Contact } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PROGRAMME_MESSAGES as TEXT } from '../messages';

interface AcceptProgrammeModalProps {
  version: number;
  /** The site's client's contacts that attend the site. */
  contacts: readonly Contact[];
  today: string;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (body: AcceptProgrammeBody) => void;
  onClose: () => void;
}

/** Who of the client accepted the version, and on which day: one of its contacts, or a name typed. */
export function AcceptProgrammeModal({
  version,
  contacts,
  today,
  saving,
  error,
  onSubmit,
  onClose,
}: AcceptProgrammeModalProps) {
  const id = useId();
  const [contactId, setContactId] = useState(contacts[0] ? String(contacts[0].id) : '');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [date, setDate] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = !date ? TEXT.acceptDateRequired : !contactId && !name.trim() ? TEXT.acceptNameRequired : null;
    setProblem(refusal);
    if (refusal) return;
    onSubmit(
      contactId
        ? { contactId: Number(contactId), date }
        : { name: name.trim(), role: role.trim() ? role.trim() : null, date },
    );
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={TEXT.acceptTitle(version)} onClose={onClose} locked={saving} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{TEXT.contact}</label>
          <select
            id={`${id}-contact`}
            value={contactId}
            onChange={(event) => setContactId(event.target.value)}
            data-autofocus
          >
            {contacts.map((contact) => (
              <option key={contact.id} value={contact.id}>
                {contact.name} ({contact.role})
              </option>
            ))}
            <option value="">{TEXT.contactOther}</option>
          </select>
        </div>
        {contactId ? null : (
          <>
            <div className="field">
              <label htmlFor={`${id}-name`}>
                {TEXT.acceptName} <span className="required-mark">(obligatorio)</span>
              </label>
              <input
                id={`${id}-name`}
                value={name}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={problem === TEXT.acceptNameRequired ? true : undefined}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-role`}>{TEXT.acceptRole}</label>
              <input
                id={`${id}-role`}
                value={role}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setRole(event.target.value)}
              />
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-date`}>
            {TEXT.acceptDate} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            max={today}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={problem === TEXT.acceptDateRequired ? true : undefined}
          />
        </div>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={TEXT.acceptSave} onCancel={onClose} />
      </form>
    </Modal>
  );
}
