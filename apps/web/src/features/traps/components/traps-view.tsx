import type { Trap } from '@rondin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { toggleAll, toggleOne } from '../../../lib/selection';
import { useListParams } from '../../../lib/use-list-params';
import { useCreateTrap } from '../api/create-trap';
import { useDeleteTrap } from '../api/delete-trap';
import { MAX_SELECTED_LABELS, useLabelsSheet } from '../api/get-labels-sheet';
import { inventoryTotals, useTrapAreas } from '../api/get-trap-areas';
import { TRAPS_PAGE_SIZE, useTrapPage } from '../api/get-traps';
import { useUpdateTrap } from '../api/update-trap';
import { TRAP_MESSAGES } from '../messages';
import { toCreateTrapBody, toUpdateTrapBody, type TrapFormValues } from '../utils/trap-payload';
import { LabelPreviewModal } from './label-preview-modal';
import { TrapFilters } from './trap-filters';
import { TrapFormModal } from './trap-form-modal';
import { TrapsTable } from './traps-table';

type Editing = { mode: 'create' } | { mode: 'edit'; trap: Trap };

const FILTERS = ['q', 'area', 'noArea', 'active'] as const;

const reason = (error: unknown) => serverMessage(error) ?? TRAP_MESSAGES.unknownError;

/**
 * The inventory, a page of 50 at a time: search, filters and page are applied by the server and kept in the
 * address. The page never holds more than one page of traps, however large the inventory.
 */
export function TrapsView() {
  const { params, setFilters, setPage, clearFilters } = useListParams(FILTERS);
  const traps = useTrapPage(params);
  const areas = useTrapAreas();
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
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const totals = areas.data ? inventoryTotals(areas.data) : null;
  const filtered = FILTERS.some((key) => params[key] !== '');

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
      onSuccess: () => {
        setNotice({ tone: 'success', text: TRAP_MESSAGES.deleted(code) });
        setSelected((old) => (old.has(id) ? toggleOne(id, old) : old));
      },
      onError: (error) => setNotice({ tone: 'error', text: TRAP_MESSAGES.deleteFailed(reason(error)) }),
      onSettled: () => setDeleting(null),
    });
  }

  function downloadSheet(ids?: readonly number[]) {
    setNotice(null);
    labelsSheet.mutate(ids, {
      onSuccess: (blob) => saveBlob(blob, 'etiquetas-trampas.pdf'),
      onError: (error) => setNotice({ tone: 'error', text: serverMessage(error) ?? TRAP_MESSAGES.sheetFailed }),
    });
  }

  const busyId = toggleTrap.isPending ? (toggleTrap.variables?.id ?? null) : deleteTrap.isPending ? (deleteTrap.variables ?? null) : null;
  const printingAll = labelsSheet.isPending && labelsSheet.variables === undefined;
  const printingSelected = labelsSheet.isPending && labelsSheet.variables !== undefined;
  const tooMany = selected.size > MAX_SELECTED_LABELS;

  return (
    <>
      <PageHeader
        title="Trampas"
        subtitle={
          totals ? `${formatCount(totals.total)} ${totals.total === 1 ? 'trampa registrada' : 'trampas registradas'}` : 'Inventario de trampas y etiquetas QR'
        }
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => downloadSheet()}
              disabled={labelsSheet.isPending || !totals || totals.active === 0}
            >
              {printingAll ? 'Generando…' : 'Hoja de etiquetas (PDF)'}
            </button>
            <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'create' })}>
              + Agregar trampa
            </button>
          </>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <TrapFilters values={params} areas={areas.data} onChange={setFilters} />
      {tooMany ? <Notice notice={{ tone: 'info', text: TRAP_MESSAGES.selectionLimit(MAX_SELECTED_LABELS) }} /> : null}
      <PagedResults
        result={traps}
        page={params.page}
        pageSize={TRAPS_PAGE_SIZE}
        setPage={setPage}
        filtered={filtered}
        onClearFilters={clearFilters}
        texts={TRAP_MESSAGES}
        noun={['trampa', 'trampas']}
        pagesLabel="Páginas de trampas"
        status={
          selected.size > 0 ? (
            <div className="selection-bar">
              <span className="selection-bar__count">
                {formatCount(selected.size)} {selected.size === 1 ? 'seleccionada' : 'seleccionadas'}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => downloadSheet([...selected])}
                disabled={labelsSheet.isPending || tooMany}
              >
                {printingSelected ? 'Generando…' : 'Imprimir etiquetas seleccionadas'}
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setSelected(new Set())}>
                Quitar selección
              </button>
            </div>
          ) : null
        }
      >
        {(items) => (
          <TrapsTable
            traps={items}
            busyId={busyId}
            selected={selected}
            onSelect={(trap) => setSelected((old) => toggleOne(trap.id, old))}
            onSelectPage={() => setSelected((old) => toggleAll(items.map((trap) => trap.id), old))}
            onPreview={setPreviewing}
            onEdit={(trap) => openForm({ mode: 'edit', trap })}
            onToggle={toggle}
            onDelete={setDeleting}
          />
        )}
      </PagedResults>
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
