import type { Role } from '@rondin/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-provider';
import { ForcedPasswordChange } from './forced-password-change';

/** Where the sign-in screen goes back to once signed in: the address that sent the visitor there. */
export interface ReturnTo {
  from: string;
}

/** /login, remembering the address asked for, so signing in (again) comes back to it. */
export function SignInFirst() {
  const { pathname, search } = useLocation();
  const state: ReturnTo = { from: pathname + search };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * Spec section 2: no token or no user goes to /login (and comes back after signing in); a role outside `roles`
 * goes to /, which sends it home. An account that must change its password changes it first, whatever it asked.
 */
export function ProtectedRoute({ roles }: { roles: Role[] }) {
  const { token, user } = useAuth();
  if (!token || !user) return <SignInFirst />;
  if (!roles.includes(user.role)) return <Navigate to="/" replace />;
  if (user.mustChangePassword) return <ForcedPasswordChange />;
  return <Outlet />;
}

const HOME_PATHS: Record<Role, string> = {
  ADMIN: '/admin/dashboard',
  TECH: '/tech/sessions',
  CLIENTE: '/cliente',
};

export function homePathFor(role: Role): string {
  return HOME_PATHS[role];
}

/** `/`: each role's landing page, or the sign-in screen. */
export function HomeRedirect() {
  const { token, user } = useAuth();
  if (!token || !user) return <Navigate to="/login" replace />;
  return <Navigate to={homePathFor(user.role)} replace />;
}
