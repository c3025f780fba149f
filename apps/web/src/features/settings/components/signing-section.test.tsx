import type { SigningCertificateState } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { SigningSection } from './signing-section';

const installed: SigningCertificateState = {
  certificate: {
    subject: 'Plagas Levante SL',
    issuer: 'AC Pruebas',
    serialNumber: '01',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2028-01-01T00:00:00.000Z',
    uploadedAt: '2026-02-01T10:00:00.000Z',
    status: 'VIGENTE',
  },
};

function serve() {
  return mockApi({
    'GET /api/settings/signing-certificate': () => ({ body: installed }),
    'DELETE /api/settings/signing-certificate': () => ({ status: 204 }),
  });
}

describe('Configuración: taking the signing certificate away', () => {
  it('asks first, saying documents go out unsigned, and removes nothing on «Cancelar»', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<SigningSection />);
    await user.click(await screen.findByRole('button', { name: 'Quitar certificado' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quitar el certificado de firma?' });
    expect(dialog).toHaveTextContent('saldrán sin firma digital');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(0);
  });

  it('removes it once confirmed and says so', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<SigningSection />);
    await user.click(await screen.findByRole('button', { name: 'Quitar certificado' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quitar el certificado de firma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar certificado' }));
    expect(
      await screen.findByText('Certificado de firma quitado: los documentos salen desde ahora sin firma.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'DELETE /api/settings/signing-certificate')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
