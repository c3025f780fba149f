import type { CreateActionInput, Site } from '@rondin/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useCreateAction } from '../api/create-action';
import { ACTION_MESSAGES as TEXT } from '../messages';

/** The next week's day, YYYY-MM-DD in the browser's calendar: a new action's default due date. */
function inAWeek(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** A corrective action opened by hand: MANUAL, or a recommendation to the client (owned by the client). */
export function ActionFormModal({
  sites,
  onClose,
  onCreated,
}: {
  /** The sites to choose from; the first is chosen when there is only one. */
  sites: readonly Site[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const create = useCreateAction();
  const [values, setValues] = useState({
    siteId: sites.length === 1 ? String(sites[0]!.id) : '',
    origin: 'MANUAL' as 'MANUAL' | 'RECOMENDACION',
    area: '',
    description: '',
    dueDate: inAWeek(),
    responsibleName: '',
  });
  const ids = {
    site: useId(),
    origin: useId(),
    area: useId(),
    description: useId(),
    due: useId(),
    responsibleName: useId(),
  };
  const set = (changes: Partial<typeof values>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: CreateActionInput = {
      siteId: Number(values.siteId),
      origin: values.origin,
      area: values.area || null,
      description: values.description,
      dueDate: values.dueDate,
      responsibleName: values.responsibleName || null,
    };
    create.mutate(body, { onSuccess: (action) => onCreated(action.id) });
  }

  return (
    <Modal title={TEXT.newAction} onClose={onClose} locked={create.isPending} size="small">
      <form className="form" onSubmit={submit}>
        {create.isError ? (
          <Notice notice={{ tone: 'error', text: TEXT.createFailed, detail: serverMessage(create.error) }} />
        ) : null}
        {sites.length > 1 ? (
          <div className="field">
            <label htmlFor={ids.site}>{TEXT.fields.site}</label>
            <select
              id={ids.site}
              required
              value={values.siteId}
              onChange={(event) => set({ siteId: event.target.value })}
            >
              <option value="">{TEXT.chooseSite}</option>
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={ids.origin}>{TEXT.fields.origin}</label>
          <select
            id={ids.origin}
            value={values.origin}
            onChange={(event) => set({ origin: event.target.value as 'MANUAL' | 'RECOMENDACION' })}
          >
            <option value="MANUAL">{TEXT.originNames.MANUAL}</option>
            <option value="RECOMENDACION">{TEXT.originNames.RECOMENDACION}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.description}>{TEXT.fields.description}</label>
          <textarea
            id={ids.description}
            required
            rows={3}
            maxLength={2000}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.area}>{TEXT.fields.area}</label>
          <input
            id={ids.area}
            maxLength={2000}
            value={values.area}
            onChange={(event) => set({ area: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.due}>{TEXT.fields.due}</label>
          <input
            id={ids.due}
            type="date"
            required
            value={values.dueDate}
            onChange={(event) => set({ dueDate: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.responsibleName}>{TEXT.responsibleNameLabel}</label>
          <input
            id={ids.responsibleName}
            maxLength={2000}
            value={values.responsibleName}
            onChange={(event) => set({ responsibleName: event.target.value })}
          />
        </div>
        <FormActions saving={create.isPending} submitLabel={TEXT.create} savingLabel={TEXT.saving} onCancel={onClose} />
      </form>
    </Modal>
  );
}
