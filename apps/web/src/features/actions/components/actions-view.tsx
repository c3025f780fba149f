import { ACTION_RESPONSIBLES } from '@rondin/contracts/action-names';
import { ACTION_STATUSES } from '@rondin/contracts/action-names';
import './actions.css';
import type { CorrectiveAction, Site } from '@rondin/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExportButtons } from '../../../components/ui/export-buttons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { SiteFilter } from '../../../components/ui/site-filter';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { formatCount } from '../../../lib/format';
import { sitesToChoose } from '../../../lib/site-scope';
import { useListParams } from '../../../lib/use-list-params';
import { exportActions } from '../api/export-actions';
import { useActions } from '../api/get-actions';
import { ACTION_MESSAGES as TEXT } from '../messages';
import { formatDay } from '../utils/format-day';
import { ActionFormModal } from './action-form-modal';

const FILTERS = ['siteId', 'status', 'overdue', 'responsible'] as const;

export const STATUS_TONES: Record<CorrectiveAction['status'], BadgeTone> = {
  ABIERTA: 'danger',
  EN_CURSO: 'warning',
  CERRADA: 'success',
};

/** Every corrective action, open ones first by due date, filtered by site, state, overdue and responsible. */
export function ActionsView({ sites }: { sites?: readonly Site[] | undefined }) {
  const { params, setFilters, clearFilters } = useListParams(FILTERS);
  const { page: _page, ...filters } = params;
  const actions = useActions(filters);
  const ids = { status: useId(), overdue: useId(), responsible: useId() };
  const choices = sitesToChoose(sites);
  const filtered = FILTERS.some((key) => params[key] !== '');
  const items = actions.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLUListElement>(null);
  /** Where the page asked for with 'Cargar más' starts, until its first action has taken focus. */
  const focusFrom = useRef<number | null>(null);
  const loadingMore = actions.isFetchingNextPage;
  const moreFailed = actions.isFetchNextPageError;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore || items.length <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('a')?.focus();
  }, [items.length, loadingMore]);
  function more() {
    if (loadingMore) return;
    focusFrom.current = items.length;
    void actions.fetchNextPage();
  }
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const activeSites = (sites ?? []).filter((site) => site.isActive);
  return (
    <div className="actions-screen">
      <PageHeader
        title={TEXT.title}
        subtitle={
          actions.data ? TEXT.count(formatCount(items.length), items.length === 1, actions.hasNextPage) : TEXT.subtitle
        }
        actions={
          <>
            <ExportButtons
              fileName="acciones-correctivas"
              what={TEXT.exported}
              fetchFile={(format) => exportActions(filters, format)}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={activeSites.length === 0}
              onClick={() => setCreating(true)}
            >
              {TEXT.newAction}
            </button>
          </>
        }
      />
      {creating ? (
        <ActionFormModal
          sites={activeSites}
          onClose={() => setCreating(false)}
          onSaved={(id) => navigate(`/admin/actions/${id}`)}
        />
      ) : null}
      <div className="list-toolbar actions-filters" role="search" aria-label={TEXT.filters}>
        <SiteFilter sites={choices} value={params.siteId} onChange={(siteId) => setFilters({ siteId })} />
        <div className="field">
          <label htmlFor={ids.status}>{TEXT.status}</label>
          <select
            id={ids.status}
            value={params.status}
            onChange={(event) => setFilters({ status: event.target.value })}
          >
            <option value="">{TEXT.anyStatus}</option>
            {ACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TEXT.statusNames[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.overdue}>{TEXT.overdue}</label>
          <select
            id={ids.overdue}
            value={params.overdue}
            onChange={(event) => setFilters({ overdue: event.target.value })}
          >
            <option value="">{TEXT.anyOverdue}</option>
            <option value="true">{TEXT.onlyOverdue}</option>
            <option value="false">{TEXT.notOverdue}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.responsible}>{TEXT.responsible}</label>
          <select
            id={ids.responsible}
            value={params.responsible}
            onChange={(event) => setFilters({ responsible: event.target.value })}
          >
            <option value="">{TEXT.anyResponsible}</option>
            {ACTION_RESPONSIBLES.map((responsible) => (
              <option key={responsible} value={responsible}>
                {TEXT.responsibleNames[responsible]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        isPending={actions.isPending}
        isError={actions.isError}
        error={actions.error}
        isEmpty={items.length === 0}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={filtered ? TEXT.noMatch : TEXT.empty}
        emptyAction={
          filtered ? (
            <button type="button" className="button button--secondary" onClick={clearFilters}>
              {TEXT.clearFilters}
            </button>
          ) : undefined
        }
        onRetry={() => void actions.refetch()}
      >
        <ul ref={list} className="actions-list" aria-label={TEXT.caption}>
          {items.map((action) => (
            <li key={action.id} className="actions-list__item">
              <ActionCard action={action} showSite={choices.length > 0} />
            </li>
          ))}
        </ul>
        <div className="actions-more">
          <p className="actions-more__summary" aria-live="polite">
            {TEXT.shown(formatCount(items.length), items.length === 1, actions.hasNextPage)}
          </p>
          {moreFailed ? (
            <p className="actions-more__error" role="alert">
              {TEXT.moreFailed}
            </p>
          ) : null}
          {actions.hasNextPage || loadingMore ? (
            <button
              type="button"
              className="button button--secondary button--large"
              aria-disabled={loadingMore}
              onClick={more}
            >
              {loadingMore ? TEXT.loadingMore : moreFailed ? TEXT.retry : TEXT.more}
            </button>
          ) : null}
        </div>
      </QueryState>
    </div>
  );
}

function ActionCard({ action, showSite }: { action: CorrectiveAction; showSite: boolean }) {
  const where = action.trap
    ? `${action.trap.code}${action.trap.area ? ` · ${action.trap.area}` : ''}`
    : (action.area ?? TEXT.noDevice);
  return (
    <article className="action-card" aria-labelledby={`action-${action.id}`}>
      <div className="action-card__head">
        <h2 className="action-card__title" id={`action-${action.id}`}>
          <Link to={`/admin/actions/${action.id}`} aria-label={`${TEXT.open(action.id)}: ${where}`}>
            {where}
          </Link>
        </h2>
        <div className="action-card__badges">
          <StatusBadge tone={STATUS_TONES[action.status]}>{TEXT.statusNames[action.status]}</StatusBadge>
          {action.overdue ? <StatusBadge tone="danger">{TEXT.overdueBadge}</StatusBadge> : null}
          {action.verificationSuggested ? <StatusBadge tone="info">{TEXT.verifyBadge}</StatusBadge> : null}
        </div>
      </div>
      <p className="action-card__description">{action.description}</p>
      <dl className="action-card__facts">
        {showSite ? (
          <div>
            <dt>{TEXT.columns.site}</dt>
            <dd>{action.site.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{TEXT.columns.due}</dt>
          <dd>{formatDay(action.dueDate)}</dd>
        </div>
        <div>
          <dt>{TEXT.columns.responsible}</dt>
          <dd>
            {TEXT.responsibleNames[action.responsible]}
            {action.responsibleName ? ` · ${action.responsibleName}` : ''}
          </dd>
        </div>
        <div>
          <dt>{TEXT.fields.origin}</dt>
          <dd>{TEXT.originNames[action.origin]}</dd>
        </div>
        <div>
          <dt>{TEXT.columns.occurrences}</dt>
          <dd>{action.occurrenceCount}</dd>
        </div>
      </dl>
    </article>
  );
}
