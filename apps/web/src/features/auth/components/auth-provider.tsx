import { Loading } from '../../../components/ui/loading';
import type { Role, Technician } from '@rondin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { isUnreachable } from '../../../lib/api-client';
import { clearAuth, getAuth, setAuth, subscribeAuth } from '../../../lib/auth-store';
import { getProfile } from '../api/get-profile';

export const RESTORING_TEXT = 'Cargando contexto...';

interface AuthContextValue {
  token: string | null;
  user: Technician | null;
  role: Role | null;
  logout: () => void;
  /** Replaces the stored user after the account itself was edited. */
  updateUser: (user: Technician) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the signed-in user. A token found at start-up is checked against the server before any route
 * renders ('Cargando contexto...'); if the server refuses it the stored sign-in is dropped and the guards send
 * the visitor to /login. If the server cannot be reached, the stored user is kept (offline field mode).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const auth = useSyncExternalStore(subscribeAuth, getAuth, getAuth);
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(() => getAuth() !== null);
  const lastUserId = useRef(auth?.user?.id ?? null);

  useEffect(() => {
    const stored = getAuth();
    if (!stored) return;
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((user) => setAuth({ accessToken: stored.accessToken, user }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Without signal (a technician in a basement) the stored user stands: the app opens on what the device
        // saved, and the server checks the token again at the next request that reaches it.
        if (isUnreachable(error) && stored.user) return;
        clearAuth();
      })
      .finally(() => {
        if (!controller.signal.aborted) setRestoring(false);
      });
    return () => controller.abort();
  }, []);

  // Another account's cached lists must never show after a sign-out or a change of user.
  useEffect(() => {
    const userId = auth?.user?.id ?? null;
    if (userId !== lastUserId.current) queryClient.clear();
    lastUserId.current = userId;
  }, [auth, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token: auth?.accessToken ?? null,
      user: auth?.user ?? null,
      role: auth?.user?.role ?? null,
      logout: () => clearAuth(),
      updateUser: (user) => {
        if (auth && auth.user?.id === user.id) setAuth({ accessToken: auth.accessToken, user });
      },
    }),
    [auth],
  );

  if (restoring) {
    return <Loading text={RESTORING_TEXT} className="boot-screen" />;
  }
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
