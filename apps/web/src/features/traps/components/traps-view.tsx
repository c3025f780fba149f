import type { Trap } from '@rondin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { useCreateTrap } from '../api/create-trap';
import { useDeleteTrap } from '../api/delete-trap';
import { useLabelsSheet } from '../api/get-labels-sheet';
import { useTraps } from '../api/get-traps';
import { useUpdateTrap } from '../api/update-trap';
import { TRAP_MESSAGES } from '../messages';
import { toCreateTrapBody, toUpdateTrapBody, type TrapFormValues } from '../utils/trap-payload';
import { LabelPreviewModal } from './label-preview-modal';
import { TrapFormModal } from './trap-form-modal';
import { TrapsTable } from './traps-table';

type Editing = { mode: 'create' } | { mode: 'edit'; trap: Trap };

const reason = (error: unknown) => serverMessage(error) ?? TRAP_MESSAGES.unknownError;

export function TrapsView() {
  const traps = useTraps();
  const createTrap = useCreateTrap();
  const updateTrap = useUpdateTrap();
  const deleteTrap = useDeleteTrap();
  const toggleTrap = useUpdateTrap();
  const labelsSheet = useLabelsSheet();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<Trap | null>(null);
  const [deleting, setDeleting] = useState<Trap | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const list = traps.data ?? [];
  const count = list.length;

  function openForm(next: Editing) {
    setFormError(null);
    setEditing(next);
  }

  function save(values: TrapFormValues) {
    if (!editing) return;
    setFormError(null);
    if (editing.mode === 'create') {
      createTrap.mutate(toCreateTrapBody(values), {
        onSuccess: () => {
          setEditing(null);
          setNotice({ tone: 'success', text: TRAP_MESSAGES.created });
        },
        onError: (error) => setFormError(TRAP_MESSAGES.createFailed(reason(error))),
      });
      return;
    }
    updateTrap.mutate(
      { id: editing.trap.id, changes: toUpdateTrapBody(values, editing.trap) },
      {
        onSuccess: (trap) => {
          setEditing(null);
          setNotice({ tone: 'success', text: TRAP_MESSAGES.updated(trap.code) });
        },
        onError: (error) => setFormError(TRAP_MESSAGES.updateFailed(reason(error))),
      },
    );
  }

  function toggle(trap: Trap) {
    setNotice(null);
    toggleTrap.mutate(
      { id: trap.id, changes: { isActive: !trap.isActive } },
      {
        onSuccess: (updated) => setNotice({ tone: 'success', text: TRAP_MESSAGES.updated(updated.code) }),
        onError: () => setNotice({ tone: 'error', text: TRAP_MESSAGES.toggleFailed }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id, code } = deleting;
    deleteTrap.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: TRAP_MESSAGES.deleted(code) }),
      onError: (error) => setNotice({ tone: 'error', text: TRAP_MESSAGES.deleteFailed(reason(error)) }),
      onSettled: () => setDeleting(null),
    });
  }

  function downloadSheet() {
    setNotice(null);
    labelsSheet.mutate(undefined, {
      onSuccess: (blob) => saveBlob(blob, 'etiquetas-trampas.pdf'),
      onError: (error) => setNotice({ tone: 'error', text: serverMessage(error) ?? TRAP_MESSAGES.sheetFailed }),
    });
  }

  const busyId = toggleTrap.isPending ? (toggleTrap.variables?.id ?? null) : deleteTrap.isPending ? (deleteTrap.variables ?? null) : null;

  return (
    <>
      <PageHeader
        title="Trampas"
        subtitle={traps.isSuccess ? `${count} ${count === 1 ? 'trampa registrada' : 'trampas registradas'}` : 'Inventario de trampas y etiquetas QR'}
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={downloadSheet}
              disabled={labelsSheet.isPending || !list.some((trap) => trap.isActive)}
            >
              {labelsSheet.isPending ? 'Generando…' : 'Hoja de etiquetas (PDF)'}
            </button>
            <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'create' })}>
              + Agregar trampa
            </button>
          </>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={traps.isPending}
        isError={traps.isError}
        isEmpty={count === 0}
        loadingText={TRAP_MESSAGES.loading}
        errorText={TRAP_MESSAGES.loadFailed}
        emptyText={TRAP_MESSAGES.empty}
        onRetry={() => void traps.refetch()}
      >
        <TrapsTable
          traps={list}
          busyId={busyId}
          onPreview={setPreviewing}
          onEdit={(trap) => openForm({ mode: 'edit', trap })}
          onToggle={toggle}
          onDelete={setDeleting}
        />
      </QueryState>
      {editing ? (
        <TrapFormModal
          trap={editing.mode === 'edit' ? editing.trap : undefined}
          saving={createTrap.isPending || updateTrap.isPending}
          error={formError}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {previewing ? <LabelPreviewModal trap={previewing} onClose={() => setPreviewing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Eliminar trampa"
          message={`¿Eliminar la trampa ${deleting.code}? Esta acción no se puede deshacer.`}
          confirmLabel="Eliminar"
          busy={deleteTrap.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
