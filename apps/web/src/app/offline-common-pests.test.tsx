import type { CommonPests } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { mockApi } from '../testing/network';
import { createTestQueryClient, makeTechnician, storeSignIn } from '../testing/render';
import { makeSession } from '../testing/sessions';
import { keepCommonPestsOfOrders, useOfflineCommonPests } from './offline-common-pests';

describe("the open orders' common pests kept on the phone", () => {
  it('reads each open order’s site once, before any order is opened', async () => {
    storeSignIn(makeTechnician({ id: 2, role: 'TECH' }));
    const north: CommonPests = { byType: { LAMINA: [3, 1] } };
    const calls = mockApi({
      'GET /api/sites/5/common-pests': () => ({ body: north }),
      'GET /api/sites/6/common-pests': () => ({ body: { byType: {} } }),
    });
    const client = createTestQueryClient();
    keepCommonPestsOfOrders(client, [
      makeSession({ id: 1, siteId: 5 }),
      makeSession({ id: 2, siteId: 6 }),
      makeSession({ id: 3, siteId: 5 }),
    ]);
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.commonPests(5))).toEqual(north));
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.commonPests(6))).toEqual({ byType: {} }));
    expect(calls.map((call) => call.key).sort()).toEqual([
      'GET /api/sites/5/common-pests',
      'GET /api/sites/6/common-pests',
    ]);

    // The list read again (it is polled) asks for nothing more while the copy is fresh.
    keepCommonPestsOfOrders(client, [makeSession({ id: 1, siteId: 5 })]);
    // A read asked for would be under way at once: any is answered before the count.
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls).toHaveLength(2);
  });

  it('reads them again whenever the list of open orders arrives, once the saved copies are back', async () => {
    storeSignIn(makeTechnician({ id: 2, role: 'TECH' }));
    const calls = mockApi({ 'GET /api/sites/7/common-pests': () => ({ body: { byType: {} } }) });
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { rerender } = renderHook(({ enabled }) => useOfflineCommonPests(enabled), {
      wrapper,
      initialProps: { enabled: false },
    });
    client.setQueryData(queryKeys.myOpenSessions, [makeSession({ id: 1, siteId: 7 })]);
    // Not while the saved copies are being put back (a read asked for would be under way at once: any is answered
    // before the count).
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls).toHaveLength(0);
    rerender({ enabled: true });
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toEqual(['GET /api/sites/7/common-pests']));
    client.setQueryData(queryKeys.myOpenSessions, [makeSession({ id: 2, siteId: 8 })]);
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /api/sites/8/common-pests'));
  });
});
