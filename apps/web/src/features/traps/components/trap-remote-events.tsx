import { ACTIVITY_NAMES } from '@rondin/contracts/finding-rules';
import { REMOTE_EVENT_TYPE_NAMES, REMOTE_FINDING_TYPES } from '@rondin/contracts/devices';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { TRAP_REMOTE_EVENTS_PAGE_SIZE, useTrapRemoteEvents } from '../api/get-trap-remote-events';
import { DETAIL_MESSAGES as TEXT } from '../messages';
import { TrapPagedSection } from './trap-paged-section';

/**
 * What an electronic device reported (POST /api/remote-events, MQTT), apart from the orders it was in: each
 * event marked «Remoto», since none of them is a technician's visit. Shown for a device with an external id
 * or with events.
 */
export function TrapRemoteEvents({ trapId, hasExternalId }: { trapId: number; hasExternalId: boolean }) {
  const [page, setPage] = useState(1);
  const events = useTrapRemoteEvents(trapId, page);
  if (!hasExternalId && events.data?.total === 0) return null;
  return (
    <TrapPagedSection
      id="trap-remote-title"
      title={TEXT.remoteTitle}
      intro={TEXT.remoteIntro}
      noun={['evento', 'eventos']}
      query={events}
      texts={{ loading: TEXT.remoteLoading, failed: TEXT.remoteFailed, empty: TEXT.remoteEmpty }}
      page={page}
      pageSize={TRAP_REMOTE_EVENTS_PAGE_SIZE}
      onPageChange={setPage}
      paginationLabel="Páginas de los eventos remotos"
    >
      {(shown) => (
        <table className="data-table data-table--plain">
          <caption className="visually-hidden">Eventos informados por el dispositivo electrónico</caption>
          <thead>
            <tr>
              <th scope="col">Evento</th>
              <th scope="col">Hora</th>
              <th scope="col">Hallazgo</th>
            </tr>
          </thead>
          <tbody>
            {shown.items.map((event) => (
              <tr key={event.id}>
                <th scope="row">
                  <StatusBadge tone="info">{TEXT.remoteMark}</StatusBadge> {REMOTE_EVENT_TYPE_NAMES[event.type]}
                  {event.count !== null ? ` · ${event.count}` : ''}
                </th>
                <td>{formatDateTime(event.occurredAt)}</td>
                <td>
                  {REMOTE_FINDING_TYPES.includes(event.type) && event.activity
                    ? ACTIVITY_NAMES[event.activity]
                    : 'Aviso de mantenimiento'}
                  {event.actionIds.map((actionId) => (
                    <span key={actionId} className="data-table__secondary">
                      <Link to={`/admin/actions/${actionId}`}>Acción correctiva #{actionId}</Link>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TrapPagedSection>
  );
}
