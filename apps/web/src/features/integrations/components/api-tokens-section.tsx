import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@rondin/contracts';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@rondin/contracts/integration-names';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import type { NoticeMessage } from '../../../components/ui/notice';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { API_TOKEN_MESSAGES as TEXT } from '../messages';
import { CreateDialog, IntegrationListSection } from './integration-list-section';

/** «Tokens de API»: created (the token shown once), listed with their last use, revoked after a question. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  return (
    <IntegrationListSection
      texts={TEXT}
      query={tokens}
      notice={notice}
      onNotice={setNotice}
      onCreate={() => setCreating(true)}
      shown={created ? { title: TEXT.shownTitle(created.apiToken.name), secret: created.token } : null}
      onShownClose={() => setCreated(null)}
      dialogs={
        <>
          {creating ? (
            <CreateApiTokenDialog
              onClose={() => setCreating(false)}
              onCreated={(result) => {
                setCreating(false);
                setCreated(result);
              }}
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
                  onError: (error) =>
                    setNotice({ tone: 'error', text: TEXT.revoke.failed, detail: serverMessage(error) }),
                  onSettled: () => setRevoking(null),
                })
              }
            />
          ) : null}
        </>
      }
    >
      {(list) => (
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
      )}
    </IntegrationListSection>
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

  function submit() {
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
    <CreateDialog
      title={TEXT.createTitle}
      submitLabel={TEXT.submit}
      saving={create.isPending}
      problem={problem}
      onClose={onClose}
      onSubmit={submit}
    >
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
    </CreateDialog>
  );
}
