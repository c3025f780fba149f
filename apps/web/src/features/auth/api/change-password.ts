import type { ChangePasswordBody } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest<void>('/technicians/me/password', { method: 'PATCH', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
