import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { reportReachable, reportUnreachable } from '../../../lib/connectivity';
import { qrHash } from '../../../lib/qr-hash';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { type QueuedRecord, recordId, ScanQueue, type ScanToSend, type ToSend } from '../scan-queue';
import { OfflineBar } from './offline-bar';

function setup(answer: (record: ToSend) => Promise<unknown>) {
  const rows = new Map<string, QueuedRecord>();
  const queue = new ScanQueue<unknown>({
    storage: {
      all: async () => [...rows.values()],
      put: async (record) => void rows.set(recordId(record), record),
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

let testRun = 0;
/**
 * A server out of reach for this test's requests, as the API client reports it. The queues of earlier tests keep
 * retrying on their backoff: only the running test's requests may say the server cannot be reached.
 */
function unreachableServer(): () => Promise<never> {
  const run = testRun;
  return () => {
    if (run === testRun) reportUnreachable();
    return Promise.reject(new TypeError('Failed to fetch'));
  };
}

describe('OfflineBar', () => {
  beforeEach(() => {
    testRun += 1;
    reportReachable();
  });

  it('shows nothing while the server answers and nothing waits', async () => {
    setup(() => Promise.resolve('ok'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('counts the scans waiting to be sent and names each by its device code and area, not by what was read', async () => {
    const { queue, client } = setup(unreachableServer());
    // The order as the phone holds it: its items carry their traps' qrHash, a scan only what was read.
    client.setQueryData(
      queryKeys.session(12),
      makeSession({ id: 12 }, [
        {
          trap: {
            code: 'TRP-113',
            area: 'Bodega sur',
            type: 'OTRO',
            qrHash: qrHash(scan(1).body.qrSlug),
            routeOrder: null,
          },
        },
        { trap: { code: 'TRP-114', area: null, type: 'OTRO', qrHash: qrHash(scan(2).body.qrSlug), routeOrder: null } },
      ]),
    );
    await act(async () => {
      for (const n of [1, 2, 3]) await queue.send(scan(n));
    });
    const bar = screen.getByRole('region', { name: 'Sincronización de escaneos' });
    expect(within(bar).getByText('3 escaneos por enviar')).toBeInTheDocument();
    const lines = within(bar).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(/^Orden #12 · TRP-113 · Bodega sur · \d/);
    expect(lines[1]).toHaveTextContent(/^Orden #12 · TRP-114 · \d/);
    // Of no device of the order: said so, with what was read as the label prints it.
    expect(lines[2]).toHaveTextContent(/^Orden #12 · Dispositivo no reconocido \(código abcd 1234 efgh 5678 jkm3\) · /);
  });

  it('names a waiting scan once its order is read, even when the order arrives after the scan was kept', async () => {
    const { queue, client } = setup(unreachableServer());
    await act(async () => void (await queue.send(scan(1, 30))));
    const line = () => within(screen.getByRole('region', { name: 'Sincronización de escaneos' })).getByRole('listitem');
    expect(line()).toHaveTextContent('Dispositivo no reconocido');
    act(() =>
      client.setQueryData(queryKeys.myOpenSessions, [
        makeSession({ id: 30 }, [
          {
            trap: {
              code: 'TRP-007',
              area: 'Casino',
              type: 'OTRO',
              qrHash: qrHash(scan(1).body.qrSlug),
              routeOrder: null,
            },
          },
        ]),
      ]),
    );
    expect(line()).toHaveTextContent(/^Orden #30 · TRP-007 · Casino · /);
  });

  it("shows a saved scan the server refused, with the server's reason, until 'Entendido'", async () => {
    let refuse = false;
    const offline = unreachableServer();
    const { queue } = setup(() => (refuse ? Promise.reject(new ApiError(404, 'La orden no existe.')) : offline()));
    await act(async () => void (await queue.send(scan(1, 40))));
    refuse = true;
    await act(() => queue.drain());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'El servidor rechazó un escaneo guardado: Orden #40 · Dispositivo no reconocido (código abcd 1234 efgh 5678 jkm1)',
    );
    expect(alert).toHaveTextContent('La orden no existe.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts each kind that waits, and names the trap of each finding, exception and photo', async () => {
    let refuse = false;
    const offline = unreachableServer();
    const { queue, client } = setup((record) =>
      !refuse
        ? offline()
        : record.kind === 'photo'
          ? Promise.reject(new ApiError(409, 'Una trampa admite como máximo 5 fotos por orden.'))
          : Promise.resolve('ok'),
    );
    const device = { sessionId: 12, itemId: 5, qrHash: 'a'.repeat(64), trapCode: 'TRP-005' };
    client.setQueryData(
      queryKeys.session(12),
      makeSession({ id: 12 }, [
        { trap: { code: 'TRP-005', area: 'Casino', type: 'OTRO', qrHash: 'a'.repeat(64), routeOrder: null } },
      ]),
    );
    await act(async () => {
      await queue.send(scan(1));
      await queue.send(scan(2));
      await queue.send({
        ...device,
        kind: 'finding',
        body: {
          clientFindingId: '10000000-0000-4000-8000-000000000001',
          recordedAt: '2030-01-02T10:00:00.000Z',
          deviceStatus: 'OK',
        },
      });
      await queue.send({
        ...device,
        kind: 'exception',
        itemId: 6,
        qrHash: 'b'.repeat(64),
        trapCode: 'TRP-006',
        body: {
          clientScanId: '20000000-0000-4000-8000-000000000001',
          reason: 'NO_ENCONTRADO',
          note: 'No está en su sitio',
          recordedAt: '2030-01-02T10:00:00.000Z',
        },
      });
      await queue.send({
        ...device,
        kind: 'photo',
        body: { clientPhotoId: '30000000-0000-4000-8000-000000000001', takenAt: '2030-01-02T10:00:00.000Z' },
        photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      });
    });
    const bar = screen.getByRole('region', { name: 'Sincronización de escaneos' });
    expect(
      within(bar).getByText('2 escaneos, 1 hallazgo, 1 trampa no encontrada o inaccesible y 1 foto por enviar'),
    ).toBeInTheDocument();
    expect(within(bar).getByText('Ver lo guardado en este dispositivo')).toBeInTheDocument();
    const lines = within(bar)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    // Each by its device's code and area (TRP-006's area is not known to this phone: its code alone).
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^Orden #12 · TRP-005 · Casino · hallazgo · /),
      expect.stringMatching(/^Orden #12 · TRP-006 · No encontrada · /),
      expect.stringMatching(/^Orden #12 · TRP-005 · Casino · foto · /),
    ]);

    refuse = true;
    await act(() => queue.drain());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('El servidor rechazó una foto guardada: Orden #12 · TRP-005 · Casino');
    expect(alert).toHaveTextContent('Una trampa admite como máximo 5 fotos por orden.');
    expect(within(bar).queryByText(/por enviar/)).not.toBeInTheDocument();
  });

  it("while the server answers, a photo on its way is being sent: never 'al volver la conexión'", async () => {
    let upload: (value: unknown) => void = () => undefined;
    const { queue } = setup((record) =>
      record.kind === 'photo' ? new Promise((resolve) => (upload = resolve)) : Promise.resolve('ok'),
    );
    await act(async () => {
      await queue.send({
        sessionId: 12,
        itemId: 5,
        qrHash: 'a'.repeat(64),
        trapCode: 'TRP-005',
        kind: 'photo',
        body: { clientPhotoId: '30000000-0000-4000-8000-000000000001', takenAt: '2030-01-02T10:00:00.000Z' },
        photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      });
    });
    const bar = screen.getByRole('region', { name: 'Sincronización de escaneos' });
    expect(within(bar).getByText('Enviando 1 foto…')).toBeInTheDocument();
    expect(bar).not.toHaveTextContent(/por enviar|al volver la conexión/);
    // The connection drops meanwhile: now it waits for it.
    act(() => reportUnreachable());
    expect(within(bar).getByText('1 foto por enviar')).toBeInTheDocument();
    expect(bar).toHaveTextContent('al volver la conexión');
    await act(async () => {
      reportReachable();
      upload({ id: 1 });
      await queue.drain();
    });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("names a site assessment's draft and photo by kind and site, and the server's refusal of one", async () => {
    let refuse = false;
    const offline = unreachableServer();
    const { queue } = setup((record) =>
      !refuse
        ? offline()
        : record.kind === 'assessment'
          ? Promise.reject(new ApiError(409, 'La evaluación está firmada y no cambia.'))
          : Promise.resolve('ok'),
    );
    const assessment = {
      assessmentId: 8,
      assessmentKind: 'DIAGNOSTICO' as const,
      siteName: 'Planta Norte',
      qrHash: null,
    };
    await act(async () => {
      await queue.send({
        ...assessment,
        kind: 'assessment',
        body: { clientSaveId: '50000000-0000-4000-8000-000000000001', savedAt: '2030-01-02T10:00:00.000Z' },
      });
      await queue.send({
        ...assessment,
        kind: 'assessment-photo',
        area: 'Muelle',
        body: { clientPhotoId: '50000000-0000-4000-8000-000000000002', takenAt: '2030-01-02T10:01:00.000Z' },
        photo: new Blob(['jpeg'], { type: 'image/jpeg' }),
      });
    });
    const bar = screen.getByRole('region', { name: 'Sincronización de escaneos' });
    expect(within(bar).getByText('1 borrador de evaluación y 1 foto de evaluación por enviar')).toBeInTheDocument();
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Diagnóstico de situación · Planta Norte · borrador · /),
      expect.stringMatching(/^Diagnóstico de situación · Planta Norte · foto · Muelle · /),
    ]);
    refuse = true;
    await act(async () => {
      reportReachable();
      await queue.drain();
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'El servidor rechazó un borrador de evaluación: Diagnóstico de situación · Planta Norte',
    );
    expect(alert).toHaveTextContent('La evaluación está firmada y no cambia.');
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
