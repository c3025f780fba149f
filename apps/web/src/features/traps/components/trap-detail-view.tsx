import './traps.css';
import type { Trap, TrapHistoryEntry } from '@rondin/contracts';
import { RISK_LEVEL_NAMES, TRAP_TYPE_MARKS, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FindingSummary, OutcomeBadge } from '../../../components/findings/finding-summary';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTrap } from '../api/get-trap';
import { TRAP_HISTORY_PAGE_SIZE, useTrapHistory } from '../api/get-trap-history';
import { DETAIL_MESSAGES as TEXT } from '../messages';
import { LabelPreviewModal } from './label-preview-modal';
import { TrapPagedSection } from './trap-paged-section';
import { TrapRemoteEvents } from './trap-remote-events';

const ORDER_STATUS: Record<TrapHistoryEntry['sessionStatus'], string> = {
  PENDING: 'Pendiente',
  IN_PROGRESS: 'En progreso',
  COMPLETED: 'Completada',
};

/**
 * One trap (/admin/traps/{id}): its data, its label to preview and print, and every order it was in, newest
 * first, with the order's state, how the visit ended, when, by whom, and what was found, with its photos.
 */
export function TrapDetailView({
  id,
  siteNames,
}: {
  id: number;
  /** Each site's name, to name the trap's; null with a single active site (then no site is named). */
  siteNames?: ReadonlyMap<number, string> | null | undefined;
}) {
  const trap = useTrap(id);
  const navigate = useNavigate();
  const location = useLocation();
  const [notice, setNotice] = useState<NoticeMessage | null>(
    () => (location.state as { notice?: NoticeMessage } | null)?.notice ?? null,
  );
  // The inventory as the user left it (search, filters, page), when they came from it.
  const [listPath] = useState(() => {
    const list = (location.state as { list?: unknown } | null)?.list;
    return typeof list === 'string' && list.startsWith('/admin/traps') ? list : '/admin/traps';
  });
  // The message a save handed over is shown once, not again after a reload.
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  const notFound = trap.error instanceof ApiError && trap.error.status === 404 && !trap.data;

  return (
    <div className="trap-detail">
      <Link to={listPath} className="button button--ghost trap-detail__back">
        {TEXT.back}
      </Link>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {trap.data ? null : <h1 className="page-title">Trampa</h1>}
      {notFound ? (
        <div className="state state--empty" role="alert">
          <p>
            <strong>{TEXT.notFound}</strong>
          </p>
          <p>{TEXT.notFoundHint}</p>
        </div>
      ) : (
        <QueryState
          isPending={trap.isPending}
          isError={trap.isError && !trap.data}
          error={trap.error}
          loadingText={TEXT.loading}
          errorText={TEXT.loadFailed}
          onRetry={() => void trap.refetch()}
        >
          {trap.data ? <TrapDetail trap={trap.data} siteNames={siteNames ?? null} /> : null}
        </QueryState>
      )}
    </div>
  );
}

function TrapDetail({ trap, siteNames }: { trap: Trap; siteNames: ReadonlyMap<number, string> | null }) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <h1 className="page-title">Trampa {trap.code}</h1>
      <section className="trap-detail__card" aria-label="Datos de la trampa">
        <dl className="trap-detail__facts">
          <dt>Código</dt>
          <dd>{trap.code}</dd>
          {siteNames ? (
            <>
              <dt>Sitio</dt>
              <dd>{siteNames.get(trap.siteId) ?? ''}</dd>
            </>
          ) : null}
          <dt>Tipo</dt>
          <dd>
            <span className="type-mark" aria-hidden="true">
              {TRAP_TYPE_MARKS[trap.type]}
            </span>
            {TRAP_TYPE_NAMES[trap.type]}
          </dd>
          <dt>Zona</dt>
          <dd>{trap.zone ? ZONE_NAMES[trap.zone] : <span className="muted">Sin clasificar</span>}</dd>
          <dt>Nivel de riesgo</dt>
          <dd>{trap.riskLevel ? RISK_LEVEL_NAMES[trap.riskLevel] : <span className="muted">Sin clasificar</span>}</dd>
          <dt>Área</dt>
          <dd>{trap.area ?? <span className="muted">Sin área</span>}</dd>
          <dt>Descripción</dt>
          <dd>{trap.description ?? <span className="muted">Sin descripción</span>}</dd>
          <dt>Identificador externo</dt>
          <dd>{trap.externalId ?? <span className="muted">Sin identificador externo</span>}</dd>
          <dt>Estado</dt>
          <dd>
            <StatusBadge tone={trap.isActive ? 'success' : 'neutral'}>
              {trap.isActive ? 'Activa' : 'Inactiva'}
            </StatusBadge>
          </dd>
          <dt>Código QR</dt>
          <dd>
            <code className="slug">{trap.qrSlug}</code>
          </dd>
          <dt>Registrada</dt>
          <dd>{formatDateTime(trap.createdAt)}</dd>
        </dl>
        <div className="trap-detail__actions">
          <button type="button" className="button button--primary" onClick={() => setPreviewing(true)}>
            Ver etiqueta QR
          </button>
        </div>
      </section>
      <TrapHistory trapId={trap.id} />
      <TrapRemoteEvents trapId={trap.id} hasExternalId={trap.externalId !== null} />
      {previewing ? <LabelPreviewModal trap={trap} onClose={() => setPreviewing(false)} /> : null}
    </>
  );
}

function TrapHistory({ trapId }: { trapId: number }) {
  const [page, setPage] = useState(1);
  return (
    <TrapPagedSection
      id="trap-history-title"
      title={TEXT.historyTitle}
      noun={['orden', 'órdenes']}
      query={useTrapHistory(trapId, page)}
      texts={{ loading: TEXT.historyLoading, failed: TEXT.historyFailed, empty: TEXT.historyEmpty }}
      page={page}
      pageSize={TRAP_HISTORY_PAGE_SIZE}
      onPageChange={setPage}
      paginationLabel="Páginas del historial"
    >
      {(shown) => (
        <table className="data-table data-table--plain">
          <caption className="visually-hidden">Órdenes en las que estuvo la trampa</caption>
          <thead>
            <tr>
              <th scope="col">Orden</th>
              <th scope="col">Estado</th>
              <th scope="col">Inspección</th>
              <th scope="col">Técnico</th>
              <th scope="col">Hallazgo</th>
            </tr>
          </thead>
          <tbody>
            {shown.items.map((entry) => (
              <tr key={entry.sessionId}>
                <th scope="row">
                  <Link to={`/admin/sessions/${entry.sessionId}`}>#{entry.sessionId}</Link>
                  <span className="data-table__secondary">
                    {entry.scheduledAt ? formatDateTime(entry.scheduledAt) : 'Sin fecha'}
                  </span>
                </th>
                <td>
                  {ORDER_STATUS[entry.sessionStatus]}
                  {entry.forceClosed ? <span className="data-table__secondary">Cerrada con pendientes</span> : null}
                </td>
                <td>
                  <OutcomeBadge outcome={entry.outcome} exception={entry.exception} manual={entry.manual} />
                  {entry.completedAt ? (
                    <span className="data-table__secondary">{formatDateTime(entry.completedAt)}</span>
                  ) : null}
                </td>
                <td>
                  {entry.completedBy?.fullName ?? entry.technician.fullName}
                  {entry.completedBy && entry.completedBy.id !== entry.technician.id ? (
                    <span className="data-table__secondary">Asignada a {entry.technician.fullName}</span>
                  ) : null}
                </td>
                <td className="trap-history__finding">
                  <FindingSummary outcome={entry.outcome} exception={entry.exception} finding={entry.finding} />
                  <PhotoThumbnails photoIds={entry.photoIds} subject={`la orden #${entry.sessionId}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TrapPagedSection>
  );
}
