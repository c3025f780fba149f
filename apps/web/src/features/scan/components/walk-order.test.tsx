import type { Session, SessionItem } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { qrHash } from '../../../lib/qr-hash';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { ScanScreen } from './scan-screen';

const SLUG = 'abcd1234efgh5678jkmn';

/** Listed by the server by code; the site's walk goes C, A, then B (no place), so the phone lists them so. */
function order(): Session {
  const trap = (code: string, area: string | null, routeOrder: number | null, hash: string) => ({
    code,
    area,
    type: 'OTRO' as const,
    qrHash: hash,
    routeOrder,
  });
  return makeSession({ id: 12, status: 'IN_PROGRESS' }, [
    { trap: trap('TRP-A', 'Bodega', 2, 'a'.repeat(64)) },
    { trap: trap('TRP-B', null, null, 'b'.repeat(64)) },
    { trap: trap('TRP-C', 'Andén', 1, qrHash(SLUG)) },
  ]);
}

function serve(initial: Session) {
  const state = { order: initial };
  mockApi({
    'GET /api/sessions/12': () => ({ body: state.order }),
    'POST /api/sessions/12/scan': () => {
      const item: SessionItem = { ...state.order.items[2]!, status: 'COMPLETED', outcome: 'SCANNED' };
      state.order = { ...state.order, items: state.order.items.map((each) => (each.id === item.id ? item : each)) };
      const { items: _items, ...summary } = state.order;
      return { body: { session: summary, item } };
    },
  });
}

const codes = () =>
  within(screen.getByRole('region', { name: 'Listado de trampas' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.trap-row__code')?.textContent);

describe('walk order on the phone', () => {
  it('lists the devices by the site’s route, then by code, and after a record says which comes next', async () => {
    serve(order());
    renderWithApp(<ScanScreen orderId={12} />);
    await screen.findByRole('region', { name: 'Listado de trampas' }, { timeout: 5000 });
    expect(codes()).toEqual(['TRP-C', 'TRP-A', 'TRP-B']);
    expect(screen.getByText('Siguiente: TRP-C · Andén')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Código impreso bajo el QR'));
    await user.paste(SLUG);
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    expect(await screen.findByText('Trampa registrada correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Siguiente: TRP-A · Bodega')).toBeInTheDocument());
  });

  it('skips a device scanned without signal, and names the area of one without any as «Sin ubicación»', async () => {
    serve(order());
    renderWithApp(<ScanScreen orderId={12} unsentQrHashes={new Set([qrHash(SLUG), 'a'.repeat(64)])} />);
    expect(await screen.findByText('Siguiente: TRP-B · Sin ubicación', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
