import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { ScanQueue, type QueuedScan, type ScanToSend } from '../scan-queue';
import { OfflineBar } from './offline-bar';

function setup(answer: (scan: ScanToSend) => Promise<unknown>) {
  const rows = new Map<string, QueuedScan>();
  const queue = new ScanQueue<unknown>({
    storage: {
      all: async () => [...rows.values()],
      put: async (scan) => void rows.set(scan.body.clientScanId, scan),
      remove: async (id) => void rows.delete(id),
    },
    deliver: answer,
    currentUserId: () => 7,
  });
  const client = createTestQueryClient();
  render(
    <QueryClientProvider client={client}>
      <OfflineBar queue={queue} />
    </QueryClientProvider>,
  );
  return { queue, client };
}

const scan = (n: number, sessionId = 12): ScanToSend => ({
  sessionId,
  body: {
    qrSlug: `abcd1234efgh5678jkm${n}`,
    clientScanId: `00000000-0000-4000-8000-00000000000${n}`,
    scannedAt: '2030-01-02T10:00:00.000Z',
  },
});

describe('OfflineBar', () => {
  it('shows nothing while the server answers and nothing waits', async () => {
    setup(() => Promise.resolve('ok'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('counts the scans waiting to be sent and lists them as the labels print them', async () => {
    const { queue } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await act(async () => {
      for (const n of [1, 2, 3]) await queue.send(scan(n));
    });
    const bar = screen.getByRole('region', { name: 'Sincronización de escaneos' });
    expect(within(bar).getByText('3 escaneos por enviar')).toBeInTheDocument();
    expect(within(bar).getAllByRole('listitem')[0]).toHaveTextContent(/^Orden #12 · abcd 1234 efgh 5678 jkm1 · /);
  });

  it("shows a saved scan the server refused, with the server's reason, until 'Entendido'", async () => {
    let refuse = false;
    const { queue } = setup(() =>
      refuse
        ? Promise.reject(new ApiError(404, 'La orden no existe.'))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    await act(async () => void (await queue.send(scan(1, 40))));
    refuse = true;
    await act(() => queue.drain());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('El servidor rechazó un escaneo guardado: Orden #40 · abcd 1234 efgh 5678 jkm1');
    expect(alert).toHaveTextContent('La orden no existe.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the orders on screen are the copy saved on the device, and since when', async () => {
    const { client } = setup(() => Promise.resolve('ok'));
    const readAt = new Date(2030, 0, 2, 8, 15).getTime();
    act(() => {
      client.setQueryData(queryKeys.myOpenSessions, [makeSession()], { updatedAt: readAt });
      new QueryObserver(client, { queryKey: queryKeys.myOpenSessions, enabled: false }).subscribe(() => undefined);
      client.getQueryCache().find({ queryKey: queryKeys.myOpenSessions })!.setState({ fetchStatus: 'paused' });
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Sin conexión · datos guardados en este dispositivo el 2 ene 2030, 8:15$/,
    );
  });
});
