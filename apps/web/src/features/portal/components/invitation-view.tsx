import './portal.css';
import type { InvitationInfo } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ApiError, describeError, serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { INVITATION_MESSAGES as TEXT } from '../messages';

const MIN_LENGTH = 8;

/** Our own check before the request; the server then applies the app's whole policy (common passwords, the email). */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return TEXT.incomplete;
  if (password.length < MIN_LENGTH) return TEXT.tooShort;
  if (password !== confirm) return TEXT.mismatch;
  return null;
}

/**
 * /invitacion/{token}: who is invited to which client, and the password they choose; `onAccepted` signs them in
 * (the sign-in belongs to the auth feature, joined in app/). A used, expired or unknown link says so in the
 * server's words, with the way to sign in.
 */
export function InvitationView({
  token,
  onAccepted,
}: {
  token: string;
  onAccepted: (email: string, password: string) => Promise<void>;
}) {
  const invitation = useInvitation(token);
  if (invitation.isPending) return <Loading text={TEXT.loading} />;
  if (invitation.isError) {
    const refused = invitation.error instanceof ApiError && invitation.error.status < 500;
    if (refused) {
      return (
        <div className="invitation__problem">
          <Notice notice={{ tone: 'error', text: serverMessage(invitation.error) ?? TEXT.notFound }} />
          <Link to="/login" className="button button--primary button--block">
            {TEXT.toLogin}
          </Link>
        </div>
      );
    }
    return (
      <div className="state state--error" role="alert">
        <p>{TEXT.loadFailed}</p>
        {serverMessage(invitation.error) ? <p className="state__detail">{serverMessage(invitation.error)}</p> : null}
        <button type="button" className="button button--secondary" onClick={() => void invitation.refetch()}>
          {TEXT.retry}
        </button>
      </div>
    );
  }
  return <PasswordForm token={token} invitation={invitation.data} onAccepted={onAccepted} />;
}

function PasswordForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationInfo;
  onAccepted: (email: string, password: string) => Promise<void>;
}) {
  const ids = { password: useId(), confirm: useId(), hint: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [signInFailed, setSignInFailed] = useState(false);
  const accept = useAcceptInvitation(token);
  const busy = accept.isPending || signingIn;

  async function signIn(email: string) {
    setSigningIn(true);
    try {
      await onAccepted(email, password);
    } catch {
      setSignInFailed(true);
      setSigningIn(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    accept.mutate(
      { password },
      {
        onSuccess: ({ email }) => void signIn(email),
        onError: (error) => setNotice({ tone: 'error', text: describeError(error) ?? TEXT.failed }),
      },
    );
  }

  if (signInFailed) {
    return (
      <div className="invitation__problem">
        <Notice notice={{ tone: 'info', text: TEXT.signInFailed }} />
        <Link to="/login" className="button button--primary button--block">
          {TEXT.toLogin}
        </Link>
      </div>
    );
  }

  return (
    <>
      <p className="invitation__lead">
        <strong>{TEXT.invited(invitation.clientName)}</strong> {TEXT.intro}
      </p>
      <dl className="invitation__who">
        <div>
          <dt>{TEXT.name}</dt>
          <dd>{invitation.fullName}</dd>
        </div>
        <div>
          <dt>{TEXT.email}</dt>
          <dd>{invitation.email}</dd>
        </div>
      </dl>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={TEXT.title}>
        {/* The browser's password manager files the new password under the account's email. */}
        <input type="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <div className="field">
          <label htmlFor={ids.password}>{TEXT.password}</label>
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            minLength={MIN_LENGTH}
            aria-describedby={ids.hint}
            value={password}
            disabled={busy}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p id={ids.hint} className="field-hint">
            {TEXT.passwordHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.confirm}>{TEXT.confirm}</label>
          <input
            id={ids.confirm}
            type="password"
            autoComplete="new-password"
            minLength={MIN_LENGTH}
            value={confirm}
            disabled={busy}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </div>
        {notice ? <Notice notice={notice} /> : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? TEXT.saving : TEXT.submit}
        </button>
        <p className="field-hint">{TEXT.expires(formatDateTime(invitation.expiresAt))}</p>
      </form>
    </>
  );
}
