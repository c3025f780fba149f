import { ACTION_TRANSITIONS } from '@rondin/contracts/action-names';
import './actions.css';
import type { ActionStatus, CorrectiveActionDetail } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAction } from '../api/get-action';
import { useUpdateAction } from '../api/update-action';
import { ACTION_MESSAGES as TEXT } from '../messages';
import { formatDay, STATUS_TONES } from './actions-view';

/** One corrective action: what, where, its state with the changes it may take, its history and occurrences. */
export function ActionDetail({ id }: { id: number }) {
  const action = useAction(id);
  return (
    <div className="action-detail">
      <p>
        <Link to="/admin/actions">{TEXT.back}</Link>
      </p>
      <PageHeader title={TEXT.detailTitle(id)} />
      <QueryState
        isPending={action.isPending}
        isError={action.isError}
        error={action.error}
        loadingText={TEXT.detailLoading}
        errorText={TEXT.detailFailed}
        onRetry={() => void action.refetch()}
      >
        {action.data ? <Detail action={action.data} /> : null}
      </QueryState>
    </div>
  );
}

function Detail({ action }: { action: CorrectiveActionDetail }) {
  const fields = TEXT.fields;
  return (
    <>
      <div className="action-card__badges">
        <StatusBadge tone={STATUS_TONES[action.status]}>{TEXT.statusNames[action.status]}</StatusBadge>
        {action.overdue ? <StatusBadge tone="danger">{TEXT.overdueBadge}</StatusBadge> : null}
      </div>
      <dl className="action-detail__grid">
        <Fact label={fields.description} value={action.description} />
        <Fact label={fields.site} value={action.site.name} />
        <Fact
          label={fields.device}
          value={action.trap ? `${action.trap.code} · ${TRAP_TYPE_NAMES[action.trap.type]}` : TEXT.noDevice}
        />
        <Fact label={fields.area} value={action.area ?? '—'} />
        <Fact label={fields.origin} value={TEXT.originNames[action.origin]} />
        <Fact
          label={fields.detected}
          value={`${formatDateTime(action.detectedAt)}${action.detectedBy ? ` ${TEXT.by(action.detectedBy.fullName)}` : ''}`}
        />
        <Fact label={fields.severity} value={TEXT.severityNames[action.severity]} />
        <Fact label={fields.due} value={formatDay(action.dueDate)} />
        <Fact
          label={fields.responsible}
          value={`${TEXT.responsibleNames[action.responsible]}${action.responsibleName ? ` · ${action.responsibleName}` : ''}`}
        />
        {action.rootCause ? <Fact label={fields.rootCause} value={action.rootCause} /> : null}
        {action.preventiveAction ? <Fact label={fields.preventiveAction} value={action.preventiveAction} /> : null}
        {action.closingNote ? <Fact label={fields.closingNote} value={action.closingNote} /> : null}
      </dl>
      {(action.trap || action.area) && action.status !== 'CERRADA' ? (
        <section aria-labelledby="action-verification">
          <h2 id="action-verification">{TEXT.verification}</h2>
          {action.verificationSuggested ? (
            <Notice
              notice={{
                tone: 'info',
                text: action.trap ? TEXT.verificationSuggested : TEXT.areaVerificationSuggested,
              }}
            />
          ) : (
            <p>{action.trap ? TEXT.verificationPending : TEXT.areaVerificationPending}</p>
          )}
        </section>
      ) : null}
      <StatusForm action={action} />
      <section aria-labelledby="action-history">
        <h2 id="action-history">{TEXT.history}</h2>
        <ol className="action-detail__timeline">
          {action.history.map((event) => (
            <li key={`${event.at}-${event.toStatus}`}>
              <strong>
                {TEXT.historyEntry(
                  event.fromStatus ? TEXT.statusNames[event.fromStatus] : null,
                  TEXT.statusNames[event.toStatus],
                )}
              </strong>{' '}
              · {formatDateTime(event.at)}
              {event.by ? ` ${TEXT.by(event.by.fullName)}` : ''}
              {event.note ? <p className="data-table__secondary">{event.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="action-occurrences">
        <h2 id="action-occurrences">{TEXT.occurrences}</h2>
        {action.occurrences.length === 0 ? (
          <p>{TEXT.noOccurrences}</p>
        ) : (
          <ol className="action-detail__timeline">
            {action.occurrences.map((occurrence) => (
              <li key={occurrence.id}>
                <strong>{formatDateTime(occurrence.occurredAt)}</strong> ·{' '}
                <Link to={`/admin/sessions/${occurrence.sessionId}`}>{TEXT.orderLink(occurrence.sessionId)}</Link>
                <ul>
                  {occurrence.breaches.map((breach) => (
                    <li key={`${breach.metric}-${breach.pestGroup}-${breach.level}`}>
                      {TEXT.levelNames[breach.level]}:{' '}
                      {TEXT.breach(TEXT.metricNames[breach.metric], breach.observed, breach.limit)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The state changes the action may take now; closing asks for a note, reopening for a reason. */
function StatusForm({ action }: { action: CorrectiveActionDetail }) {
  const update = useUpdateAction();
  const choices = ACTION_TRANSITIONS[action.status];
  const [to, setTo] = useState<ActionStatus>(choices[0]!);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const ids = { status: useId(), text: useId(), heading: useId() };
  const next = choices.includes(to) ? to : choices[0]!;
  const textLabel = next === 'CERRADA' ? TEXT.closingNoteLabel : action.status === 'CERRADA' ? TEXT.reasonLabel : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const changes =
      next === 'CERRADA'
        ? { status: next, closingNote: text }
        : action.status === 'CERRADA'
          ? { status: next, reason: text }
          : { status: next };
    update.mutate(
      { id: action.id, changes },
      {
        onSuccess: () => {
          setText('');
          setNotice({ tone: 'success', text: TEXT.saved });
        },
        onError: (error) => setNotice({ tone: 'error', text: TEXT.saveFailed, detail: serverMessage(error) }),
      },
    );
  }

  return (
    <section aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{TEXT.changeStatus}</h2>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <form className="action-detail__status-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.status}>{TEXT.newStatus}</label>
          <select id={ids.status} value={next} onChange={(event) => setTo(event.target.value as ActionStatus)}>
            {choices.map((status) => (
              <option key={status} value={status}>
                {TEXT.statusNames[status]}
              </option>
            ))}
          </select>
        </div>
        {textLabel ? (
          <div className="field">
            <label htmlFor={ids.text}>{textLabel}</label>
            <textarea
              id={ids.text}
              value={text}
              required
              maxLength={2000}
              rows={3}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? TEXT.saving : TEXT.save}
          </button>
        </div>
      </form>
    </section>
  );
}
