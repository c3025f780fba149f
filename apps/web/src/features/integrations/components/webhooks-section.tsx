import type { Webhook, WebhookDelivery, WebhookEvent } from '@rondin/contracts';
import {
  WEBHOOK_DELIVERY_STATUS_NAMES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from '@rondin/contracts/integration-names';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { WEBHOOK_MESSAGES as TEXT } from '../messages';
import { CreateDialog, IntegrationListSection } from './integration-list-section';

const DELIVERY_TONE = { PENDING: 'warning', DELIVERED: 'success', FAILED: 'danger' } as const;

/** «Webhooks»: created (the secret shown once), switched on and off, tried with «Probar», their deliveries' log. */
export function WebhooksSection() {
  const hooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  return (
    <IntegrationListSection
      texts={TEXT}
      query={hooks}
      notice={notice}
      onNotice={setNotice}
      onCreate={() => setCreating(true)}
      shown={secret ? { title: TEXT.shownTitle, secret } : null}
      onShownClose={() => setSecret(null)}
      dialogs={
        creating ? (
          <CreateWebhookDialog
            onClose={() => setCreating(false)}
            onCreated={(created) => {
              setCreating(false);
              setSecret(created);
            }}
          />
        ) : null
      }
    >
      {(list) => (
        <ul className="webhook-list">
          {list.map((hook) => (
            <WebhookCard key={hook.id} hook={hook} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </IntegrationListSection>
  );
}

function hookState(hook: Webhook): { tone: 'success' | 'neutral' | 'danger' | 'warning'; text: string } {
  if (hook.disabledForFailuresAt) {
    return { tone: 'danger', text: TEXT.disabledForFailures(formatDateTime(hook.disabledForFailuresAt)) };
  }
  if (!hook.enabled) return { tone: 'neutral', text: TEXT.disabled };
  if (hook.failingSince) return { tone: 'warning', text: TEXT.failingSince(formatDateTime(hook.failingSince)) };
  return { tone: 'success', text: TEXT.enabled };
}

function WebhookCard({ hook, onNotice }: { hook: Webhook; onNotice: (notice: NoticeMessage) => void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [tested, setTested] = useState<NoticeMessage | null>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [removing, setRemoving] = useState(false);
  const deliveriesId = useId();
  const state = hookState(hook);

  function runTest() {
    setTested(null);
    test.mutate(hook.id, {
      onSuccess: (delivery) =>
        setTested(
          delivery.status === 'DELIVERED'
            ? { tone: 'success', text: TEXT.testDelivered(delivery.lastStatusCode) }
            : {
                tone: 'error',
                text: TEXT.testNotDelivered(delivery.lastError),
                detail: delivery.lastResponse ?? undefined,
              },
        ),
      onError: (error) => setTested({ tone: 'error', text: TEXT.testFailed, detail: serverMessage(error) }),
    });
  }

  return (
    <li className="webhook-card">
      <div className="webhook-card__head">
        <p className="webhook-card__url">{hook.url}</p>
        <StatusBadge tone={state.tone}>{state.text}</StatusBadge>
      </div>
      {hook.description ? <p className="webhook-card__description">{hook.description}</p> : null}
      <ul className="webhook-card__events" aria-label={TEXT.events}>
        {hook.events.map((event) => (
          <li key={event} title={event}>
            {TEXT.eventNames[event]}
          </li>
        ))}
      </ul>
      <div className="webhook-card__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={test.isPending}
          onClick={runTest}
        >
          {test.isPending ? TEXT.testing : TEXT.test}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: hook.id, enabled: !hook.enabled },
              {
                onSuccess: (saved) =>
                  onNotice({ tone: 'success', text: saved.enabled ? TEXT.enabledDone : TEXT.disabledDone }),
                onError: (error) => onNotice({ tone: 'error', text: TEXT.toggleFailed, detail: serverMessage(error) }),
              },
            )
          }
        >
          {hook.enabled ? TEXT.disable : TEXT.enable}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? TEXT.hideDeliveries : TEXT.showDeliveries}
        </button>
        <button type="button" className="button button--ghost-danger button--small" onClick={() => setRemoving(true)}>
          {TEXT.remove.label}
        </button>
      </div>
      {tested ? <Notice notice={tested} onDismiss={() => setTested(null)} /> : null}
      <div id={deliveriesId}>{showDeliveries ? <Deliveries id={hook.id} /> : null}</div>
      {removing ? (
        <ConfirmDialog
          title={TEXT.remove.question}
          message={TEXT.remove.consequence}
          confirmLabel={TEXT.remove.label}
          busy={remove.isPending}
          onCancel={() => setRemoving(false)}
          onConfirm={() =>
            // A promise rather than mutate's callbacks: the card is gone once the list is read again without it.
            remove.mutateAsync(hook.id).then(
              () => onNotice({ tone: 'success', text: TEXT.remove.done }),
              (error: unknown) => {
                setRemoving(false);
                onNotice({ tone: 'error', text: TEXT.remove.failed, detail: serverMessage(error) });
              },
            )
          }
        />
      ) : null}
    </li>
  );
}

function Deliveries({ id }: { id: number }) {
  const deliveries = useWebhookDeliveries(id);
  const list = deliveries.data ?? [];
  return (
    <div className="webhook-card__deliveries">
      <h3 className="webhook-card__deliveries-title">{TEXT.deliveriesTitle}</h3>
      <QueryState
        isPending={deliveries.isPending}
        isError={deliveries.isError}
        error={deliveries.error}
        loadingText={TEXT.deliveriesLoading}
        errorText={TEXT.deliveriesFailed}
        onRetry={() => void deliveries.refetch()}
        isEmpty={list.length === 0}
        emptyText={TEXT.deliveriesEmpty}
      >
        <DataTable caption={TEXT.deliveriesTitle} columns={[...TEXT.deliveryColumns]}>
          {list.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </DataTable>
      </QueryState>
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const [, status, attempts, answer, date] = TEXT.deliveryColumns;
  return (
    <tr>
      <th scope="row" className="data-table__primary">
        {delivery.isTest ? TEXT.testEvent : (TEXT.eventNames[delivery.eventType as WebhookEvent] ?? delivery.eventType)}{' '}
        <code className="muted">{delivery.eventType}</code>
      </th>
      <td data-label={status}>
        <StatusBadge tone={DELIVERY_TONE[delivery.status]}>
          {WEBHOOK_DELIVERY_STATUS_NAMES[delivery.status]}
        </StatusBadge>
      </td>
      <td data-label={attempts}>{delivery.attempts}</td>
      <td data-label={answer} className="webhook-card__answer">
        {TEXT.answer(delivery.lastStatusCode, delivery.lastResponse, delivery.lastError)}
      </td>
      <td data-label={date}>
        {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
        {delivery.nextAttemptAt ? (
          <span className="muted webhook-card__next"> {TEXT.nextAttempt(formatDateTime(delivery.nextAttemptAt))}</span>
        ) : null}
      </td>
      <td className="data-table__actions" />
    </tr>
  );
}

function CreateWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { url: useId(), hint: useId(), description: useId(), events: useId() };

  function submit() {
    if (!url.trim()) return setProblem(TEXT.urlRequired);
    if (!events.length) return setProblem(TEXT.eventsRequired);
    setProblem(null);
    create.mutate(
      { url: url.trim(), events, description: description.trim() || null },
      {
        onSuccess: (created) => onCreated(created.secret),
        onError: (error) => setProblem(serverMessage(error) ?? TEXT.createFailed),
      },
    );
  }

  return (
    <CreateDialog
      title={TEXT.createTitle}
      submitLabel={TEXT.submit}
      saving={create.isPending}
      problem={problem}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={ids.url}>{TEXT.url}</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://erp.ejemplo.cl/rondin"
          aria-describedby={ids.hint}
          onChange={(changed) => setUrl(changed.target.value)}
          data-autofocus
        />
        <p id={ids.hint} className="field-hint">
          {TEXT.urlHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{TEXT.description}</label>
        <input
          id={ids.description}
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          onChange={(changed) => setDescription(changed.target.value)}
        />
      </div>
      <fieldset className="integration-choices">
        <legend>{TEXT.events}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="checkbox-field">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(changed) =>
                setEvents((chosen) =>
                  changed.target.checked ? [...chosen, event] : chosen.filter((other) => other !== event),
                )
              }
            />
            {TEXT.eventNames[event]}
          </label>
        ))}
      </fieldset>
    </CreateDialog>
  );
}
