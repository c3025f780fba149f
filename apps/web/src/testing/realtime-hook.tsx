import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createTestQueryClient } from './render';

/**
 * Renders a realtime hook (`useOrderEvents`, `useOfficeEvents`, `useNotificationEvents`) with `token`, over a
 * fresh query client whose invalidations the test reads; `hook.rerender({ value })` changes the token.
 */
export function renderRealtimeHook(useEvents: (token: string | null) => void, token: string | null) {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ value }) => useEvents(value), { wrapper, initialProps: { value: token } });
  return { hook, invalidate };
}
