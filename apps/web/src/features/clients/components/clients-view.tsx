import './clients.css';
import type { Client } from '@rondin/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import type { NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { SearchField } from '../../../components/ui/search-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useCreateClient } from '../api/create-client';
import { useClients } from '../api/get-clients';
import { CLIENT_MESSAGES as TEXT } from '../messages';
import { matchesClient } from '../utils/client-search';
import { ClientFormModal, toCreateClientBody } from './client-form-modal';

/** The companies served: search them, open one, create one (which opens it). */
export function ClientsView() {
  const clients = useClients();
  const createClient = useCreateClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<NoticeMessage | null>(null);
  const all = clients.data ?? [];
  const shown = all.filter((client) => matchesClient(client, search));

  function setSearch(value: string) {
    setParams(value ? { q: value } : {}, { replace: true });
  }

  return (
    <>
      <PageHeader
        title={TEXT.title}
        subtitle={clients.isSuccess ? TEXT.summary(all.length) : TEXT.subtitle}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setFormError(null);
              setCreating(true);
            }}
          >
            {TEXT.create}
          </button>
        }
      />
      {all.length > 0 ? (
        <div className="clients-toolbar">
          <SearchField label={TEXT.search} placeholder={TEXT.searchPlaceholder} value={search} onSearch={setSearch} />
        </div>
      ) : null}
      <QueryState
        isPending={clients.isPending}
        isError={clients.isError}
        error={clients.error}
        isEmpty={shown.length === 0}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={all.length === 0 ? TEXT.empty : TEXT.noMatch}
        emptyAction={
          all.length > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => setSearch('')}>
              {TEXT.clearSearch}
            </button>
          ) : undefined
        }
        onRetry={() => void clients.refetch()}
      >
        <ClientsTable clients={shown} />
      </QueryState>
      {creating ? (
        <ClientFormModal
          saving={createClient.isPending}
          error={formError}
          onClose={() => setCreating(false)}
          onSubmit={(values) =>
            createClient.mutate(toCreateClientBody(values), {
              // A new client is filled in on its own page (its sites, its contacts), so saving opens it.
              onSuccess: (client) => navigate(`/admin/clients/${client.id}`),
              onError: (error) =>
                setFormError({ tone: 'error', text: TEXT.createFailed, detail: serverMessage(error) }),
            })
          }
        />
      ) : null}
    </>
  );
}

function ClientsTable({ clients }: { clients: Client[] }) {
  return (
    <DataTable caption="Clientes atendidos" columns={['Nombre', 'Dirección', 'Sitios', 'Contactos', 'Estado']}>
      {clients.map((client) => (
        <tr key={client.id}>
          <th scope="row" className="data-table__primary">
            <Link to={`/admin/clients/${client.id}`}>{client.name}</Link>
            {client.taxId ? <span className="data-table__secondary">{client.taxId}</span> : null}
          </th>
          <td data-label="Dirección">{client.address ?? <span className="muted">Sin dirección</span>}</td>
          <td data-label="Sitios">{formatCount(client.siteCount)}</td>
          <td data-label="Contactos">{formatCount(client.contactCount)}</td>
          <td data-label="Estado">
            <StatusBadge tone={client.isActive ? 'success' : 'neutral'}>
              {client.isActive ? TEXT.active : TEXT.inactive}
            </StatusBadge>
          </td>
          <td className="data-table__actions">
            <Link
              to={`/admin/clients/${client.id}`}
              className="button button--ghost button--small"
              aria-label={TEXT.openClient(client.name)}
            >
              {TEXT.open}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
