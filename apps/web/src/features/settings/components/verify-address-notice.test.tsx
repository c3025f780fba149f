import type { VerifyAddress } from '@rondin/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { VerifyAddressNotice } from './verify-address-notice';

function serve(address: VerifyAddress) {
  return mockApi({ 'GET /api/settings/verify-address': () => ({ body: address }) });
}

describe('Configuración: where the certificates point', () => {
  it('warns while PUBLIC_URL is unset and the address in use only opens on this network', async () => {
    serve({ url: 'http://192.168.1.20:3000', configured: false, public: false });
    renderWithApp(<VerifyAddressNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Los certificados apuntan a http://192.168.1.20:3000, una dirección que solo se abre desde esta red',
    );
    expect(alert).toHaveTextContent('Define PUBLIC_URL en el servidor');
  });

  it('says where the QR opens, without a warning, when the address is public or PUBLIC_URL is set', async () => {
    serve({ url: 'https://rondin.plagas-levante.es', configured: true, public: true });
    const { unmount } = renderWithApp(<VerifyAddressNotice />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'El QR de cada certificado abre https://rondin.plagas-levante.es/verificar/…',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    // Unset, but reached at a public address: no alarm, only that each close takes the address it was made at.
    serve({ url: 'https://rondin.plagas-levante.es', configured: false, public: true });
    renderWithApp(<VerifyAddressNotice />);
    expect(await screen.findByRole('status')).toHaveTextContent('PUBLIC_URL no está definida');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
