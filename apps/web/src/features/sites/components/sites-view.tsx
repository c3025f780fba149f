import './sites.css';
import type { Site } from '@rondin/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { useCreateSite } from '../api/create-site';
import { useDeleteSite } from '../api/delete-site';
import { useSites } from '../api/get-sites';
import { useUpdateSite } from '../api/update-site';
import { SITE_MESSAGES } from '../messages';
import { toCreateSiteBody, toUpdateSiteBody, type SiteFormValues } from '../utils/site-form';
import { type SiteClientChoice, SiteFormModal } from './site-form-modal';
import { SitesTable } from './sites-table';

type Editing = { mode: 'create' } | { mode: 'edit'; site: Site };

/** Our sentence, with the server's reason (a name taken, the last active site…) beneath it. */
const failure = (text: string, error: unknown): NoticeMessage => ({
  tone: 'error',
  text,
  detail: serverMessage(error),
});

/**
 * The sites served: create (then open it), edit, activate or deactivate, and delete one that holds nothing yet.
 * `clients` (from the clients feature, composed by the route) are what the form's client field offers.
 */
export function SitesView({ clients }: { clients: SiteClientChoice[] | undefined }) {
  const sites = useSites();
  const createSite = useCreateSite();
  const updateSite = useUpdateSite();
  const toggleSite = useUpdateSite();
  const deleteSite = useDeleteSite();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const list = sites.data ?? [];

  function openForm(next: Editing) {
    setFormError(null);
    setEditing(next);
  }

  function save(values: SiteFormValues) {
    if (!editing) return;
    setFormError(null);
    if (editing.mode === 'create') {
      createSite.mutate(toCreateSiteBody(values), {
        // A new site is set up on its own page (plans, devices, service plans), so saving opens it.
        onSuccess: (site) => navigate(`/admin/sites/${site.id}`),
        onError: (error) => setFormError(failure(SITE_MESSAGES.createFailed, error)),
      });
      return;
    }
    const changes = toUpdateSiteBody(values, editing.site);
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    updateSite.mutate(
      { id: editing.site.id, changes },
      {
        onSuccess: (site) => {
          setEditing(null);
          setNotice({ tone: 'success', text: SITE_MESSAGES.updated(site.name) });
        },
        onError: (error) => setFormError(failure(SITE_MESSAGES.updateFailed, error)),
      },
    );
  }

  function toggle(site: Site) {
    setNotice(null);
    toggleSite.mutate(
      { id: site.id, changes: { isActive: !site.isActive } },
      {
        onSuccess: (updated) => setNotice({ tone: 'success', text: SITE_MESSAGES.updated(updated.name) }),
        onError: (error) => setNotice(failure(SITE_MESSAGES.updateFailed, error)),
      },
    );
  }

  /** A site the list shows with traps or orders is refused at once, in the server's words; the rest are asked. */
  function askDelete(site: Site) {
    if (site.trapCount > 0 || site.sessionCount > 0) {
      setNotice({ tone: 'error', text: SITE_MESSAGES.deleteFailed, detail: SITE_MESSAGES.inUse });
      return;
    }
    setNotice(null);
    setDeleting(site);
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id, name } = deleting;
    deleteSite.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: SITE_MESSAGES.deleted(name) }),
      onError: (error) => setNotice(failure(SITE_MESSAGES.deleteFailed, error)),
      onSettled: () => setDeleting(null),
    });
  }

  const busyId = toggleSite.isPending
    ? (toggleSite.variables?.id ?? null)
    : deleteSite.isPending
      ? (deleteSite.variables ?? null)
      : null;

  return (
    <>
      <PageHeader
        title={SITE_MESSAGES.title}
        subtitle={sites.isSuccess ? SITE_MESSAGES.summary(list.length) : SITE_MESSAGES.subtitle}
        actions={
          <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'create' })}>
            + Crear sitio
          </button>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={sites.isPending}
        isError={sites.isError}
        error={sites.error}
        isEmpty={list.length === 0}
        loadingText={SITE_MESSAGES.loading}
        errorText={SITE_MESSAGES.loadFailed}
        emptyText={SITE_MESSAGES.empty}
        onRetry={() => void sites.refetch()}
      >
        <SitesTable
          sites={list}
          busyId={busyId}
          onEdit={(site) => openForm({ mode: 'edit', site })}
          onToggle={toggle}
          onDelete={askDelete}
        />
      </QueryState>
      {editing ? (
        <SiteFormModal
          site={editing.mode === 'edit' ? editing.site : undefined}
          clients={clients}
          saving={createSite.isPending || updateSite.isPending}
          error={formError}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Eliminar sitio"
          message={SITE_MESSAGES.confirmDelete(deleting.name)}
          confirmLabel="Eliminar"
          busy={deleteSite.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
