import type { ScanResponse, Session } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, reportUnreachable } from '../../../lib/connectivity';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import type { ScanQueued, ScanRequest } from '../api/send-scan';
import { useScanFlow } from './use-scan-flow';

/** A sendScan whose answers the test gives, one per call, in order. */
function controlledSender() {
  const calls: {
    request: ScanRequest;
    resolve: (value: ScanResponse | ScanQueued) => void;
    reject: (error: Error) => void;
  }[] = [];
  const sendScan = vi.fn(
    (request: ScanRequest) =>
      new Promise<ScanResponse | ScanQueued>((resolve, reject) => {
        calls.push({ request, resolve, reject });
      }),
  );
  return { sendScan, calls };
}

function answerFor(session: Session, itemIndex: number): ScanResponse {
  const { items, ...summary } = session;
  const item = {
    ...items[itemIndex]!,
    status: 'COMPLETED' as const,
    completedAt: '2030-01-02T10:00:00.000Z',
    completedBy: { id: 2, fullName: 'Tomás Tapia' },
  };
  return { session: { ...summary, status: 'IN_PROGRESS', completedCount: summary.completedCount + 1 }, item };
}

function setup(session: Session, unsentQrHashes?: ReadonlySet<string>) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.session(session.id), session);
  const sender = controlledSender();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ order }) => useScanFlow(order, sender.sendScan, undefined, unsentQrHashes), {
    wrapper,
    initialProps: { order: session },
  });
  return { ...sender, hook, queryClient };
}

describe('useScanFlow (spec section 4)', () => {
  const order = makeSession({ id: 12 }, [
    {},
    { trap: { code: 'TRP-002', area: null, type: 'OTRO' as const, qrHash: '2'.repeat(64), routeOrder: null } },
  ]);

  it('sends a new code with a scan id and the time it was read', async () => {
    const { hook, sendScan } = setup(order);
    act(() => void hook.result.current.submit('abcd1234efgh5678jkmn'));
    await waitFor(() => expect(sendScan).toHaveBeenCalledTimes(1));
    const [request] = sendScan.mock.calls[0]!;
    expect(request.sessionId).toBe(12);
    expect(request.body.qrSlug).toBe('abcd1234efgh5678jkmn');
    expect(request.body.clientScanId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(request.body.scannedAt)).not.toBeNaN();
    expect(hook.result.current.pending).toBe(true);
  });

  it('ignores empty codes', () => {
    const { hook, sendScan } = setup(order);
    act(() => void hook.result.current.submit('   '));
    expect(sendScan).not.toHaveBeenCalled();
  });

  it('while a scan is pending, neither the same code nor another is sent', async () => {
    const { hook, sendScan } = setup(order);
    act(() => void hook.result.current.submit('codigo-a'));
    // Several camera frames arrive before React renders again: the pending code is known at once.
    let meanwhile: Promise<boolean>[] = [];
    act(() => {
      meanwhile = [hook.result.current.submit('codigo-a'), hook.result.current.submit('codigo-b')];
    });
    await waitFor(() => expect(sendScan).toHaveBeenCalledTimes(1));
    // Both are answered as ignored, not kept to be sent later: the flow is done with them, and sent nothing.
    await act(async () => expect(await Promise.all(meanwhile)).toEqual([false, false]));
    expect(sendScan).toHaveBeenCalledTimes(1);
  });

  it('after a success the order shows the scanned trap at once; read again, it says already registered and sends nothing', async () => {
    const { hook, sendScan, calls, queryClient } = setup(order);
    let registered: Promise<boolean> = Promise.resolve(false);
    act(() => {
      registered = hook.result.current.submit('codigo-a');
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0]!.resolve(answerFor(order, 1));
      await registered;
    });
    expect(await registered).toBe(true);
    expect(hook.result.current.pending).toBe(false);
    expect(hook.result.current.status).toEqual({
      tone: 'success',
      text: 'Trampa registrada correctamente.',
      detail: 'TRP-002 · Sin ubicación',
    });
    expect(hook.result.current.banner).toBeNull();
    const cached = queryClient.getQueryData<Session>(queryKeys.session(12))!;
    expect(cached.items.map((item) => item.status)).toEqual(['PENDING', 'COMPLETED']);
    expect(cached.status).toBe('IN_PROGRESS');

    // The label is still in front of the camera: read again 3 s later, with the order as the screen now has it.
    hook.rerender({ order: cached });
    let again: Promise<boolean> = Promise.resolve(false);
    act(() => {
      again = hook.result.current.submit('codigo-a');
    });
    expect(await again).toBe(true);
    expect(sendScan).toHaveBeenCalledTimes(1);
    expect(hook.result.current.status).toEqual({
      tone: 'info',
      text: 'Trampa ya registrada en esta orden: no es necesario escanearla de nuevo.',
      detail: 'TRP-002 · Sin ubicación',
      recordedItemId: 2,
    });
  });

  it('a trap the server already had completed is said to be already registered, not registered again', async () => {
    const done = makeSession({ id: 12 }, [{ status: 'COMPLETED' }, {}]);
    const { hook, calls } = setup(done);
    let registered: Promise<boolean> = Promise.resolve(false);
    act(() => {
      registered = hook.result.current.submit('codigo-a');
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0]!.resolve(answerFor(done, 0));
      await registered;
    });
    expect(hook.result.current.status?.text).toBe(
      'Trampa ya registrada en esta orden: no es necesario escanearla de nuevo.',
    );
  });

  it('after a failure: the status line and the banner, and the code can be rescanned', async () => {
    const { hook, sendScan, calls } = setup(order);
    let registered: Promise<boolean> = Promise.resolve(true);
    act(() => {
      registered = hook.result.current.submit('codigo-ajeno');
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0]!.reject(new Error('404'));
      await registered;
    });
    expect(await registered).toBe(false);
    expect(hook.result.current.status).toEqual({
      tone: 'error',
      text: 'No se pudo registrar el escaneo. Verifica el QR.',
    });
    expect(hook.result.current.banner).toEqual({
      tone: 'error',
      text: 'No se pudo registrar el escaneo. Verifica que el QR pertenezca a esta sesión.',
    });

    act(() => void hook.result.current.submit('codigo-ajeno'));
    await waitFor(() => expect(sendScan).toHaveBeenCalledTimes(2));
    // A new scan clears the previous messages.
    expect(hook.result.current.status).toBeNull();
    expect(hook.result.current.banner).toBeNull();
  });

  /** Submits a code and answers that the scan was kept on the device. */
  async function keptOnDevice(answer: ScanQueued) {
    const { hook, calls, queryClient } = setup(order);
    let registered: Promise<boolean> = Promise.resolve(false);
    act(() => {
      registered = hook.result.current.submit('codigo-a');
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0]!.resolve(answer);
      await registered;
    });
    return { hook, queryClient, registered: await registered };
  }

  it('a scan kept on the device (no connection) counts as registered, says so, and leaves the order as it was', async () => {
    const { hook, queryClient, registered } = await keptOnDevice({ queued: true, alreadyQueued: false, qrHash: null });
    expect(registered).toBe(true);
    expect(hook.result.current.status).toEqual({
      tone: 'info',
      text: 'Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.',
    });
    expect(hook.result.current.banner).toBeNull();
    expect(queryClient.getQueryData<Session>(queryKeys.session(12))).toEqual(order);
  });

  it("names the trap a scan kept on the device belongs to, found by its code's hash", async () => {
    const { hook } = await keptOnDevice({ queued: true, alreadyQueued: false, qrHash: '2'.repeat(64) });
    expect(hook.result.current.status).toEqual({
      tone: 'info',
      text: 'Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.',
      detail: 'TRP-002 · Sin ubicación',
    });
  });

  it('a trap scanned again while its scan waits on the device: says it is already saved, and counts as registered', async () => {
    const { hook, registered } = await keptOnDevice({ queued: true, alreadyQueued: true, qrHash: '2'.repeat(64) });
    expect(registered).toBe(true);
    expect(hook.result.current.status).toEqual({
      tone: 'info',
      text: 'Esta trampa ya está guardada en este dispositivo: su escaneo se enviará al volver la conexión.',
      detail: 'TRP-002 · Sin ubicación',
    });
    expect(hook.result.current.banner).toBeNull();
  });

  it('a completed order refuses scans locally', () => {
    const { hook, sendScan } = setup(makeSession({ status: 'COMPLETED' }, [{ status: 'COMPLETED' }]));
    let registered: Promise<boolean> = Promise.resolve(true);
    act(() => {
      registered = hook.result.current.submit('codigo-a');
    });
    expect(sendScan).not.toHaveBeenCalled();
    expect(hook.result.current.status).toEqual({ tone: 'info', text: 'La orden ya fue cerrada.' });
    return expect(registered).resolves.toBe(false);
  });

  it('re-reads the order and the technician list after a scan', async () => {
    const { hook, calls, queryClient } = setup(order);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let registered: Promise<boolean> = Promise.resolve(false);
    act(() => {
      registered = hook.result.current.submit('codigo-a');
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0]!.resolve(answerFor(order, 0));
      await registered;
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.sessions }));
  });

  describe('a device already done in this order (the label read again, or after a reload)', () => {
    const slug = 'yrr8sn0jabcd1234efgh';
    const hash = createHash('sha256').update(slug, 'utf8').digest('hex');
    afterEach(() => reportReachable());

    it('on the server: says «Ya registrada» naming the device, and sends nothing (no sheet opens on a preset)', async () => {
      const done = makeSession({ id: 12 }, [
        {},
        {
          status: 'COMPLETED',
          outcome: 'SCANNED',
          trap: { code: 'TRP-113', area: 'Bodega', type: 'LAMINA', qrHash: hash, routeOrder: null },
        },
      ]);
      const { hook, sendScan } = setup(done);
      let answered: Promise<boolean> = Promise.resolve(false);
      act(() => {
        answered = hook.result.current.submit(slug);
      });
      await act(async () => void (await answered));
      expect(await answered).toBe(true);
      expect(sendScan).not.toHaveBeenCalled();
      expect(hook.result.current.status).toMatchObject({ detail: 'TRP-113 · Bodega', recordedItemId: 2 });
      expect(hook.result.current.pending).toBe(false);
    });

    it('closed by the technician, it stays closed while the same label is in view, and returns after another', async () => {
      const otherSlug = 'zzz8sn0jabcd1234efgh';
      const otherHash = createHash('sha256').update(otherSlug, 'utf8').digest('hex');
      const done = makeSession({ id: 12 }, [
        {
          status: 'COMPLETED',
          outcome: 'SCANNED',
          trap: { code: 'TRP-112', area: 'Bodega', type: 'LAMINA', qrHash: otherHash, routeOrder: null },
        },
        {
          status: 'COMPLETED',
          outcome: 'SCANNED',
          trap: { code: 'TRP-113', area: 'Bodega', type: 'LAMINA', qrHash: hash, routeOrder: null },
        },
      ]);
      const { hook } = setup(done);
      const read = async (code: string) => {
        let answered: Promise<boolean> = Promise.resolve(false);
        act(() => {
          answered = hook.result.current.submit(code);
        });
        await act(async () => void (await answered));
      };
      await read(slug);
      expect(hook.result.current.status).toMatchObject({ recordedItemId: 2 });
      act(() => hook.result.current.dismissRecorded());
      expect(hook.result.current.status).toBeNull();
      // The camera reads the same label again and again: on a phone the notice would cover «Cerrar orden».
      await read(slug);
      await read(slug);
      expect(hook.result.current.status).toBeNull();
      await read(otherSlug);
      expect(hook.result.current.status).toMatchObject({ recordedItemId: 1 });
      await read(slug);
      expect(hook.result.current.status).toMatchObject({ recordedItemId: 2 });
    });

    it('waiting on the phone (scanned without signal, the page reloaded since): the same, nothing kept twice', async () => {
      const waiting = makeSession({ id: 12 }, [
        { trap: { code: 'TRP-113', area: 'Bodega', type: 'LAMINA', qrHash: hash, routeOrder: null } },
      ]);
      const { hook, sendScan } = setup(waiting, new Set([hash]));
      let answered: Promise<boolean> = Promise.resolve(false);
      act(() => {
        answered = hook.result.current.submit(slug);
      });
      await act(async () => void (await answered));
      expect(sendScan).not.toHaveBeenCalled();
      expect(hook.result.current.status).toMatchObject({ recordedItemId: 1 });
    });

    it('without the server, a code of none of the order devices is refused on the phone, not kept to be refused later', async () => {
      const { hook, sendScan } = setup(order);
      reportUnreachable();
      let answered: Promise<boolean> = Promise.resolve(true);
      act(() => {
        answered = hook.result.current.submit(slug);
      });
      await act(async () => void (await answered));
      expect(await answered).toBe(false);
      expect(sendScan).not.toHaveBeenCalled();
      expect(hook.result.current.status).toEqual({
        tone: 'error',
        text: 'No se pudo registrar el escaneo. Verifica el QR.',
        detail: 'El código leído no es de ninguna trampa de esta orden.',
      });
    });
  });
});
