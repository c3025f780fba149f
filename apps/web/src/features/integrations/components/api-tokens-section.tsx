import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@rondin/contracts';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@rondin/contracts/integration-names';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { API_TOKEN_MESSAGES as TEXT } from '../messages';

/** «Tokens de API»: created (the token shown once), listed with their last use, revoked after a question. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const list = tokens.data ?? [];

  return (
    <SettingsSection
      title={TEXT.title}
      intro={TEXT.intro}
      notice={notice}
      onDismiss={() => setNotice(null)}
      action={
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {TEXT.create}
        </button>
      }
    >
      <QueryState
        isPending={tokens.isPending}
        isError={tokens.isError}
        error={tokens.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void tokens.refetch()}
        isEmpty={list.length === 0}
        emptyText={TEXT.empty}
      >
        <DataTable caption={TEXT.caption} columns={[...TEXT.columns]}>
          {list.map((token) => (
            <tr key={token.id}>
              <th scope="row" className="data-table__primary">
                {token.name} <code className="muted">{token.hint}…</code>
              </th>
              <td data-label={TEXT.columns[1]}>{TEXT.scopes[token.scope]}</td>
              <td data-label={TEXT.columns[2]}>
                {TEXT.createdBy(formatDateTime(token.createdAt), token.createdBy.fullName)}
              </td>
              <td data-label={TEXT.columns[3]}>
                {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : TEXT.neverUsed}
              </td>
              <td data-label={TEXT.columns[4]}>
                <StatusBadge tone={token.revokedAt ? 'neutral' : 'success'}>
                  {token.revokedAt ? TEXT.revokedOn(formatDateTime(token.revokedAt)) : TEXT.active}
                </StatusBadge>
              </td>
              <td className="data-table__actions">
                {token.revokedAt ? null : (
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    aria-label={`${TEXT.revoke.label} ${token.name}`}
                    onClick={() => setRevoking(token)}
                  >
                    {TEXT.revoke.label}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      {creating ? (
        <CreateApiTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
          }}
        />
      ) : null}
      {created ? (
        <ShownOnceDialog
          value={created.token}
          valueClassName="integrations-secret"
          texts={{
            title: TEXT.shownTitle(created.apiToken.name),
            hint: TEXT.shownWarning,
            label: TEXT.tokenLabel,
            copy: TEXT.copy,
            copied: TEXT.copied,
            copyFailed: TEXT.copyFailed,
            done: TEXT.done,
          }}
          onClose={() => setCreated(null)}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={TEXT.revoke.question(revoking.name)}
          message={TEXT.revoke.consequence}
          confirmLabel={TEXT.revoke.label}
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => setNotice({ tone: 'success', text: TEXT.revoke.done(revoking.name) }),
              onError: (error) => setNotice({ tone: 'error', text: TEXT.revoke.failed, detail: serverMessage(error) }),
              onSettled: () => setRevoking(null),
            })
          }
        />
      ) : null}
    </SettingsSection>
  );
}

function CreateApiTokenDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { name: useId(), hint: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setProblem(TEXT.nameRequired);
    setProblem(null);
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: onCreated,
        onError: (error) => setProblem(serverMessage(error) ?? TEXT.createFailed),
      },
    );
  }

  return (
    <Modal title={TEXT.createTitle} onClose={onClose} locked={create.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>{TEXT.name}</label>
          <input
            id={ids.name}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            aria-describedby={ids.hint}
            onChange={(event) => setName(event.target.value)}
            data-autofocus
          />
          <p id={ids.hint} className="field-hint">
            {TEXT.nameHint}
          </p>
        </div>
        <fieldset className="integration-choices">
          <legend>{TEXT.scope}</legend>
          {API_TOKEN_SCOPES.map((option) => (
            <label key={option} className="checkbox-field">
              <input
                type="radio"
                name="scope"
                value={option}
                checked={scope === option}
                onChange={() => setScope(option)}
              />
              {TEXT.scopes[option]}
            </label>
          ))}
        </fieldset>
        {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : null}
        <FormActions saving={create.isPending} submitLabel={TEXT.submit} savingLabel="Creando…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
