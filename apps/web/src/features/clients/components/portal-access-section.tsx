import type { ClientDetail, PortalAccount, PortalInvitationIssued } from '@rondin/contracts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePortalAccountMutations, usePortalAccounts } from '../api/portal-accounts';
import { PORTAL_ACCESS_MESSAGES as TEXT } from '../messages';

const STATE_TONES = { PENDIENTE: 'warning', VENCIDA: 'danger', ACEPTADA: 'success' } as const;
const failure = (text: string, error: unknown): NoticeMessage => ({
  tone: 'error',
  text,
  detail: describeError(error),
});

/**
 * «Acceso al portal»: the client's people who may sign in to the plant's portal. Inviting one shows the
 * single-use link once, to copy; a link not used in time (or lost) is issued again, which is also how a forgotten
 * password is chosen anew; an account is deactivated and reactivated here.
 */
export function PortalAccessSection({ client }: { client: ClientDetail }) {
  const accounts = usePortalAccounts(client.id);
  const { invite, reissue, update } = usePortalAccountMutations(client.id);
  const [inviting, setInviting] = useState(false);
  const [issued, setIssued] = useState<PortalInvitationIssued | null>(null);
  const [deactivating, setDeactivating] = useState<PortalAccount | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const list = accounts.data?.items ?? [];
  const siteName = new Map(client.sites.map((site) => [site.id, site.name]));

  function setActive(account: PortalAccount, isActive: boolean) {
    setNotice(null);
    update.mutate(
      { id: account.id, changes: { isActive } },
      {
        onSuccess: () =>
          setNotice({
            tone: 'success',
            text: isActive ? TEXT.activated(account.fullName) : TEXT.deactivated(account.fullName),
          }),
        onError: (error) => setNotice(failure(TEXT.updateFailed, error)),
        onSettled: () => setDeactivating(null),
      },
    );
  }

  return (
    <section className="panel client-detail__section portal-access" aria-labelledby="client-portal">
      <h2 id="client-portal" className="panel__title">
        {`${TEXT.title} (${list.length})`}
      </h2>
      <p className="panel__text">{TEXT.intro}</p>
      <div className="panel__actions">
        <button
          ref={inviteButton}
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setNotice(null);
            invite.reset();
            setInviting(true);
          }}
        >
          {TEXT.invite}
        </button>
      </div>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={accounts.isPending}
        isError={accounts.isError}
        error={accounts.error}
        isEmpty={list.length === 0}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={TEXT.empty}
        onRetry={() => void accounts.refetch()}
      >
        <ul className="client-detail__list client-detail__contacts">
          {list.map((account) => {
            const { state } = account.invitation;
            const day = formatDateTime(
              state === 'ACEPTADA'
                ? (account.invitation.acceptedAt ?? account.invitation.issuedAt)
                : account.invitation.expiresAt,
            );
            return (
              <li key={account.id}>
                <div className="client-contact__main">
                  <strong>{account.fullName}</strong> ·{' '}
                  <StatusBadge tone={account.isActive ? STATE_TONES[state] : 'neutral'}>
                    {account.isActive ? TEXT.stateBadges[state] : TEXT.inactive}
                  </StatusBadge>
                  <span className="data-table__secondary">{account.email}</span>
                  <span className="data-table__secondary">
                    {TEXT.fields.sites}:{' '}
                    {account.siteIds.length === 0
                      ? TEXT.fields.allSites
                      : account.siteIds.map((siteId) => siteName.get(siteId) ?? `#${siteId}`).join(', ')}
                  </span>
                  <span className="data-table__secondary">{TEXT.states[state](day)}</span>
                </div>
                <div className="client-contact__actions">
                  {account.isActive ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={TEXT.reissueFor(account.fullName)}
                      disabled={reissue.isPending}
                      onClick={() => {
                        setNotice(null);
                        reissue.mutate(account.id, {
                          onSuccess: setIssued,
                          onError: (error) => setNotice(failure(TEXT.reissueFailed, error)),
                        });
                      }}
                    >
                      {TEXT.reissue}
                    </button>
                  ) : null}
                  {account.isActive ? (
                    <button
                      type="button"
                      className="button button--ghost-danger button--small"
                      aria-label={TEXT.deactivateFor(account.fullName)}
                      onClick={() => {
                        setNotice(null);
                        setDeactivating(account);
                      }}
                    >
                      {TEXT.deactivate}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={TEXT.activateFor(account.fullName)}
                      disabled={update.isPending}
                      onClick={() => setActive(account, true)}
                    >
                      {TEXT.activate}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </QueryState>
      {inviting ? (
        <InviteModal
          client={client}
          saving={invite.isPending}
          error={invite.error ? failure(TEXT.inviteFailed, invite.error) : null}
          onClose={() => setInviting(false)}
          onSubmit={(body) =>
            invite.mutate(
              { clientId: client.id, body },
              {
                onSuccess: (answer) => {
                  setInviting(false);
                  setIssued(answer);
                },
              },
            )
          }
        />
      ) : null}
      {issued ? <InvitationLink issued={issued} onClose={() => setIssued(null)} returnFocusTo={inviteButton} /> : null}
      {deactivating ? (
        <ConfirmDialog
          title={TEXT.deactivateFor(deactivating.fullName)}
          message={TEXT.confirmDeactivate(deactivating.fullName)}
          confirmLabel={TEXT.deactivate}
          busy={update.isPending}
          onCancel={() => setDeactivating(null)}
          onConfirm={() => setActive(deactivating, false)}
        />
      ) : null}
    </section>
  );
}

interface InviteValues {
  fullName: string;
  email: string;
  /** Empty: every site of the client. */
  siteIds: number[];
  allSites: boolean;
}

/** What the form refuses before asking the server (which checks the email's form and the sites again). */
export function inviteProblem(values: InviteValues): string | null {
  if (!values.fullName.trim()) return TEXT.nameRequired;
  if (!values.email.trim()) return TEXT.emailRequired;
  if (!values.allSites && values.siteIds.length === 0) return TEXT.noSitesChosen;
  return null;
}

function InviteModal({
  client,
  saving,
  error,
  onSubmit,
  onClose,
}: {
  client: ClientDetail;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (body: { fullName: string; email: string; siteIds?: number[] }) => void;
  onClose: () => void;
}) {
  const ids = { name: useId(), email: useId(), all: useId(), sites: useId() };
  const [values, setValues] = useState<InviteValues>({ fullName: '', email: '', siteIds: [], allSites: true });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (changes: Partial<InviteValues>) => {
    setProblem(null);
    setValues((old) => ({ ...old, ...changes }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = inviteProblem(values);
    setProblem(refusal);
    if (refusal) return;
    onSubmit({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      ...(values.allSites ? {} : { siteIds: values.siteIds }),
    });
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={TEXT.inviteTitle} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>
            {TEXT.fields.fullName} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.name}
            value={values.fullName}
            onChange={(event) => set({ fullName: event.target.value })}
            maxLength={120}
            autoComplete="off"
            aria-invalid={problem === TEXT.nameRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>
            {TEXT.fields.email} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={ids.email}
            type="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => set({ email: event.target.value })}
            maxLength={254}
            autoComplete="off"
            aria-invalid={problem === TEXT.emailRequired ? true : undefined}
          />
        </div>
        <fieldset className="contact-form__group">
          <legend>{TEXT.fields.sites}</legend>
          <div className="checkbox-field">
            <input
              id={ids.all}
              type="checkbox"
              checked={values.allSites}
              onChange={(event) => set({ allSites: event.target.checked, siteIds: [] })}
            />
            <label htmlFor={ids.all}>{TEXT.fields.allSites}</label>
          </div>
          {values.allSites
            ? null
            : client.sites.map((site) => (
                <div className="checkbox-field contact-form__site" key={site.id}>
                  <input
                    id={`${ids.sites}-${site.id}`}
                    type="checkbox"
                    checked={values.siteIds.includes(site.id)}
                    onChange={(event) =>
                      set({
                        siteIds: event.target.checked
                          ? [...values.siteIds, site.id].sort((a, b) => a - b)
                          : values.siteIds.filter((id) => id !== site.id),
                      })
                    }
                  />
                  <label htmlFor={`${ids.sites}-${site.id}`}>{site.name}</label>
                </div>
              ))}
        </fieldset>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={TEXT.submit} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** The link, shown once: selectable, copied with one button. */
function InvitationLink({
  issued,
  onClose,
  returnFocusTo,
}: {
  issued: PortalInvitationIssued;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <ShownOnceDialog
      value={issued.invitationUrl}
      valueClassName="portal-access__link"
      texts={{
        title: TEXT.linkTitle(issued.account.fullName),
        hint: TEXT.linkHint,
        label: TEXT.linkLabel,
        copy: TEXT.copy,
        copied: TEXT.copied,
        copyFailed: TEXT.copyFailed,
        done: TEXT.closeLink,
      }}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}
