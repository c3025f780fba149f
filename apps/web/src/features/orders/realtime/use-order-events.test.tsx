import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { answerLater } from '../../../testing/answer-later';
import { sockets } from '../../../testing/fake-socket';
import { createTestQueryClient } from '../../../testing/render';
import { renderRealtimeHook } from '../../../testing/realtime-hook';
import { realtimeUrl } from '../../../lib/realtime-url';
import { useOrderEvents } from './use-order-events';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const setup = (token: string | null) => renderRealtimeHook(useOrderEvents, token);

describe('realtimeUrl (spec section 7)', () => {
  it("is the /sessions namespace under the API base with its trailing '/api' removed", () => {
    expect(realtimeUrl('/api')).toBe('/sessions');
    expect(realtimeUrl('https://rondin.example.cl/api')).toBe('https://rondin.example.cl/sessions');
    expect(realtimeUrl('https://rondin.example.cl/api/')).toBe('https://rondin.example.cl/sessions');
  });
});

describe('useOrderEvents', () => {
  beforeEach(() => {
    sockets.length = 0;
  });

  it('opens no connection without a token', () => {
    setup(null);
    expect(sockets).toHaveLength(0);
  });

  it('connects over websocket with the token in the handshake, and refreshes the list and the order an event names', async () => {
    const { invalidate } = setup('token-tecnico');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('/sessions');
    expect(sockets[0]!.options).toMatchObject({ transports: ['websocket'], auth: { token: 'token-tecnico' } });
    for (const event of ['session.created', 'session.updated']) {
      invalidate.mockClear();
      sockets[0]!.handlers.get(event)!({ sessionId: 31 });
      await vi.waitFor(() => {
        expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.mySessions });
        expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.session(31) });
      });
    }
  });

  it("reads the bell's notifications again when new ones are written for the account", async () => {
    const { invalidate } = setup('token-tecnico');
    sockets[0]!.handlers.get('notification.created')!({ count: 2 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications }));
  });

  it('reads the list again when an event arrives while its first load is still on its way', async () => {
    const queryClient = createTestQueryClient();
    const answers = [answerLater<string>(), answerLater<string>()];
    let reads = 0;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useOrderEvents('token-tecnico');
        return useQuery({ queryKey: queryKeys.myOpenSessions, queryFn: () => answers[reads++]!.promise });
      },
      { wrapper },
    );
    await vi.waitFor(() => expect(reads).toBe(1));
    // The server answered the first read before the scan; the event about the scan overtakes that answer.
    sockets[0]!.handlers.get('session.updated')!({ sessionId: 31 });
    answers[0]!.resolve('antes del escaneo');
    await vi.waitFor(() => expect(reads).toBe(2));
    answers[1]!.resolve('después del escaneo');
    await vi.waitFor(() => expect(result.current.data).toBe('después del escaneo'));
  });

  it('catches up after a reconnection, not on the first connection', async () => {
    const { invalidate } = setup('token-tecnico');
    sockets[0]!.handlers.get('connect')!();
    sockets[0]!.handlers.get('connect')!();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.sessions }));
    // And the bell: notifications written while it was down were announced to nobody.
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications }));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('closes the connection on sign-out (no token) and on unmount', () => {
    const { hook } = setup('token-tecnico');
    hook.rerender({ value: null });
    expect(sockets[0]!.disconnect).toHaveBeenCalledTimes(1);
    hook.rerender({ value: 'otro-token' });
    expect(sockets).toHaveLength(2);
    hook.unmount();
    expect(sockets[1]!.disconnect).toHaveBeenCalledTimes(1);
  });
});
