import type { Session } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type Routes } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { qrHash } from '../../../lib/qr-hash';
import { makeFinding } from '../../../testing/finding';
import { makeSession } from '../../../testing/sessions';
import { ScanScreen } from './scan-screen';

/** Every trap scanned, each with its finding: nothing stands in the way of closing. */
const allDone = makeSession({ id: 12, status: 'IN_PROGRESS' }, [
  { status: 'COMPLETED', outcome: 'SCANNED', finding: makeFinding() },
  {
    status: 'COMPLETED',
    outcome: 'SCANNED',
    finding: makeFinding(),
    trap: { code: '', area: null, type: 'OTRO' as const, qrHash: 'b'.repeat(64), routeOrder: null },
    trapId: 44,
  },
]);

/** The server's copy of the order: writes change what the next GET answers, as the real server's do. */
function serve(order: Session, extra: (state: { order: Session }) => Routes = () => ({})) {
  const state = { order };
  const calls = mockApi({
    [`GET /api/sessions/${order.id}`]: () => ({ body: state.order }),
    ...extra(state),
  });
  return calls;
}

describe('scan screen', () => {
  it("shows 'Cargando sesión...', then the order, its list with fallbacks, and the camera problem when there is no camera", async () => {
    serve(allDone);
    renderWithApp(<ScanScreen orderId={12} />);
    expect(screen.getByText('Cargando sesión...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Escaneo de orden' })).toBeInTheDocument();
    expect(screen.getByText('Orden #12 · Progreso 2 de 2')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Listado de trampas' });
    expect(within(list).getByText('Progreso actual: 2 de 2 trampas')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Trampa #44');
    expect(rows[1]).toHaveTextContent('Sin ubicación');
    expect(rows[1]).toHaveTextContent('Completada');
    // jsdom has no camera at all, like a page served over plain HTTP.
    expect(await screen.findByText('No se pudo acceder a la cámara')).toBeInTheDocument();
  });

  it('keeps Cerrar orden disabled while a trap is pending', async () => {
    serve(makeSession({ id: 12, status: 'IN_PROGRESS' }, [{ status: 'COMPLETED' }, {}]));
    renderWithApp(<ScanScreen orderId={12} />);
    expect(await screen.findByRole('button', { name: 'Cerrar orden' })).toBeDisabled();
    expect(screen.getAllByText('Pendiente')).toHaveLength(1);
  });

  it("shows a trap whose scan waits on the device as 'Hecha, por enviar', counts it done, and keeps closing blocked with the reason", async () => {
    const order = makeSession({ id: 12, status: 'IN_PROGRESS' }, [{ status: 'COMPLETED' }, {}, {}]);
    serve(order);
    const waitingReason = 'Hay 2 escaneos de esta orden por enviar: podrás cerrarla cuando se hayan enviado.';
    const unsent = new Set([order.items[1]!.trap.qrHash, order.items[2]!.trap.qrHash]);
    renderWithApp(<ScanScreen orderId={12} unsentQrHashes={unsent} closeBlockedReason={waitingReason} />);
    const list = await screen.findByRole('region', { name: 'Listado de trampas' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Completada|Pendiente|Hecha, por enviar)$/).textContent)).toEqual([
      'Completada',
      'Hecha, por enviar',
      'Hecha, por enviar',
    ]);
    expect(rows[1]).toHaveClass('trap-row--unsent');
    expect(rows[1]).not.toHaveClass('trap-row--done');
    expect(screen.getByText('Orden #12 · Progreso 3 de 3')).toBeInTheDocument();
    expect(within(list).getByText('Progreso actual: 3 de 3 trampas')).toBeInTheDocument();
    expect(screen.getByText('100 %')).toBeInTheDocument();
    // The server does not have those scans yet: no 'ya puedes cerrar', the button waits and says why.
    expect(screen.getByRole('button', { name: 'Cerrar orden' })).toBeDisabled();
    expect(screen.getByText(waitingReason)).toBeInTheDocument();
    expect(
      screen.queryByText('Todas las trampas están completadas. Ya puedes cerrar la orden.'),
    ).not.toBeInTheDocument();
  });

  it("marks only the trap whose code hash a waiting scan has; without one it stays 'Pendiente'", async () => {
    const order = makeSession({ id: 12, status: 'IN_PROGRESS' }, [{}, {}]);
    serve(order);
    renderWithApp(<ScanScreen orderId={12} unsentQrHashes={new Set([order.items[0]!.trap.qrHash, 'f'.repeat(64)])} />);
    const list = await screen.findByRole('region', { name: 'Listado de trampas' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Hecha, por enviar');
    expect(second).toHaveTextContent('Pendiente');
    expect(screen.getByText('Orden #12 · Progreso 1 de 2')).toBeInTheDocument();
  });

  it('closes with no body; the order then shows closed and refuses scans', async () => {
    const calls = serve(allDone, (state) => ({
      'POST /api/sessions/12/close': () => {
        state.order = { ...state.order, status: 'COMPLETED' };
        return { body: state.order };
      },
    }));
    renderWithApp(<ScanScreen orderId={12} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar orden' }));
    expect(await screen.findByText('Orden cerrada correctamente.')).toBeInTheDocument();
    expect(screen.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeInTheDocument();
    // Nothing left to do here but read the report or go back: no close button, no camera, no typed code.
    expect(screen.queryByRole('button', { name: 'Cerrar orden' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Código impreso bajo el QR')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cámara y registro' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a órdenes' })).toHaveAttribute('href', '/tech/sessions');
    const close = calls.find((call) => call.key === 'POST /api/sessions/12/close')!;
    expect(close.body).toBeUndefined();
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET /api/sessions/12').length).toBeGreaterThan(1));
  });

  it('a device of the site not in the order: the refusal names it, and «Añadir a esta orden» adds it and registers the scan', async () => {
    const slug = 'abcd1234efgh5678jkmn';
    const added = {
      ...makeSession({}, [{}]).items[0]!,
      id: 9,
      trapId: 113,
      addedOnSite: true,
      trap: { code: 'TRP-113', area: 'Bodega', type: 'OTRO' as const, qrHash: qrHash(slug), routeOrder: null },
    };
    const order = makeSession({ id: 12, status: 'IN_PROGRESS' }, [{}]);
    const calls = serve(order, (state) => ({
      'POST /api/sessions/12/scan': () => {
        if (!state.order.items.some((item) => item.id === 9)) {
          return {
            status: 404,
            body: {
              code: 'TRAP_NOT_IN_ORDER',
              message: 'TRP-113 (Bodega) es de este sitio pero no está en esta orden.',
              device: { id: 113, code: 'TRP-113', area: 'Bodega' },
            },
          };
        }
        const item = { ...added, status: 'COMPLETED' as const, outcome: 'SCANNED' as const };
        state.order = { ...state.order, items: state.order.items.map((each) => (each.id === 9 ? item : each)) };
        const { items: _items, ...summary } = state.order;
        return { body: { session: summary, item } };
      },
      'POST /api/sessions/12/items': () => {
        state.order = { ...state.order, items: [...state.order.items, added], itemCount: 2 };
        const { items: _items, ...summary } = state.order;
        return { status: 201, body: { session: summary, item: added } };
      },
    }));
    renderWithApp(<ScanScreen orderId={12} />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Código impreso bajo el QR'));
    await user.paste(slug);
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    const named = await screen.findByText('TRP-113 (Bodega) es de este sitio pero no está en esta orden.');
    const refusal = named.closest<HTMLElement>('[role="alert"]')!;
    expect(refusal).toHaveTextContent('No se pudo registrar el escaneo. Verifica el QR.');
    await user.click(within(refusal).getByRole('button', { name: 'Añadir TRP-113 a esta orden' }));
    expect(await screen.findByText('Trampa registrada correctamente.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Listado de trampas' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('TRP-113');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Completada');
    const adding = calls.find((call) => call.key === 'POST /api/sessions/12/items');
    expect(adding?.body).toEqual({ trapId: 113 });
    expect(calls.filter((call) => call.key === 'POST /api/sessions/12/scan')).toHaveLength(2);
  });

  it('says why a close was refused', async () => {
    serve(allDone, () => ({
      'POST /api/sessions/12/close': () => ({
        status: 409,
        body: { message: 'La orden aún tiene trampas pendientes.' },
      }),
    }));
    renderWithApp(<ScanScreen orderId={12} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cerrar orden' }));
    expect(
      await screen.findByText('No se pudo cerrar la orden. Asegúrate de completar todas las trampas.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['TRP-201', '«TRP-201» es el nombre de la trampa. Escribe el código de 20 caracteres bajo el QR.'],
    ['abc', 'Escribe el código de 20 caracteres bajo el QR: escribiste 3.'],
    [
      'abcd 1234 efgh 5678 jkmu',
      'Escribe el código de 20 caracteres bajo el QR: solo lleva números y letras, sin la u.',
    ],
  ])('checks a typed %s before sending it and says what to type', async (typed, expected) => {
    const calls = serve(
      makeSession({ id: 12 }, [
        { trap: { code: 'TRP-201', area: null, type: 'OTRO' as const, qrHash: 'c'.repeat(64), routeOrder: null } },
      ]),
    );
    renderWithApp(<ScanScreen orderId={12} />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Código impreso bajo el QR');
    await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    const alerts = screen.getAllByRole('alert').filter((alert) => alert.textContent === expected);
    expect(alerts).toHaveLength(1);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(expected));
    expect(screen.queryByText(/Verifica el QR/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/sessions/12/scan')).toBe(false);
    // Editing the field takes the message away.
    await user.type(field, 'x');
    expect(screen.queryByText(expected)).not.toBeInTheDocument();
  });

  it("shows the server's own reason when it refuses a well-formed code, in one message", async () => {
    serve(makeSession({ id: 12 }, [{}]), () => ({
      'POST /api/sessions/12/scan': () => ({
        status: 404,
        body: { message: 'El QR no corresponde a ninguna trampa de esta orden.' },
      }),
    }));
    renderWithApp(<ScanScreen orderId={12} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código impreso bajo el QR'), 'zzzz 1234 efgh 5678 jkmn');
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    expect(await screen.findByText('El QR no corresponde a ninguna trampa de esta orden.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeInTheDocument();
    expect(
      screen.queryByText('No se pudo registrar el escaneo. Verifica que el QR pertenezca a esta sesión.'),
    ).not.toBeInTheDocument();
  });

  it('sends a typed code normalised, through the same scan flow', async () => {
    const calls = serve(makeSession({ id: 12 }, [{}]), (state) => ({
      'POST /api/sessions/12/scan': () => {
        const item = { ...state.order.items[0]!, status: 'COMPLETED' as const };
        state.order = { ...state.order, status: 'IN_PROGRESS', completedCount: 1, items: [item] };
        const { items: _items, ...summary } = state.order;
        return { body: { session: summary, item } };
      },
    }));
    renderWithApp(<ScanScreen orderId={12} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código impreso bajo el QR'), 'ABCD 1234-EFGH 5678 JKMN');
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    expect(await screen.findByText('Trampa registrada correctamente.')).toBeInTheDocument();
    const scan = calls.find((call) => call.key === 'POST /api/sessions/12/scan')!;
    expect(scan.body).toMatchObject({ qrSlug: 'abcd1234efgh5678jkmn' });
    expect(screen.getByLabelText('Código impreso bajo el QR')).toHaveValue('');
    expect(
      within(screen.getByRole('region', { name: 'Listado de trampas' })).getByText('Completada'),
    ).toBeInTheDocument();
  });

  it('offers «Código escrito» when the server says the code sent is one of the order’s printed codes', async () => {
    const order = makeSession({ id: 12, status: 'IN_PROGRESS' }, [{}]);
    serve(order, () => ({
      'POST /api/sessions/12/scan': () => ({
        status: 404,
        body: {
          code: 'TRAP_CODE_TYPED',
          message: 'TRP-001 es el código impreso de un dispositivo de esta orden.',
          device: { id: 1, code: 'TRP-001', area: 'Bodega norte' },
        },
      }),
    }));
    renderWithApp(
      <ScanScreen
        orderId={12}
        manualCodeDialog={(item, controls) => (
          <div role="dialog" aria-label={`Código escrito de ${item.trap.code}`}>
            <button type="button" onClick={controls.close}>
              Volver
            </button>
          </div>
        )}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Código impreso bajo el QR'));
    await user.paste('abcd1234efgh5678jkmn');
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    const named = await screen.findByText('TRP-001 es el código impreso de un dispositivo de esta orden.');
    const refusal = named.closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(refusal).getByRole('button', { name: 'Registrar TRP-001 por su código escrito' }));
    expect(screen.getByRole('dialog', { name: 'Código escrito de TRP-001' })).toBeInTheDocument();
  });
});
