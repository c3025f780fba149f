import type { Role } from '@rondin/contracts';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from './auth-provider';

/** Spec section 2: no token or no user goes to /login; a role outside `roles` goes to /, which sends it home. */
export function ProtectedRoute({ roles }: { roles: Role[] }) {
  const { token, user } = useAuth();
  if (!token || !user) return <Navigate to="/login" replace />;
  if (!roles.includes(user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}

export function homePathFor(role: Role): string {
  return role === 'ADMIN' ? '/admin/dashboard' : '/tech/sessions';
}

/** `/`: each role's landing page, or the sign-in screen. */
export function HomeRedirect() {
  const { token, user } = useAuth();
  if (!token || !user) return <Navigate to="/login" replace />;
  return <Navigate to={homePathFor(user.role)} replace />;
}
