import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Technician } from '@rondin/contracts';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { AUTH_STORAGE_KEY, reloadAuthFromStorage } from '../lib/auth-store';

export function makeTechnician(overrides: Partial<Technician> = {}): Technician {
  return {
    id: 1,
    email: 'ana@rondin.test',
    fullName: 'Ana Pérez',
    role: 'ADMIN',
    isActive: true,
    licenceNumber: null,
    licenceExpiresAt: null,
    qualification: null,
    mustChangePassword: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a sign-in in localStorage, where the app finds it on start-up. */
export function storeSignIn(user: Technician | null, accessToken = 'token-de-prueba'): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken, user }));
  reloadAuthFromStorage();
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders with the app's providers (query client, auth) and a router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
