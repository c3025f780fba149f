import './traps.css';
import type { Site, Trap } from '@rondin/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { toggleAll, toggleOne } from '../../../lib/selection';
import { siteNames, sitesToChoose } from '../../../lib/site-scope';
import { useListParams } from '../../../lib/use-list-params';
import { useCreateTrap } from '../api/create-trap';
import { useDeleteTrap } from '../api/delete-trap';
import { type ExportFormat, useExportTraps } from '../api/export-traps';
import { type LabelsChoice, MAX_SELECTED_LABELS, useLabelsSheet } from '../api/get-labels-sheet';
import { inventoryTotals, useTrapAreas } from '../api/get-trap-areas';
import { TRAPS_PAGE_SIZE, useTrapPage } from '../api/get-traps';
import { useUpdateTrap } from '../api/update-trap';
import { IMPORT_MESSAGES, TRAP_MESSAGES } from '../messages';
import { nextCode } from '../utils/next-code';
import { emptyTrapForm, toCreateTrapBody, toUpdateTrapBody, type TrapFormValues } from '../utils/trap-payload';
import { ImportTrapsModal } from './import-traps-modal';
import { LabelPreviewModal } from './label-preview-modal';
import { TrapFilters } from './trap-filters';
import { TrapFormModal } from './trap-form-modal';
import { TrapsTable } from './traps-table';

type Editing =
  | { mode: 'create'; initial?: TrapFormValues; saved?: NoticeMessage; round: number }
  | { mode: 'edit'; trap: Trap };

const FILTERS = ['q', 'siteId', 'area', 'noArea', 'type', 'placed', 'active'] as const;

const reason = (error: unknown) => serverMessage(error) ?? TRAP_MESSAGES.unknownError;

interface TrapsViewProps {
  /** Every site, loaded by the route from its own feature; undefined while it loads. */
  sites?: readonly Site[] | undefined;
}

/**
 * The inventory, a page of 50 at a time: search, filters and page are applied by the server and kept in the
 * address. The page never holds more than one page of traps, however large the inventory. With several active
 * sites, the form asks for a new trap's site and the list names and filters by site.
 */
export function TrapsView({ sites }: TrapsViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { params, setFilters, setPage, clearFilters } = useListParams(FILTERS);
  const traps = useTrapPage(params);
  const areas = useTrapAreas();
  // With a site chosen, the area filter offers that site's areas and counts (the same query as `areas` without).
  const siteAreas = useTrapAreas(/^\d+$/.test(params.siteId) ? Number(params.siteId) : undefined);
  const createTrap = useCreateTrap();
  const updateTrap = useUpdateTrap();
  const deleteTrap = useDeleteTrap();
  const toggleTrap = useUpdateTrap();
  const labelsSheet = useLabelsSheet();
  const exportTraps = useExportTraps();
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<Trap | null>(null);
  const [deleting, setDeleting] = useState<Trap | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(
    () => (location.state as { notice?: NoticeMessage } | null)?.notice ?? null,
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const choices = sitesToChoose(sites);
  const names = choices.length > 0 ? siteNames(sites) : null;
  const totals = areas.data ? inventoryTotals(areas.data) : null;
  // A new trap starts in the site the list is filtered by, when it is one a trap can go to.
  const filteredSite = choices.some((site) => String(site.id) === params.siteId) ? params.siteId : '';
  const areaNames = (areas.data ?? []).flatMap((entry) => (entry.area === null ? [] : [entry.area]));

  // A notice handed over by another screen (a trap deleted from its page) is shown once, not again on reload.
  useEffect(() => {
    if (location.state) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const filtered = FILTERS.some((key) => params[key] !== '');

  function openForm(next: Editing) {
    setFormError(null);
    setEditing(next);
  }

  function save(values: TrapFormValues, again: boolean) {
    if (!editing) return;
    setFormError(null);
    if (editing.mode === 'create') {
      createTrap.mutate(toCreateTrapBody(values), {
        onSuccess: (trap) => {
          if (again) {
            // The next one in the series, in the same area: a plant is set up area by area.
            setEditing({
              mode: 'create',
              round: editing.round + 1,
              initial: { ...values, code: nextCode(trap.code), description: '' },
              saved: { tone: 'success', text: TRAP_MESSAGES.created, detail: TRAP_MESSAGES.savedAgain(trap.code) },
            });
            return;
          }
          setEditing(null);
          // The new trap's own page: its data, its label ready to print, and the message naming it.
          void navigate(`/admin/traps/${trap.id}`, {
            state: {
              notice: { tone: 'success', text: TRAP_MESSAGES.created, detail: TRAP_MESSAGES.createdDetail(trap.code) },
            },
          });
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

  function downloadInventory(format: ExportFormat) {
    setNotice(null);
    exportTraps.mutate(format, {
      onSuccess: (blob) => saveBlob(blob, `trampas.${format}`),
      onError: (error) => setNotice({ tone: 'error', text: serverMessage(error) ?? TRAP_MESSAGES.exportFailed }),
    });
  }

  function downloadSheet(choice: LabelsChoice) {
    setNotice(null);
    labelsSheet.mutate(choice, {
      onSuccess: (blob) => saveBlob(blob, 'etiquetas-trampas.pdf'),
      onError: (error) => setNotice({ tone: 'error', text: serverMessage(error) ?? TRAP_MESSAGES.sheetFailed }),
    });
  }

  const busyId = toggleTrap.isPending
    ? (toggleTrap.variables?.id ?? null)
    : deleteTrap.isPending
      ? (deleteTrap.variables ?? null)
      : null;
  const printing = labelsSheet.isPending ? labelsSheet.variables : undefined;
  const printingAll = printing !== undefined && 'filters' in printing;
  const printingSelected = printing !== undefined && 'ids' in printing;
  // The main sheet is the list's: what the filters match, or without filters every active trap.
  const nothingToPrint = filtered ? !traps.data || traps.data.total === 0 : !totals || totals.active === 0;
  const tooMany = selected.size > MAX_SELECTED_LABELS;

  return (
    <>
      <PageHeader
        title="Trampas"
        subtitle={
          totals
            ? `${formatCount(totals.total)} ${totals.total === 1 ? 'trampa registrada' : 'trampas registradas'}`
            : 'Inventario de trampas y etiquetas QR'
        }
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => downloadSheet({ filters: params })}
              disabled={labelsSheet.isPending || nothingToPrint}
            >
              {printingAll ? 'Generando…' : 'Hoja de etiquetas (PDF)'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => downloadInventory('xlsx')}
              disabled={exportTraps.isPending || !totals || totals.total === 0}
            >
              {exportTraps.isPending && exportTraps.variables === 'xlsx' ? 'Generando…' : 'Exportar Excel'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => downloadInventory('csv')}
              disabled={exportTraps.isPending || !totals || totals.total === 0}
            >
              {exportTraps.isPending && exportTraps.variables === 'csv' ? 'Generando…' : 'Exportar CSV'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
              Importar
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                openForm({ mode: 'create', round: 0, initial: { ...emptyTrapForm, siteId: filteredSite } })
              }
            >
              + Agregar trampa
            </button>
          </>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <TrapFilters
        values={params}
        areas={siteAreas.data}
        sites={choices.length > 0 ? (sites ?? []) : []}
        onChange={setFilters}
      />
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
            <div className="selection-bar selection-bar--sticky">
              <span className="selection-bar__count">
                {formatCount(selected.size)} {selected.size === 1 ? 'seleccionada' : 'seleccionadas'}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => downloadSheet({ ids: [...selected] })}
                disabled={labelsSheet.isPending || tooMany}
              >
                {printingSelected ? 'Generando…' : 'Imprimir etiquetas seleccionadas'}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setSelected(new Set())}
              >
                Quitar selección
              </button>
            </div>
          ) : null
        }
      >
        {(items) => (
          <TrapsTable
            traps={items}
            siteNames={names}
            busyId={busyId}
            selected={selected}
            onSelect={(trap) => setSelected((old) => toggleOne(trap.id, old))}
            onSelectPage={() =>
              setSelected((old) =>
                toggleAll(
                  items.map((trap) => trap.id),
                  old,
                ),
              )
            }
            onPreview={setPreviewing}
            onEdit={(trap) => openForm({ mode: 'edit', trap })}
            onToggle={toggle}
            onDelete={setDeleting}
          />
        )}
      </PagedResults>
      {editing ? (
        <TrapFormModal
          key={editing.mode === 'create' ? editing.round : `edit-${editing.trap.id}`}
          trap={editing.mode === 'edit' ? editing.trap : undefined}
          initial={editing.mode === 'create' ? editing.initial : undefined}
          saved={editing.mode === 'create' ? editing.saved : undefined}
          areas={areaNames}
          sites={choices}
          siteName={editing.mode === 'edit' ? names?.get(editing.trap.siteId) : undefined}
          saving={createTrap.isPending || updateTrap.isPending}
          error={formError}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? (
        <ImportTrapsModal
          showSite={choices.length > 0}
          onClose={() => setImporting(false)}
          onImported={(count) => {
            setImporting(false);
            setNotice({ tone: 'success', text: IMPORT_MESSAGES.done(count) });
          }}
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
