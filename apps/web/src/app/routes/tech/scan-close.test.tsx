import type { CertificateSummary, Session } from '@rondin/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFinding } from '../../../testing/finding';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { AppRoutes } from '../../router';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });
const certificate: CertificateSummary = {
  folio: '2026-000001',
  revision: 1,
  issuedAt: '2026-11-22T10:00:00.000Z',
  verifyUrl: 'https://rondin.test/verificar/abc123',
  sha256: 'a'.repeat(64),
  clientName: null,
  clientAbsent: true,
  clientAbsentReason: 'Nadie del cliente en planta',
};
// jsdom has neither a 2D context nor PNG encoding: the browser's part of the export, as a canvas would answer.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Refusal {
  status: number;
  message: string;
  code?: string;
  items?: { itemId: number; code: string }[];
}

/**
 * Order 12 with every trap done (with its finding unless `items` says otherwise); the close answers each of
 * `refusals` once, in turn, as the server would; the technician's own signature is stored unless `ownSignature`
 * is false (then PUT stores it).
 */
function serveOrder({
  refusals = [] as Refusal[],
  ownSignature = true,
  items = [{ status: 'COMPLETED', outcome: 'SCANNED', finding: makeFinding() }] as Parameters<typeof makeSession>[1],
} = {}) {
  const state = {
    order: makeSession({ id: 12, status: 'IN_PROGRESS' }, items) as Session,
    ownSignature,
  };
  const calls = mockApi({
    'GET /api/technicians/me/profile': () => ({ body: tech }),
    'GET /api/technicians/me/signature': () =>
      state.ownSignature ? { body: 'png' } : { status: 404, body: { message: 'Aún no tienes una firma guardada.' } },
    'PUT /api/technicians/me/signature': () => {
      state.ownSignature = true;
      return { status: 204 };
    },
    'GET /api/sessions/12': () => ({ body: state.order }),
    'POST /api/sessions/12/close': () => {
      const refusal = refusals.shift();
      if (refusal) {
        const { status, ...body } = refusal;
        return { status, body };
      }
      state.order = { ...state.order, status: 'COMPLETED', closedAt: '2026-11-22T10:00:00.000Z' };
      return { body: state.order };
    },
    'GET /api/sessions/12/certificate': () =>
      state.order.status === 'COMPLETED' ? { body: certificate } : { status: 404, body: { message: 'no' } },
  });
  const closes = () => calls.filter((call) => call.key === 'POST /api/sessions/12/close').map((call) => call.body);
  return { calls, closes };
}

/** Opens the order and presses 'Cerrar orden'. */
async function pressClose() {
  storeSignIn(tech);
  renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cerrar orden' }, { timeout: 5_000 }));
  return user;
}

/** «Cliente ausente» with the first preset reason, then 'Cerrar y emitir certificado'. */
async function closeAsAbsent(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Firma del cliente' });
  await user.click(within(dialog).getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }));
  await user.click(within(dialog).getByRole('radio', { name: 'Nadie del cliente en planta' }));
  await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
  return dialog;
}

describe('closing an order on the phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const context = new Proxy({}, { get: () => () => undefined, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(`data:image/png;base64,${PNG}`);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("asks 'Firma del cliente', shows the server's refusal there, then closes as «Cliente ausente» with why, and shows the folio", async () => {
    const { closes } = serveOrder({ refusals: [{ status: 400, message: 'Falta la firma del cliente.' }] });
    const user = await pressClose();
    const dialog = await screen.findByRole('dialog', { name: 'Firma del cliente' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }));
    // Nobody signs: the reason is asked, one tap, before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(within(dialog).getByText('Indica por qué nadie del cliente pudo firmar.')).toBeInTheDocument();
    expect(closes()).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Nadie del cliente en planta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(await within(dialog).findByText('Falta la firma del cliente.')).toBeInTheDocument();
    expect(within(dialog).getByText('No se pudo cerrar la orden.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(await screen.findByText('Certificado 2026-000001')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const closed = screen.getByRole('region', { name: 'Orden cerrada' });
    expect(within(closed).getByText('Cliente ausente: Nadie del cliente en planta')).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Descargar reporte PDF' })).toBeInTheDocument();
    expect(closes()).toHaveLength(2);
    expect(closes()[1]).toEqual({ clientSignature: { absent: true, reason: 'Nadie del cliente en planta' } });
  });

  it("the first close asks the technician's own signature, keeps it as «Mi firma», then the client's", async () => {
    const { calls, closes } = serveOrder({ ownSignature: false });
    const user = await pressClose();
    const own = await screen.findByRole('dialog', { name: 'Tu firma' });
    expect(own).toHaveTextContent('Ningún certificado se emite sin la firma del técnico.');
    await user.click(within(own).getByRole('button', { name: 'Guardar mi firma y seguir' }));
    expect(within(own).getByText('Firma en el recuadro antes de guardar.')).toBeInTheDocument();
    const pad = within(own).getByRole('img', { name: /Mi firma/ });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 30 });
    await user.click(within(own).getByRole('button', { name: 'Guardar mi firma y seguir' }));
    await closeAsAbsent(user);
    expect(await screen.findByText('Certificado 2026-000001')).toBeInTheDocument();
    const saved = calls.find((call) => call.key === 'PUT /api/technicians/me/signature');
    expect(saved?.body).toEqual({ imagePng: PNG });
    expect(closes()).toHaveLength(1);
  });

  it('the server refusing for want of the signature (409 SIGNATURE_REQUIRED) asks for it there', async () => {
    serveOrder({
      refusals: [
        {
          status: 409,
          code: 'SIGNATURE_REQUIRED',
          message: 'Registra tu firma antes de cerrar la orden (menú de usuario › Mi firma).',
        },
      ],
    });
    const user = await pressClose();
    await closeAsAbsent(user);
    expect(await screen.findByRole('dialog', { name: 'Tu firma' })).toBeInTheDocument();
  });

  it('scanned devices without a finding: «Registrar Sin novedad en 2 escaneados» closes recording them', async () => {
    const { closes } = serveOrder({
      items: [
        { status: 'COMPLETED', outcome: 'SCANNED', finding: null },
        { status: 'COMPLETED', outcome: 'SCANNED', finding: makeFinding() },
        { status: 'COMPLETED', outcome: 'SCANNED', finding: null },
        {
          status: 'COMPLETED',
          outcome: 'EXCEPTION',
          exception: { reason: 'NO_ENCONTRADO', reasonDetail: null, note: 'No está' },
        },
      ],
    });
    const user = await pressClose();
    const missing = await screen.findByRole('dialog', { name: 'Faltan hallazgos' });
    expect(missing).toHaveTextContent('Faltan hallazgos en 2 dispositivos escaneados: TRP-001, TRP-003.');
    // Going back records nothing and closes nothing.
    await user.click(within(missing).getByRole('button', { name: 'Volver a la orden' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar orden' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Faltan hallazgos' })).getByRole('button', {
        name: 'Registrar Sin novedad en 2 escaneados',
      }),
    );
    await closeAsAbsent(user);
    expect(await screen.findByText('Certificado 2026-000001')).toBeInTheDocument();
    expect(closes()).toEqual([
      { clientSignature: { absent: true, reason: 'Nadie del cliente en planta' }, defaultNoActivity: true },
    ]);
  });

  it('the server naming devices without a finding (409 FINDINGS_MISSING) asks about those', async () => {
    serveOrder({
      refusals: [
        {
          status: 409,
          code: 'FINDINGS_MISSING',
          message: 'Falta el hallazgo en 1 dispositivo escaneado: TRP-009.',
          items: [{ itemId: 9, code: 'TRP-009' }],
        },
      ],
    });
    const user = await pressClose();
    await closeAsAbsent(user);
    const missing = await screen.findByRole('dialog', { name: 'Faltan hallazgos' });
    expect(missing).toHaveTextContent('Falta el hallazgo en 1 dispositivo escaneado: TRP-009.');
    expect(within(missing).getByRole('button', { name: 'Registrar Sin novedad en 1 escaneado' })).toBeInTheDocument();
  });
});
