import type { ScanResponse, Session } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests, networkError, type Routes } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { AppRoutes } from '../../router';

// The technician layout opens a realtime connection; this test is about the scan queue, not sockets.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const CODE = 'abcd1234efgh5678jkmn';
const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });

/**
 * The server's copy of order 12 (the second trap's QR is CODE) and a connection the test switches off: without
 * it, every request fails as fetch does without signal. While `slowReads` is set, re-reading the order waits.
 */
function serveOrder() {
  const qrHash = createHash('sha256').update(CODE, 'utf8').digest('hex');
  const heldReads: (() => void)[] = [];
  const state = {
    online: true,
    slowReads: false,
    releaseReads: () => heldReads.splice(0).forEach((release) => release()),
    order: makeSession({ id: 12, status: 'IN_PROGRESS', completedCount: 1, itemCount: 3 }, [
      { status: 'COMPLETED' },
      { trap: { code: 'TRP-002', area: 'Bodega norte', type: 'OTRO', qrHash, routeOrder: null } },
      {},
    ]),
  };
  const routes: Routes = {
    'GET /api/technicians/me/profile': () => ({ body: tech }),
    'GET /api/sessions/12': () => ({ body: state.order }),
    'POST /api/sessions/12/scan': () => {
      const item = { ...state.order.items[1]!, status: 'COMPLETED' as const, completedAt: '2030-01-02T10:00:00.000Z' };
      state.order = {
        ...state.order,
        completedCount: 2,
        items: state.order.items.map((each) => (each.id === item.id ? item : each)),
      };
      const { items: _items, ...session } = state.order;
      return { body: { session, item } satisfies ScanResponse };
    },
  };
  answerRequests(async (call) => {
    if (!state.online) return networkError();
    if (state.slowReads && call.method === 'GET') await new Promise<void>((release) => heldReads.push(release));
    return routes[call.key]?.(call);
  });
  return state as typeof state & { order: Session };
}

describe('scan screen in the field (offline queue)', () => {
  // The whole app, lazy routes and the device's saved data included: more than the default 5 s on a busy machine.
  it('marks a trap scanned without signal as done but not sent, refuses a second copy, and shows it completed once sent, never pending between', async () => {
    storeSignIn(tech);
    const server = serveOrder();
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });
    const list = await screen.findByRole('region', { name: 'Listado de trampas' }, { timeout: 5_000 });
    const row = () => within(list).getAllByRole('listitem')[1]!;
    // The server's copy read before the signal goes: the trap is pending there.
    await waitFor(() => expect(row()).toHaveTextContent('Pendiente'));

    server.online = false;
    const user = userEvent.setup();
    const enterCode = async () => {
      await user.click(screen.getByLabelText('Código impreso bajo el QR'));
      await user.paste(CODE);
      await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    };
    await enterCode();
    expect(
      await screen.findByText(
        'Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('TRP-002 · Bodega norte')).toBeInTheDocument();
    expect(row()).toHaveTextContent('Hecha, por enviar');
    expect(row()).not.toHaveTextContent('Pendiente');
    expect(screen.getByText('Orden #12 · Progreso 2 de 3')).toBeInTheDocument();
    expect(within(list).getByText('Progreso actual: 2 de 3 trampas')).toBeInTheDocument();
    expect(screen.getByText('1 escaneo por enviar')).toBeInTheDocument();

    // Its sheet closed without a finding, the same label again: nothing new waits, and the technician is told it
    // is done, with what it holds (no finding yet: the way to record one).
    await user.click(screen.getByRole('button', { name: 'Cerrar sin registrar hallazgo' }));
    await enterCode();
    const recorded = await screen.findByText('Ya registrada');
    const line = recorded.closest<HTMLElement>('[role="status"]')!;
    expect(line).toHaveTextContent('Ya registrada · TRP-002 · Bodega norte');
    expect(line).toHaveTextContent('Sin hallazgo registrado');
    expect(within(line).getByRole('button', { name: 'Registrar hallazgo de TRP-002' })).toBeInTheDocument();
    expect(screen.getByText('1 escaneo por enviar')).toBeInTheDocument();

    // The signal returns on a slow network: the trap goes from 'Hecha, por enviar' to 'Completada' with the
    // server's answer to the scan, not pending again until the order has been read anew.
    const states: string[] = [];
    const observer = new MutationObserver(() => states.push(row().textContent ?? ''));
    observer.observe(list, { subtree: true, childList: true, characterData: true });
    server.slowReads = true;
    server.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/escaneos? por enviar|Enviando/)).not.toBeInTheDocument());
    expect(row()).toHaveTextContent('Completada');
    expect(screen.getByText('Orden #12 · Progreso 2 de 3')).toBeInTheDocument();
    observer.disconnect();
    expect(states.filter((text) => text.includes('Pendiente'))).toEqual([]);
    server.releaseReads();
  }, 20_000);

  it('records an unreadable label by its typed code without signal, and opens the sheet as after a scan', async () => {
    storeSignIn(tech);
    const server = serveOrder();
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });
    const list = await screen.findByRole('region', { name: 'Listado de trampas' }, { timeout: 5_000 });
    const row = () => within(list).getAllByRole('listitem')[1]!;
    await waitFor(() => expect(row()).toHaveTextContent('Pendiente'));
    server.online = false;
    const user = userEvent.setup();
    // The printed code typed where the QR's code goes: offered as «Código escrito» for that device.
    await user.type(screen.getByLabelText('Código impreso bajo el QR'), 'trp-002');
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    const offered = screen
      .getAllByRole('button', { name: 'Registrar TRP-002 por su código escrito' })
      .find((button) => !list.contains(button))!;
    await user.click(offered);
    const dialog = screen.getByRole('dialog', { name: 'TRP-002: código escrito' });
    await user.type(within(dialog).getByLabelText('Código impreso en la etiqueta'), 'TRP-002');
    await user.click(within(dialog).getByRole('radio', { name: 'Etiqueta dañada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(row()).toHaveTextContent('Hecha, por enviar'));
    expect(row()).toHaveTextContent('Código escrito');
    expect(await screen.findByRole('button', { name: /Sin novedad/ })).toBeInTheDocument();
    expect(screen.getByText('1 código escrito por enviar')).toBeInTheDocument();
    // The list offers it for each device still pending, not for one done.
    expect(within(list).getByRole('button', { name: 'Registrar TRP-003 por su código escrito' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Registrar TRP-002 por su código escrito' })).toBeNull();
  }, 20_000);
});
