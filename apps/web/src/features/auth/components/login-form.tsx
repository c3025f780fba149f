import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { ApiError, describeError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { homePathFor } from './protected-route';

export const LOGIN_MESSAGES = {
  failed: 'Credenciales inválidas o usuario inactivo.',
  incomplete: 'Ingresa tu correo y tu contraseña.',
  unreachable: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.',
} as const;

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 401 ? LOGIN_MESSAGES.failed : (error.serverMessage ?? LOGIN_MESSAGES.failed);
  }
  return describeError(error) ? LOGIN_MESSAGES.unreachable : LOGIN_MESSAGES.failed;
}

export function LoginForm() {
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const login = useLogin();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setProblem(LOGIN_MESSAGES.incomplete);
      return;
    }
    setProblem(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ technician }) => navigate(homePathFor(technician.role), { replace: true }),
        onError: (error) => setProblem(loginErrorText(error)),
      },
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Iniciar sesión">
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
