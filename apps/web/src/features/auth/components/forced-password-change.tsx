import './forced-password-change.css';
import { BrandMark } from '../../../components/layouts/brand-mark';
import { useChangePassword } from '../api/change-password';
import { useAuth } from './auth-provider';
import { PasswordChangeForm } from './password-change-form';

export const FORCED_PASSWORD_MESSAGES = {
  title: 'Cambia tu contraseña',
  intro:
    'Ingresaste con una contraseña que alguien más conoce: la que mostró el servidor al instalarse o la que te dio un administrador. Elige una nueva para continuar.',
  signOut: 'Cerrar sesión',
} as const;

/**
 * What an account that must change its password sees in place of every screen (the server refuses it the
 * rest anyway): the change, which cannot be put off, or signing out. Once changed the screen it asked for opens.
 */
export function ForcedPasswordChange() {
  const { user, logout } = useAuth();
  const mutation = useChangePassword();
  return (
    <main className="forced-password">
      <div className="forced-password__card">
        <BrandMark />
        <h1 className="forced-password__title">{FORCED_PASSWORD_MESSAGES.title}</h1>
        <p className="forced-password__intro">{FORCED_PASSWORD_MESSAGES.intro}</p>
        {user ? <p className="forced-password__account">{user.email}</p> : null}
        <PasswordChangeForm mutation={mutation} />
        <button type="button" className="button button--ghost forced-password__sign-out" onClick={logout}>
          {FORCED_PASSWORD_MESSAGES.signOut}
        </button>
      </div>
    </main>
  );
}
