import type { Verification } from '@rondin/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests, networkError } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { VerificationView } from './verification-view';

const verification: Verification = {
  folio: '2026-000042',
  revision: 1,
  issuedAt: '2026-11-22T13:00:00.000Z',
  site: 'Planta Norte',
  company: 'Control de Plagas del Sur S.L.',
  sha256: 'ab'.repeat(32),
  replaced: false,
  content: {
    timeZone: 'Europe/Madrid',
    issued: '22-11-2026 14:00',
    serviceDate: '22-11-2026, de 09:10 a 10:45',
    serviceStart: '2026-11-22T08:10:00.000Z',
    serviceEnd: '2026-11-22T09:45:00.000Z',
    technician: { name: 'Ana Torres', qualification: 'Aplicador', licenceNumber: 'CV-APL-0042' },
    devices: { due: 24, inspected: 23, exceptions: 2, pending: 1, withActivity: 3 },
    applications: [
      {
        product: 'Brodifacoum Bloque 25',
        registrationNumber: 'ES/RM-2020-14-00123',
        batch: 'Lote L-2291',
        dose: '20 g por estación',
        quantity: '120 g',
      },
    ],
  },
};

/**
 * The public endpoint as the server answers it, counting the lookups (each one counts against the limit); a
 * lookup that carried a sign-in is refused, as the page must never send one.
 */
function answer(respond: () => Response) {
  const calls = answerRequests((call) =>
    call.headers.has('authorization') ? json(400, { message: 'sent a sign-in' }) : respond(),
  );
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('verification page', { timeout: 20_000 }, () => {
  it('shows folio, date, site, company and hash, with no sign-in sent', async () => {
    const calls = answer(() => json(200, verification));
    renderWithApp(<VerificationView code="k3x9q2" />);
    expect(screen.getByText('Consultando el certificado…')).toBeInTheDocument();
    expect(await screen.findByText('2026-000042')).toBeInTheDocument();
    expect(screen.getByText('Planta Norte')).toBeInTheDocument();
    expect(screen.getByText('Control de Plagas del Sur S.L.')).toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText('Vigente')).toBeInTheDocument();
    expect(screen.queryByText('Sustituido por una revisión posterior')).not.toBeInTheDocument();
    // What the certificate prints, as it prints it: the issue time in the certificate's own format and zone.
    expect(screen.getByText('22-11-2026 14:00')).toBeInTheDocument();
    expect(screen.getByText('22-11-2026, de 09:10 a 10:45')).toBeInTheDocument();
    expect(screen.getByText('Ana Torres · Aplicador · carné CV-APL-0042')).toBeInTheDocument();
    const due = screen.getByText('Previstos').closest('div')!;
    expect(due).toHaveTextContent('Previstos24');
    expect(screen.getByText('Con excepción (no encontrados o inaccesibles)').closest('div')).toHaveTextContent('2');
    const product = screen.getByText('Brodifacoum Bloque 25').closest('li')!;
    for (const printed of ['ES/RM-2020-14-00123', 'L-2291', '20 g por estación', '120 g']) {
      expect(product).toHaveTextContent(printed);
    }
    expect(calls.map((call) => call.path)).toEqual(['/api/verify/k3x9q2']);
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('a certificate drawn before its content was kept: says to compare the hash', async () => {
    answer(() => json(200, { ...verification, content: null }));
    renderWithApp(<VerificationView code="k3x9q2" />);
    expect(
      await screen.findByText(
        'Este certificado se emitió antes de que la verificación mostrara su contenido: compara la huella SHA-256 con la de tu PDF.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Fecha del servicio')).not.toBeInTheDocument();
  });

  it('says «Sustituido» when a later revision replaced it', async () => {
    answer(() => json(200, { ...verification, revision: 1, replaced: true }));
    renderWithApp(<VerificationView code="k3x9q2" />);
    expect(await screen.findAllByText('Sustituido por una revisión posterior')).toHaveLength(2);
    expect(screen.queryByText('Vigente')).not.toBeInTheDocument();
  });

  it('an unknown code, and one of the wrong shape without asking the server', async () => {
    const calls = answer(() => json(404, { message: 'No existe un certificado con ese código.' }));
    const { unmount } = renderWithApp(<VerificationView code="zz99" />);
    expect(await screen.findByText('Ningún certificado tiene ese código de verificación.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<VerificationView code="NO-VALE" />);
    expect(screen.getByText('Ningún certificado tiene ese código de verificación.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('too many lookups says how long to wait, and Reintentar asks again', async () => {
    let limited = true;
    answer(() =>
      limited ? json(429, { message: 'Demasiadas consultas' }, { 'retry-after': '42' }) : json(200, verification),
    );
    renderWithApp(<VerificationView code="k3x9q2" />);
    expect(
      await screen.findByText('Demasiadas consultas de verificación. Vuelve a intentarlo en 42 segundos.'),
    ).toBeInTheDocument();
    limited = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('2026-000042')).toBeInTheDocument();
  });

  it('without connection says so', async () => {
    answer(networkError);
    renderWithApp(<VerificationView code="k3x9q2" />);
    expect(
      await screen.findByText(
        'Sin conexión: no se puede consultar el certificado. Vuelve a intentarlo cuando tengas conexión.',
      ),
    ).toBeInTheDocument();
  });
});
