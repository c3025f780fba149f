import type { ChangePasswordBody, ChangePasswordResponse } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getAuth, setAuth } from '../../../lib/auth-store';

/**
 * A password change ends every sign-in made with the old password; the server answers this device a new
 * token, kept in place of the old one so it stays signed in. The account no longer has to change it.
 */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const { accessToken } = await apiRequest<ChangePasswordResponse>('/technicians/me/password', {
    method: 'PATCH',
    body,
  });
  const current = getAuth();
  if (current) {
    setAuth({ accessToken, user: current.user ? { ...current.user, mustChangePassword: false } : null });
  }
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
