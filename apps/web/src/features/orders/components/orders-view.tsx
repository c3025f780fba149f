import './orders.css';
import type { BulkRescheduleBody, CreateSessionBody, SessionSummary, Site, Technician } from '@rondin/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { MissingFindingsConfirm } from './missing-findings-confirm';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { formatCount } from '../../../lib/format';
import { sitesToChoose } from '../../../lib/site-scope';
import { useListParams } from '../../../lib/use-list-params';
import { toggleAll, toggleOne } from '../../../lib/selection';
import { useBulkReassignSessions } from '../api/bulk-reassign-sessions';
import { useBulkRescheduleSessions } from '../api/bulk-reschedule-sessions';
import { useOfficeClose } from '../api/close-session';
import { useCreateSession } from '../api/create-session';
import { useDeleteSession } from '../api/delete-session';
import { useDownloadSessionReport } from '../api/get-session-report';
import { ORDERS_PAGE_SIZE, useOrderCount, useSessionPage } from '../api/get-sessions';
import { useOrdersLayout } from '../hooks/use-orders-layout';
import { ORDER_MESSAGES, ORDER_TABLE_MESSAGES } from '../messages';
import { closeDecision } from '../utils/session-status';
import { BulkRescheduleDialog } from './bulk-reschedule-dialog';
import { ChooseTechnicianDialog } from './choose-technician-dialog';
import { CreateOrderModal } from './create-order-modal';
import { OrderCard } from './order-card';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';

type Pending =
  | { kind: 'close'; session: SessionSummary; message: string }
  | { kind: 'delete'; session: SessionSummary }
  | { kind: 'bulk-reassign' }
  | { kind: 'bulk-reschedule' };

const FILTERS = ['q', 'siteId', 'status', 'technicianId', 'from', 'to', 'overdue'] as const;

interface OrdersViewProps {
  /** Technicians for the filter and the create dialog, loaded by the route from their own feature. */
  technicians: readonly Technician[];
  /** What the create dialog shows while that list is loading or failed. */
  techniciansProblem?: ReactNode;
  /** Every site, loaded by the route from its own feature; undefined while it loads or when it failed. */
  sites?: readonly Site[] | undefined;
  /** The sites are loading: the create dialog waits for them (with one site it has no site field). */
  sitesLoading?: boolean;
}

/**
 * Orders, newest first, 24 at a time: search, filters and page are applied by the server and kept in the
 * address. Each card is a summary; an order's items are never loaded here.
 */
export function OrdersView({ technicians, techniciansProblem = null, sites, sitesLoading = false }: OrdersViewProps) {
  const { params, setFilters, setPage, clearFilters } = useListParams(FILTERS);
  // With several active sites the form starts with the site, and the list names and filters by it.
  const choices = sitesToChoose(sites);
  const sessions = useSessionPage(params);
  const filtered = FILTERS.some((key) => params[key] !== '');
  const everyOrder = useOrderCount(filtered);
  const createSession = useCreateSession();
  const deleteSession = useDeleteSession();
  const downloadReport = useDownloadSessionReport();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [layout, setLayout] = useOrdersLayout();
  // Orders chosen in the table, on this page or others, for a change made to all of them at once.
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const bulkReassign = useBulkReassignSessions();
  const bulkReschedule = useBulkRescheduleSessions();
  const [bulkError, setBulkError] = useState<NoticeMessage | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // An order deleted from its own page comes back here with the message saying so.
  const [notice, setNotice] = useState<NoticeMessage | null>(
    () => (location.state as { notice?: NoticeMessage } | null)?.notice ?? null,
  );
  // Said once: a reload or a return through history does not say it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the state the screen opened with is cleared.
  useEffect(() => {
    if (location.state) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, []);

  const count = filtered ? everyOrder.data : sessions.data?.total;

  function create(body: CreateSessionBody) {
    setCreateError(null);
    createSession.mutate(body, {
      onSuccess: (session) => {
        setCreating(false);
        setNotice({ tone: 'success', text: ORDER_MESSAGES.created(session.id) });
      },
      onError: () => setCreateError(ORDER_MESSAGES.createFailed),
    });
  }

  const closing = useOfficeClose({
    onClosed: () => {
      setPending(null);
      setNotice({ tone: 'success', text: ORDER_MESSAGES.closed });
    },
    onFailed: (error) => {
      setPending(null);
      setNotice({ tone: 'error', text: ORDER_MESSAGES.closeFailed, detail: serverMessage(error) });
    },
  });

  function close(session: SessionSummary, force: boolean) {
    setNotice(null);
    closing.close(session.id, force);
  }

  function askClose(session: SessionSummary) {
    const decision = closeDecision(session);
    if (decision.force) setPending({ kind: 'close', session, message: decision.confirm });
    else close(session, false);
  }

  function remove(session: SessionSummary) {
    setNotice(null);
    deleteSession.mutate(session.id, {
      onSuccess: () => setNotice({ tone: 'success', text: ORDER_MESSAGES.deleted(session.id) }),
      onError: () => setNotice({ tone: 'error', text: ORDER_MESSAGES.deleteFailed }),
      onSettled: () => setPending(null),
    });
  }

  function reassignSelected(technician: Technician) {
    setBulkError(null);
    bulkReassign.mutate(
      { ids: [...selected], technicianId: technician.id },
      {
        onSuccess: ({ updated }) => {
          setPending(null);
          setSelected(new Set());
          setNotice({ tone: 'success', text: ORDER_TABLE_MESSAGES.reassigned(updated.length, technician.fullName) });
        },
        onError: (error) =>
          setBulkError({ tone: 'error', text: ORDER_TABLE_MESSAGES.reassignFailed, detail: serverMessage(error) }),
      },
    );
  }

  function rescheduleSelected(change: Omit<BulkRescheduleBody, 'ids'>) {
    setBulkError(null);
    bulkReschedule.mutate(
      { ids: [...selected], ...change },
      {
        onSuccess: ({ updated }) => {
          setPending(null);
          setSelected(new Set());
          setNotice({ tone: 'success', text: ORDER_TABLE_MESSAGES.rescheduled(updated.length, dayName(change.date)) });
        },
        onError: (error) =>
          setBulkError({ tone: 'error', text: ORDER_TABLE_MESSAGES.rescheduleFailed, detail: serverMessage(error) }),
      },
    );
  }

  function openBulk(kind: 'bulk-reassign' | 'bulk-reschedule') {
    setNotice(null);
    setBulkError(null);
    setPending({ kind });
  }

  function report(session: SessionSummary) {
    setNotice(null);
    downloadReport.mutate(session.id, {
      onError: () => setNotice({ tone: 'error', text: ORDER_MESSAGES.reportFailed }),
    });
  }

  const busyId = [
    closing.closingId,
    deleteSession.isPending && deleteSession.variables,
    downloadReport.isPending && downloadReport.variables,
  ].find((id): id is number => typeof id === 'number');

  return (
    <div className="orders-screen">
      <PageHeader
        title="Órdenes"
        subtitle={
          count === undefined
            ? 'Órdenes de inspección asignadas a técnicos'
            : `${formatCount(count)} ${count === 1 ? 'orden registrada' : 'órdenes registradas'}`
        }
        actions={
          <>
            <fieldset className="layout-switch">
              <legend className="visually-hidden">{ORDER_TABLE_MESSAGES.viewLabel}</legend>
              {(['cards', 'table'] as const).map((option) => (
                <label key={option} className="layout-switch__option">
                  <input
                    type="radio"
                    name="orders-layout"
                    checked={layout === option}
                    onChange={() => setLayout(option)}
                  />
                  <span>{ORDER_TABLE_MESSAGES[option]}</span>
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setCreateError(null);
                setCreating(true);
              }}
            >
              + Crear orden
            </button>
          </>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <OrderFilters
        values={params}
        technicians={technicians}
        sites={choices.length > 0 ? (sites ?? []) : []}
        onChange={setFilters}
      />
      <PagedResults
        result={sessions}
        page={params.page}
        pageSize={ORDERS_PAGE_SIZE}
        setPage={setPage}
        filtered={filtered}
        onClearFilters={clearFilters}
        texts={ORDER_MESSAGES}
        noun={['orden', 'órdenes']}
        pagesLabel="Páginas de órdenes"
        bodyClassName={layout === 'cards' ? 'order-grid' : undefined}
        status={
          layout === 'table' && selected.size > 0 ? (
            <div className="selection-bar selection-bar--sticky">
              <span className="selection-bar__count">{ORDER_TABLE_MESSAGES.selectedCount(selected.size)}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => openBulk('bulk-reassign')}
              >
                {ORDER_TABLE_MESSAGES.reassign}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => openBulk('bulk-reschedule')}
              >
                {ORDER_TABLE_MESSAGES.reschedule}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setSelected(new Set())}
              >
                {ORDER_TABLE_MESSAGES.clear}
              </button>
            </div>
          ) : null
        }
      >
        {(items) =>
          layout === 'table' ? (
            <OrdersTable
              sessions={items}
              showSite={choices.length > 0}
              busyId={busyId}
              selected={selected}
              onSelect={(session) => setSelected((old) => toggleOne(session.id, old))}
              onSelectPage={() =>
                setSelected((old) =>
                  toggleAll(
                    items.map((session) => session.id),
                    old,
                  ),
                )
              }
              onClose={askClose}
              onDelete={(target) => setPending({ kind: 'delete', session: target })}
              onDownloadReport={report}
            />
          ) : (
            items.map((session) => (
              <OrderCard
                key={session.id}
                session={session}
                showSite={choices.length > 0}
                busy={busyId === session.id}
                onClose={askClose}
                onDelete={(target) => setPending({ kind: 'delete', session: target })}
                onDownloadReport={report}
              />
            ))
          )
        }
      </PagedResults>
      {creating ? (
        <CreateOrderModal
          technicians={technicians}
          sites={choices}
          sitesLoading={sitesLoading}
          techniciansProblem={techniciansProblem}
          saving={createSession.isPending}
          error={createError}
          onSubmit={create}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {pending?.kind === 'close' && !closing.missing ? (
        <ConfirmDialog
          title={`Cerrar orden #${pending.session.id}`}
          message={pending.message}
          confirmLabel="Cerrar orden"
          tone="primary"
          busy={closing.isPending}
          onConfirm={() => close(pending.session, true)}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {closing.missing ? (
        <MissingFindingsConfirm
          missing={closing.missing}
          busy={closing.isPending}
          onConfirm={closing.closeWithNoNews}
          onCancel={() => {
            closing.keepOpen();
            setPending(null);
          }}
        />
      ) : null}
      {pending?.kind === 'bulk-reassign' ? (
        <ChooseTechnicianDialog
          title={ORDER_TABLE_MESSAGES.reassignTitle(selected.size)}
          hint={ORDER_TABLE_MESSAGES.reassignNote}
          candidates={technicians.filter((technician) => technician.isActive)}
          saving={bulkReassign.isPending}
          error={bulkError}
          onSubmit={reassignSelected}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'bulk-reschedule' ? (
        <BulkRescheduleDialog
          count={selected.size}
          saving={bulkReschedule.isPending}
          error={bulkError}
          onSubmit={rescheduleSelected}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Eliminar orden #${pending.session.id}`}
          message={ORDER_MESSAGES.confirmDelete}
          confirmLabel="Eliminar"
          busy={deleteSession.isPending}
          onConfirm={() => remove(pending.session)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

const dayFormat = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' });

/** A YYYY-MM-DD day as the notice says it ("15 de julio de 2027"), whatever the browser's zone. */
function dayName(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}
