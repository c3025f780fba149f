import './clients.css';
import type { ClientDetail as ClientRecord, Contact } from '@rondin/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { RecordState } from '../../../components/ui/record-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTimeIn } from '../../../lib/format';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { useCreateContact } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useClient } from '../api/get-client';
import { useContacts } from '../api/get-contacts';
import { useUpdateClient } from '../api/update-client';
import { useUpdateContact } from '../api/update-contact';
import { CLIENT_MESSAGES as TEXT } from '../messages';
import { ClientFormModal, toUpdateClientBody } from './client-form-modal';
import { ContactFormModal, toContactBody } from './contact-form-modal';
import { PortalAccessSection } from './portal-access-section';

const formatDay = (day: string) => day.split('-').reverse().join('/');
const failure = (text: string, error: unknown): NoticeMessage => ({
  tone: 'error',
  text,
  detail: serverMessage(error),
});

/** One client: its data (editable), its sites, its contacts, its open corrective actions and its next visits. */
export function ClientDetail({ id }: { id: number }) {
  const client = useClient(id);
  return (
    <div className="client-detail">
      <p>
        <Link to="/admin/clients">{TEXT.back}</Link>
      </p>
      <RecordState
        query={client}
        texts={{
          loading: TEXT.detailLoading,
          loadFailed: TEXT.detailFailed,
          notFound: TEXT.notFound,
          notFoundHint: TEXT.notFoundHint,
        }}
      >
        {client.data ? <Detail client={client.data} /> : null}
      </RecordState>
    </div>
  );
}

function Detail({ client }: { client: ClientRecord }) {
  const update = useUpdateClient();
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  function toggleActive() {
    setNotice(null);
    update.mutate(
      { id: client.id, changes: { isActive: !client.isActive } },
      {
        onSuccess: (updated) => setNotice({ tone: 'success', text: TEXT.updated(updated.name) }),
        onError: (error) => setNotice(failure(TEXT.updateFailed, error)),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={client.name}
        subtitle={
          <StatusBadge tone={client.isActive ? 'success' : 'neutral'}>
            {client.isActive ? TEXT.active : TEXT.inactive}
          </StatusBadge>
        }
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setFormError(null);
                setEditing(true);
              }}
            >
              {TEXT.edit}
            </button>
            <button type="button" className="button button--ghost" onClick={toggleActive} disabled={update.isPending}>
              {client.isActive ? TEXT.deactivate : TEXT.activate}
            </button>
          </>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <dl className="client-detail__facts">
        <div>
          <dt>{TEXT.fields.taxId}</dt>
          <dd>{client.taxId ?? TEXT.none}</dd>
        </div>
        <div>
          <dt>{TEXT.fields.address}</dt>
          <dd>{client.address ?? TEXT.none}</dd>
        </div>
      </dl>
      <div className="client-detail__sections">
        <SitesSection client={client} />
        <ContactsSection client={client} />
        <PortalAccessSection client={client} />
        <ActionsSection client={client} />
        <VisitsSection client={client} />
      </div>
      {editing ? (
        <ClientFormModal
          client={client}
          saving={update.isPending}
          error={formError}
          onClose={() => setEditing(false)}
          onSubmit={(values) => {
            const changes = toUpdateClientBody(values, client);
            if (Object.keys(changes).length === 0) {
              setEditing(false);
              return;
            }
            update.mutate(
              { id: client.id, changes },
              {
                onSuccess: (updated) => {
                  setEditing(false);
                  setNotice({ tone: 'success', text: TEXT.updated(updated.name) });
                },
                onError: (error) => setFormError(failure(TEXT.updateFailed, error)),
              },
            );
          }}
        />
      ) : null}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel client-detail__section" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SitesSection({ client }: { client: ClientRecord }) {
  return (
    <Section id="client-sites" title={`${TEXT.sites} (${client.sites.length})`}>
      {client.sites.length === 0 ? (
        <p className="panel__text">
          {TEXT.noSites} <Link to="/admin/sites">{TEXT.newSite}</Link>
        </p>
      ) : (
        <ul className="client-detail__list">
          {client.sites.map((site) => (
            <li key={site.id}>
              <Link to={`/admin/sites/${site.id}`}>{site.name}</Link>
              {site.address ? <span className="data-table__secondary">{site.address}</span> : null}
              {site.isActive ? null : <StatusBadge tone="neutral">{TEXT.inactive}</StatusBadge>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type ContactEditing = { mode: 'create' } | { mode: 'edit'; contact: Contact };

function ContactsSection({ client }: { client: ClientRecord }) {
  const contacts = useContacts(client.id);
  const create = useCreateContact();
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<ContactEditing | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const list = contacts.data ?? [];
  const siteName = new Map(client.sites.map((site) => [site.id, site.name]));

  function open(next: ContactEditing) {
    setFormError(null);
    setNotice(null);
    setEditing(next);
  }

  return (
    <Section id="client-contacts" title={`${TEXT.contacts} (${list.length})`}>
      <div className="panel__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => open({ mode: 'create' })}
        >
          {TEXT.addContact}
        </button>
      </div>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={contacts.isPending}
        isError={contacts.isError}
        error={contacts.error}
        isEmpty={list.length === 0}
        loadingText={TEXT.contactsLoading}
        errorText={TEXT.contactsFailed}
        emptyText={TEXT.noContacts}
        onRetry={() => void contacts.refetch()}
      >
        <ul className="client-detail__list client-detail__contacts">
          {list.map((contact) => {
            const sends = (['notifyCertificates', 'notifyActions', 'notifyReviews'] as const)
              .filter((key) => contact[key])
              .map((key) => TEXT.sends[key]);
            return (
              <li key={contact.id}>
                <div className="client-contact__main">
                  <strong>{contact.name}</strong> · {contact.role}
                  <span className="data-table__secondary">
                    {[contact.email, contact.phone].filter(Boolean).join(' · ') || TEXT.none}
                  </span>
                  <span className="data-table__secondary">
                    {TEXT.contactFields.sites}:{' '}
                    {contact.siteIds.length === 0
                      ? TEXT.contactFields.allSites
                      : contact.siteIds.map((siteId) => siteName.get(siteId) ?? `#${siteId}`).join(', ')}
                  </span>
                  <span className="data-table__secondary">
                    {TEXT.contactFields.sends}: {sends.length > 0 ? sends.join(', ') : TEXT.nothingSent}
                  </span>
                </div>
                <div className="client-contact__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={TEXT.editContact(contact.name)}
                    onClick={() => open({ mode: 'edit', contact })}
                  >
                    Editar
                  </button>
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    aria-label={TEXT.deleteContact(contact.name)}
                    onClick={() => {
                      setNotice(null);
                      setDeleting(contact);
                    }}
                  >
                    Eliminar
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </QueryState>
      {editing ? (
        <ContactFormModal
          contact={editing.mode === 'edit' ? editing.contact : undefined}
          sites={client.sites}
          saving={create.isPending || update.isPending}
          error={formError}
          onClose={() => setEditing(null)}
          onSubmit={(values) => {
            const body = toContactBody(values);
            const done = {
              onSuccess: (saved: Contact) => {
                setEditing(null);
                setNotice({ tone: 'success', text: TEXT.contactSaved(saved.name) });
              },
              onError: (error: unknown) => setFormError(failure(TEXT.contactSaveFailed, error)),
            };
            if (editing.mode === 'edit') update.mutate({ id: editing.contact.id, changes: body }, done);
            else create.mutate({ clientId: client.id, body }, done);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={TEXT.deleteContact(deleting.name)}
          message={TEXT.confirmDeleteContact(deleting.name)}
          confirmLabel="Eliminar"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const { id, name } = deleting;
            remove.mutate(id, {
              onSuccess: () => setNotice({ tone: 'success', text: TEXT.contactDeleted(name) }),
              onError: (error) => setNotice(failure(TEXT.contactDeleteFailed, error)),
              onSettled: () => setDeleting(null),
            });
          }}
        />
      ) : null}
    </Section>
  );
}

function ActionsSection({ client }: { client: ClientRecord }) {
  return (
    <Section id="client-actions" title={`${TEXT.openActions} (${client.openActionCount})`}>
      {client.openActions.length === 0 ? (
        <p className="panel__text">{TEXT.noOpenActions}</p>
      ) : (
        <ul className="client-detail__list">
          {client.openActions.map((action) => (
            <li key={action.id}>
              <Link to={`/admin/actions/${action.id}`}>{action.description}</Link>
              <span className="data-table__secondary">
                {action.siteName} · {TEXT.due(formatDay(action.dueDate))} · {TEXT.severity[action.severity]} ·{' '}
                {TEXT.responsible[action.responsible]}
              </span>
              <StatusBadge tone={action.status === 'ABIERTA' ? 'danger' : 'warning'}>
                {TEXT.actionStatus[action.status]}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
      {client.openActionCount > client.openActions.length ? (
        <p className="field-hint">
          {TEXT.shownOf(client.openActions.length, client.openActionCount)} <Link to="/admin/actions">Ver todas</Link>
        </p>
      ) : null}
    </Section>
  );
}

function VisitsSection({ client }: { client: ClientRecord }) {
  const serverZone = useServerTimeZone();
  return (
    <Section id="client-visits" title={`${TEXT.nextVisits} (${client.nextVisitCount})`}>
      {client.nextVisits.length === 0 ? (
        <p className="panel__text">{TEXT.noVisits}</p>
      ) : (
        <ul className="client-detail__list">
          {client.nextVisits.map((visit) => (
            <li key={visit.id}>
              <Link to={`/admin/sessions/${visit.id}`}>
                {visit.scheduledAt
                  ? formatDateTimeIn(visit.scheduledAt, visit.siteTimeZone ?? serverZone)
                  : TEXT.unscheduled}
              </Link>
              <span className="data-table__secondary">
                {visit.siteName} · {visit.technicianName}
                {visit.servicePlanName ? ` · ${visit.servicePlanName}` : ''} · {TEXT.orderLink(visit.id)}
              </span>
              <StatusBadge tone={visit.status === 'PENDING' ? 'warning' : 'info'}>
                {TEXT.visitStatus[visit.status]}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
      {client.nextVisitCount > client.nextVisits.length ? (
        <p className="field-hint">{TEXT.shownOf(client.nextVisits.length, client.nextVisitCount)}</p>
      ) : null}
    </Section>
  );
}
