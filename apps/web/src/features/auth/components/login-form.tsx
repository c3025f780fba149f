import { LOGIN_FAILED_MESSAGE } from '@rondin/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { ApiError, isUnreachable } from '../../../lib/api-client';
import { signInEndedBecause } from '../../../lib/auth-store';
import { useLogin } from '../api/login';
import { homePathFor, type ReturnTo } from './protected-route';

export const LOGIN_MESSAGES = {
  failed: LOGIN_FAILED_MESSAGE,
  incomplete: 'Ingresa tu correo y tu contraseña.',
} as const;

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 401 ? LOGIN_MESSAGES.failed : (error.serverMessage ?? LOGIN_MESSAGES.failed);
  }
  // 'No se pudo conectar…' or 'El servidor no respondió a tiempo…'.
  return isUnreachable(error) && error instanceof Error ? error.message : LOGIN_MESSAGES.failed;
}

/** An address inside the app to come back to, never another site's ('//evil.example'). */
function returnPath(state: unknown): string | null {
  const from = (state as Partial<ReturnTo> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function LoginForm() {
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  // Read once: why the last sign-in ended (expired, password changed elsewhere), until the next attempt.
  const [ended, setEnded] = useState(signInEndedBecause);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setProblem(LOGIN_MESSAGES.incomplete);
      return;
    }
    setProblem(null);
    setEnded(null);
    login.mutate(
      { email: email.trim(), password },
      {
        // Back where the visitor was sent from; the guards send another role's page home.
        onSuccess: ({ technician }) =>
          navigate(returnPath(location.state) ?? homePathFor(technician.role), { replace: true }),
        onError: (error) => setProblem(loginErrorText(error)),
      },
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Iniciar sesión">
      {ended ? <Notice notice={{ tone: 'info', text: ended }} /> : null}
      <div className="field">
        <label htmlFor={emailId}>Correo electrónico</label>
        <input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder="nombre@empresa.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={passwordId}>Contraseña</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : null}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? 'Ingresando…' : 'Ingresar'}
      </button>
    </form>
  );
}
