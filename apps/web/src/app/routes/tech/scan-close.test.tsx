import type { CertificateSummary, Session } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTechnician, renderWithApp, storeSignIn, stubFetch } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { AppRoutes } from '../../router';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });
const certificate: CertificateSummary = {
  folio: '2026-000001',
  revision: 1,
  issuedAt: '2026-11-22T10:00:00.000Z',
  verifyUrl: 'https://rondin.test/verificar/abc123',
  sha256: 'a'.repeat(64),
  clientName: null,
  clientAbsent: true,
};

/** Order 12 with every trap done; the close answers `refuse` once when set, as the server would. */
function serveOrder(refuse?: { status: number; message: string }) {
  const state = {
    order: makeSession({ id: 12, status: 'IN_PROGRESS' }, [{ status: 'COMPLETED' }]) as Session,
    refuse,
  };
  const { fetchStub, calls } = stubFetch({
    'GET /api/technicians/me/profile': () => ({ body: tech }),
    'GET /api/sessions/12': () => ({ body: state.order }),
    'POST /api/sessions/12/close': () => {
      if (state.refuse) {
        const { status, message } = state.refuse;
        state.refuse = undefined;
        return { status, body: { message } };
      }
      state.order = { ...state.order, status: 'COMPLETED', closedAt: '2026-11-22T10:00:00.000Z' };
      return { body: state.order };
    },
    'GET /api/sessions/12/certificate': () =>
      state.order.status === 'COMPLETED' ? { body: certificate } : { status: 404, body: { message: 'no' } },
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

describe('closing an order on the phone with the client signature dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks 'Firma del cliente', shows the server's refusal there, then closes as «Cliente ausente» and shows the folio", async () => {
    storeSignIn(tech);
    const calls = serveOrder({ status: 400, message: 'Falta la firma del cliente.' });
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar orden' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Firma del cliente' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(await within(dialog).findByText('Falta la firma del cliente.')).toBeInTheDocument();
    expect(within(dialog).getByText('No se pudo cerrar la orden.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(await screen.findByText('Certificado 2026-000001')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const closed = screen.getByRole('region', { name: 'Orden cerrada' });
    expect(within(closed).getByText('Cliente ausente')).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Descargar reporte PDF' })).toBeInTheDocument();
    const closes = calls.filter((call) => call.key === 'POST /api/sessions/12/close');
    expect(closes).toHaveLength(2);
    expect(JSON.parse(String(closes[1]!.init?.body))).toEqual({ clientSignature: { absent: true } });
  }, 20_000);
});
