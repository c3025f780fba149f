import './plans.css';
import type { Plan, Site } from '@rondin/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { RecordState } from '../../../components/ui/record-state';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { usePlanImage } from '../api/get-plan-image';
import { useSite } from '../api/get-site';
import { useSitePlans } from '../api/get-site-plans';
import { useUnplacedCount } from '../api/get-site-devices';
import { useDeletePlan } from '../api/manage-plans';
import { ROUTE_MESSAGES, SITE_PLANS_MESSAGES as TEXT } from '../messages';
import { PlanFormDialog, type PlanFormMode } from './plan-form-dialog';
import { RouteEditor } from './route-editor';

/**
 * A site (/admin/sites/{id}): its name and its floor plans, each with a thumbnail and how many devices stand
 * on it, to upload, rename, replace or delete; how many of its devices are on no plan yet; and, folded, its walk
 * order («Recorrido»), also for a site without plans (the plan pages show it too).
 */
export function SitePlansView({ siteId }: { siteId: number }) {
  const site = useSite(siteId);
  return (
    <div className="plan-page">
      <Link to="/admin/sites" className="button button--ghost plan-page__back">
        {TEXT.back}
      </Link>
      {site.data ? null : <h1 className="page-title">Sitio</h1>}
      <RecordState query={site} texts={TEXT}>
        {site.data ? <SitePlans site={site.data} /> : null}
      </RecordState>
    </div>
  );
}

function SitePlans({ site }: { site: Site }) {
  const plans = useSitePlans(site.id);
  const unplaced = useUnplacedCount(site.id);
  const remove = useDeletePlan();
  const [form, setForm] = useState<PlanFormMode | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const firstPlan = plans.data?.[0];
  const upload = (
    <button
      type="button"
      className="button button--primary"
      onClick={() => setForm({ kind: 'create', siteId: site.id })}
    >
      {TEXT.upload}
    </button>
  );

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">{site.name}</h1>
          <p className="page-subtitle">
            {/* Every site belongs to a client, whose page holds its contacts and its other sites. */}
            <Link to={`/admin/clients/${site.clientId}`}>{site.client}</Link>
            {site.address ? ` · ${site.address}` : ''}
          </p>
        </div>
        <div className="page-actions">{upload}</div>
      </div>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {unplaced.data !== undefined ? (
        <div className={`plan-unplaced${unplaced.data > 0 ? ' plan-unplaced--some' : ''}`} role="status">
          <p>{TEXT.unplaced(unplaced.data)}</p>
          {unplaced.data > 0 && firstPlan ? (
            <Link
              to={`/admin/sites/${site.id}/plans/${firstPlan.id}`}
              className="button button--secondary button--small"
            >
              {unplaced.data === 1 ? TEXT.unplacedLinkOne : TEXT.unplacedLink}
            </Link>
          ) : null}
        </div>
      ) : null}
      <h2 className="plan-page__section-title">{TEXT.plansTitle}</h2>
      <QueryState
        isPending={plans.isPending}
        isError={plans.isError && !plans.data}
        error={plans.error}
        isEmpty={plans.data?.length === 0}
        emptyText={TEXT.plansEmpty}
        emptyAction={upload}
        loadingText={TEXT.plansLoading}
        errorText={TEXT.plansFailed}
        onRetry={() => void plans.refetch()}
      >
        <ul className="plan-cards">
          {plans.data?.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onRename={() => setForm({ kind: 'rename', plan })}
              onReplace={() => setForm({ kind: 'replace', plan })}
              onDelete={() => setDeleting(plan)}
            />
          ))}
        </ul>
      </QueryState>
      <SiteRoute siteId={site.id} />
      {form ? (
        <PlanFormDialog
          mode={form}
          onClose={() => setForm(null)}
          onSaved={(_plan, text) => {
            setForm(null);
            setNotice({ tone: 'success', text });
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={TEXT.deleteTitle}
          message={TEXT.deleteMessage(deleting.name, deleting.placedCount)}
          confirmLabel={TEXT.deleteConfirm}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setNotice({ tone: 'success', text: TEXT.deleted(deleting.name) });
                setDeleting(null);
              },
              onError: (error) => {
                setNotice({ tone: 'error', text: TEXT.deleteFailed, detail: serverMessage(error) });
                setDeleting(null);
              },
            })
          }
        />
      ) : null}
    </>
  );
}

function PlanCard({
  plan,
  onRename,
  onReplace,
  onDelete,
}: {
  plan: Plan;
  onRename: () => void;
  onReplace: () => void;
  onDelete: () => void;
}) {
  const image = usePlanImage(plan);
  const url = useObjectUrl(image.data);
  const editor = `/admin/sites/${plan.siteId}/plans/${plan.id}`;
  return (
    <li className="plan-card">
      <Link to={editor} className="plan-card__thumb" tabIndex={-1} aria-hidden="true">
        {url ? (
          <img src={url} alt="" width={plan.width} height={plan.height} />
        ) : (
          <span className="plan-card__thumb-note">{image.isError ? TEXT.thumbnailFailed : ''}</span>
        )}
      </Link>
      <div className="plan-card__body">
        <h3 className="plan-card__name">
          <Link to={editor}>{plan.name}</Link>
        </h3>
        <p className="plan-card__meta">
          {TEXT.placed(plan.placedCount)} · <span className="muted">{formatDateTime(plan.updatedAt)}</span>
        </p>
        <div className="plan-card__actions">
          <Link to={editor} className="button button--primary button--small">
            {TEXT.edit}
          </Link>
          <button type="button" className="button button--secondary button--small" onClick={onRename}>
            {TEXT.rename}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onReplace}>
            {TEXT.replace}
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={onDelete}>
            {TEXT.delete}
          </button>
        </div>
      </div>
    </li>
  );
}

/** Folded until asked for: the route is read only then. */
function SiteRoute({ siteId }: { siteId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="site-route" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="plan-page__section-title site-route__summary">{ROUTE_MESSAGES.view}</summary>
      {open ? (
        <>
          <p className="plan-route__intro">{ROUTE_MESSAGES.intro}</p>
          <RouteEditor siteId={siteId} />
        </>
      ) : null}
    </details>
  );
}
