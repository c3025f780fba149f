import type { LoginBody, LoginResponse } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setAuth } from '../../../lib/auth-store';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken, technician }) => setAuth({ accessToken, user: technician }),
  });
}
