import { ACTION_TRANSITIONS } from '@rondin/contracts/action-names';
import './actions.css';
import type {
  ActionFieldChange,
  ActionResponse,
  ActionStatus,
  CorrectiveActionDetail,
  PortalAcknowledgement,
} from '@rondin/contracts';
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
import { formatDay } from '../utils/format-day';
import { ActionFormModal } from './action-form-modal';
import { ActionPhotos } from './action-photos';
import { STATUS_TONES } from './actions-view';
import { PlantAnswers } from './plant-answers';

/**
 * What the plant's portal adds to a recommendation: read when the server sends it (the portal's module fills
 * them), none before.
 */
type WithPlantAnswers = CorrectiveActionDetail &
  Partial<{ acknowledgement: PortalAcknowledgement | null; responses: ActionResponse[] }>;

/** Today in the browser's calendar, YYYY-MM-DD: a verification's default day. */
function today(): string {
  const day = new Date();
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

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
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const closed = action.status === 'CERRADA';
  const impact = action.productImpactKind
    ? `${TEXT.productImpactNames[action.productImpactKind]}${action.productImpact ? ` · ${action.productImpact}` : ''}`
    : action.productImpact;
  return (
    <>
      <div className="action-detail__head">
        <div className="action-card__badges">
          <StatusBadge tone={STATUS_TONES[action.status]}>{TEXT.statusNames[action.status]}</StatusBadge>
          {action.overdue ? <StatusBadge tone="danger">{TEXT.overdueBadge}</StatusBadge> : null}
        </div>
        {closed ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {TEXT.editAction}
          </button>
        )}
      </div>
      {saved && !closed ? (
        <Notice notice={{ tone: 'success', text: TEXT.edited }} onDismiss={() => setSaved(false)} />
      ) : null}
      {editing ? (
        <ActionFormModal
          sites={[]}
          action={action}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : null}
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
        <Fact label={fields.productImpact} value={impact ?? TEXT.notStated} />
        <Fact label={fields.immediateCorrection} value={action.immediateCorrection ?? TEXT.notStated} />
        <Fact label={fields.rootCause} value={action.rootCause ?? TEXT.notStated} />
        <Fact label={fields.preventiveAction} value={action.preventiveAction ?? TEXT.notStated} />
        <Fact label={fields.verificationPlan} value={action.verificationPlan ?? TEXT.notStated} />
        {action.verifiedOn && action.verifiedBy ? (
          <Fact
            label={fields.verification}
            value={`${TEXT.verifiedStatement(formatDay(action.verifiedOn), action.verifiedBy)}: ${action.verificationResult ?? ''}`}
          />
        ) : null}
        {action.closingNote ? <Fact label={fields.closingNote} value={action.closingNote} /> : null}
      </dl>
      <ActionPhotos action={action} />
      {action.responsible === 'CLIENTE' ? (
        <PlantAnswers
          actionId={action.id}
          acknowledgement={(action as WithPlantAnswers).acknowledgement ?? null}
          responses={(action as WithPlantAnswers).responses ?? []}
        />
      ) : null}
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
      <section aria-labelledby="action-field-changes">
        <h2 id="action-field-changes">{TEXT.fieldChanges}</h2>
        {action.fieldChanges.length === 0 ? (
          <p>{TEXT.noFieldChanges}</p>
        ) : (
          <ol className="action-detail__timeline">
            {action.fieldChanges.map((change) => (
              <li key={`${change.at}-${change.field}`}>
                <strong>
                  {TEXT.fieldChange(
                    TEXT.trackedFieldNames[change.field],
                    fieldValue(change, change.before),
                    fieldValue(change, change.after),
                  )}
                </strong>{' '}
                · {formatDateTime(change.at)}
                {change.by ? ` ${TEXT.by(change.by.fullName)}` : ''}
                {change.reason ? (
                  <p className="data-table__secondary">
                    {TEXT.reasonPrefix} {change.reason}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
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
                {occurrence.sessionId === null ? (
                  TEXT.remoteOccurrence
                ) : (
                  <Link to={`/admin/sessions/${occurrence.sessionId}`}>{TEXT.orderLink(occurrence.sessionId)}</Link>
                )}
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

/** A tracked field's value as the office reads it: a day as 31/01/2026, the responsible by its name. */
function fieldValue(change: ActionFieldChange, value: string | null): string {
  if (value === null) return TEXT.notStated;
  if (change.field === 'dueDate') return formatDay(value);
  if (change.field === 'responsible') return TEXT.responsibleNames[value as 'EMPRESA' | 'CLIENTE'] ?? value;
  return value;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The state changes the action may take now. Closing states how it was verified, by whom and when (the server
 * refuses a close without them); reopening asks for a reason.
 */
function StatusForm({ action }: { action: CorrectiveActionDetail }) {
  const update = useUpdateAction();
  const choices = ACTION_TRANSITIONS[action.status];
  const [to, setTo] = useState<ActionStatus>(choices[0]!);
  const [text, setText] = useState('');
  const [verification, setVerification] = useState({
    verificationResult: action.verificationResult ?? '',
    verifiedBy: action.verifiedBy ?? '',
    verifiedOn: action.verifiedOn ?? today(),
  });
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const ids = {
    status: useId(),
    text: useId(),
    heading: useId(),
    result: useId(),
    by: useId(),
    on: useId(),
  };
  const next = choices.includes(to) ? to : choices[0]!;
  const closing = next === 'CERRADA';
  const textLabel = closing ? TEXT.closingNoteOptional : action.status === 'CERRADA' ? TEXT.reasonLabel : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const changes = closing
      ? { status: next, ...verification, closingNote: text.trim() ? text : null }
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
        {closing ? (
          <>
            <div className="field">
              <label htmlFor={ids.result}>{TEXT.verificationResultLabel}</label>
              <textarea
                id={ids.result}
                required
                maxLength={2000}
                rows={3}
                value={verification.verificationResult}
                onChange={(event) =>
                  setVerification((current) => ({ ...current, verificationResult: event.target.value }))
                }
              />
            </div>
            <div className="action-form__row">
              <div className="field">
                <label htmlFor={ids.by}>{TEXT.verifiedByLabel}</label>
                <input
                  id={ids.by}
                  required
                  maxLength={200}
                  value={verification.verifiedBy}
                  onChange={(event) => setVerification((current) => ({ ...current, verifiedBy: event.target.value }))}
                />
              </div>
              <div className="field">
                <label htmlFor={ids.on}>{TEXT.verifiedOnLabel}</label>
                <input
                  id={ids.on}
                  type="date"
                  required
                  max={today()}
                  value={verification.verifiedOn}
                  onChange={(event) => setVerification((current) => ({ ...current, verifiedOn: event.target.value }))}
                />
              </div>
            </div>
          </>
        ) : null}
        {textLabel ? (
          <div className="field">
            <label htmlFor={ids.text}>{textLabel}</label>
            <textarea
              id={ids.text}
              value={text}
              required={!closing}
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
