import type { Pest } from '@rondin/contracts';
import { PEST_GROUP_NAMES, PEST_GROUPS } from '@rondin/contracts/devices';
import { useId, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { useCreatePest } from '../api/create-pest';
import { usePests } from '../api/get-pests';
import { useUpdatePest } from '../api/update-pest';
import { PEST_MESSAGES } from '../messages';
import { isPestGroup, toCreatePestBody, toUpdatePestBody, type PestFormValues } from '../utils/pest-form';
import { PestFormModal } from './pest-form-modal';
import { PestsTable } from './pests-table';

type Editing = { mode: 'create' } | { mode: 'edit'; pest: Pest };

const failure = (text: string, error: unknown): NoticeMessage => ({
  tone: 'error',
  text,
  detail: serverMessage(error),
});

/** The pest catalogue: add, edit, activate and deactivate its entries, and narrow it to one group. */
export function PestsSection() {
  const pests = usePests();
  const createPest = useCreatePest();
  const updatePest = useUpdatePest();
  const togglePest = useUpdatePest();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [group, setGroup] = useState('');
  const ids = { heading: useId(), group: useId() };
  const list = pests.data ?? [];
  const shown = group ? list.filter((pest) => pest.group === group) : list;
  const active = list.filter((pest) => pest.isActive).length;

  function openForm(next: Editing) {
    setFormError(null);
    setEditing(next);
  }

  function save(values: PestFormValues) {
    if (!editing || !values.group) return;
    const chosen = { ...values, group: values.group };
    setFormError(null);
    if (editing.mode === 'create') {
      createPest.mutate(toCreatePestBody(chosen), {
        onSuccess: (pest) => {
          setEditing(null);
          setNotice({ tone: 'success', text: PEST_MESSAGES.created(pest.name) });
        },
        onError: (error) => setFormError(failure(PEST_MESSAGES.createFailed, error)),
      });
      return;
    }
    const changes = toUpdatePestBody(chosen, editing.pest);
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    updatePest.mutate(
      { id: editing.pest.id, changes },
      {
        onSuccess: (pest) => {
          setEditing(null);
          setNotice({ tone: 'success', text: PEST_MESSAGES.updated(pest.name) });
        },
        onError: (error) => setFormError(failure(PEST_MESSAGES.updateFailed, error)),
      },
    );
  }

  function toggle(pest: Pest) {
    setNotice(null);
    togglePest.mutate(
      { id: pest.id, changes: { isActive: !pest.isActive } },
      {
        onSuccess: (updated) => setNotice({ tone: 'success', text: PEST_MESSAGES.updated(updated.name) }),
        onError: (error) => setNotice(failure(PEST_MESSAGES.updateFailed, error)),
      },
    );
  }

  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <div className="settings-section__header">
        <div>
          <h2 id={ids.heading} className="settings-section__title">
            {PEST_MESSAGES.title}
          </h2>
          <p className="settings-section__intro">
            {pests.isSuccess ? `${PEST_MESSAGES.summary(active, list.length)}. ` : null}
            {PEST_MESSAGES.intro}
          </p>
        </div>
        <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'create' })}>
          + Agregar plaga
        </button>
      </div>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {pests.isSuccess && list.length > 0 ? (
        <div className="list-toolbar settings-section__toolbar" role="search" aria-label="Filtrar plagas">
          <div className="field">
            <label htmlFor={ids.group}>{PEST_MESSAGES.groupFilter}</label>
            <select
              id={ids.group}
              value={group}
              onChange={(event) => setGroup(isPestGroup(event.target.value) ? event.target.value : '')}
            >
              <option value="">{PEST_MESSAGES.allGroups}</option>
              {PEST_GROUPS.map((each) => (
                <option key={each} value={each}>
                  {PEST_GROUP_NAMES[each]}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      <QueryState
        isPending={pests.isPending}
        isError={pests.isError}
        error={pests.error}
        isEmpty={shown.length === 0}
        loadingText={PEST_MESSAGES.loading}
        errorText={PEST_MESSAGES.loadFailed}
        emptyText={list.length === 0 ? PEST_MESSAGES.empty : PEST_MESSAGES.emptyGroup}
        onRetry={() => void pests.refetch()}
      >
        <PestsTable
          pests={shown}
          busyId={togglePest.isPending ? (togglePest.variables?.id ?? null) : null}
          onEdit={(pest) => openForm({ mode: 'edit', pest })}
          onToggle={toggle}
        />
      </QueryState>
      {editing ? (
        <PestFormModal
          pest={editing.mode === 'edit' ? editing.pest : undefined}
          saving={createPest.isPending || updatePest.isPending}
          error={formError}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
