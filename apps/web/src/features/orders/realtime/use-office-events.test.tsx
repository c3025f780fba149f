import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { sockets } from '../../../testing/fake-socket';
import { createTestQueryClient } from '../../../testing/render';
import { OFFICE_REFRESH_MS, useOfficeEvents } from './use-office-events';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

function setup(token: string | null) {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useOfficeEvents(token), { wrapper });
  const refreshed = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return {
    invalidate,
    refreshed,
    emit: (event: string, payload?: unknown) => sockets[0]!.handlers.get(event)!(payload),
  };
}

describe('useOfficeEvents', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens no connection without a token', () => {
    setup(null);
    expect(sockets).toHaveLength(0);
  });

  it('refreshes the orders and the dashboard when an order changes, and the order and findings lists on a finding', async () => {
    const { refreshed, emit, invalidate } = setup('token-admin');
    expect(sockets[0]!.options).toMatchObject({ transports: ['websocket'], auth: { token: 'token-admin' } });
    emit('session.updated', { sessionId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    // An item recorded by its typed code queues its label's reprint: that list too.
    expect(refreshed()).toEqual([queryKeys.sessions, queryKeys.compliance, queryKeys.labelReprints]);

    invalidate.mockClear();
    emit('finding.recorded', { sessionId: 7, itemId: 70 });
    await vi.advanceTimersByTimeAsync(OFFICE_REFRESH_MS);
    expect(refreshed()).toEqual([
      queryKeys.session(7),
      queryKeys.inspections,
      queryKeys.trapHistories,
      queryKeys.actions,
      queryKeys.compliance,
      queryKeys.trends,
    ]);

    invalidate.mockClear();
    emit('action.opened', { actionId: 3 });
    await vi.advanceTimersByTimeAsync(OFFICE_REFRESH_MS);
    expect(refreshed()).toEqual([queryKeys.actions]);
  });

  it('reads the sightings and the actions again when the plant reports a sighting', async () => {
    const { refreshed, emit } = setup('token-admin');
    emit('sighting.created', { sightingId: 5, siteId: 2, actionId: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshed()).toEqual([queryKeys.sightings, queryKeys.actions]);
  });

  it("reads the bell's notifications again at once when new ones are written for the account", async () => {
    const { refreshed, emit } = setup('token-admin');
    emit('notification.created', { count: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshed()).toEqual([queryKeys.notifications]);
  });

  it('gathers a burst of events into one refresh per window', async () => {
    const { refreshed, emit, invalidate } = setup('token-admin');
    emit('session.updated', { sessionId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    invalidate.mockClear();
    for (let scan = 0; scan < 50; scan++) emit('session.updated', { sessionId: scan });
    await vi.advanceTimersByTimeAsync(OFFICE_REFRESH_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed()).toEqual([queryKeys.sessions, queryKeys.compliance, queryKeys.labelReprints]);
  });

  it('catches up after a reconnection, not on the first connection', async () => {
    const { refreshed, emit } = setup('token-admin');
    emit('connect');
    await vi.advanceTimersByTimeAsync(OFFICE_REFRESH_MS);
    expect(refreshed()).toEqual([]);
    emit('connect');
    await vi.advanceTimersByTimeAsync(OFFICE_REFRESH_MS);
    expect(refreshed()).toContainEqual(queryKeys.sessions);
    expect(refreshed()).toContainEqual(queryKeys.inspections);
    expect(refreshed()).toContainEqual(queryKeys.labelReprints);
    // A sighting reported while the connection was down shows once it is back.
    expect(refreshed()).toContainEqual(queryKeys.sightings);
    expect(refreshed()).toContainEqual(queryKeys.notifications);
  });
});
