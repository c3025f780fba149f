import type { CommonPests, Pest, ScanResponse } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { AppRoutes } from '../../router';

// The technician layout opens a realtime connection; this test is about the capture form, not sockets.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const CODE = 'abcd1234efgh5678jkmn';
const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });
const pest = (id: number, name: string, group: Pest['group']): Pest => ({
  id,
  name,
  scientificName: `${name} sp.`,
  group,
  isActive: true,
  createdAt: '',
});
const PESTS = [
  pest(1, 'Rata parda', 'ROEDORES'),
  pest(2, 'Cucaracha alemana', 'RASTREROS'),
  pest(3, 'Mosca doméstica', 'VOLADORES'),
  pest(4, 'Gorgojo del trigo', 'PRODUCTO_ALMACENADO'),
];

describe('capture form in the field', () => {
  // The whole app, lazy routes included: more than the default 5 s on a busy machine.
  it('lists first the pests most caught at the order’s site for the device’s type, read as the order opened', async () => {
    const qrHash = createHash('sha256').update(CODE, 'utf8').digest('hex');
    let order = makeSession({ id: 12, status: 'IN_PROGRESS', siteId: 5 }, [
      { trap: { code: 'LAM-1', area: 'Bodega', type: 'LAMINA', qrHash, routeOrder: null } },
    ]);
    const common: CommonPests = { byType: { LAMINA: [3, 4], CEBADERO: [1] } };
    const calls = mockApi({
      'GET /api/technicians/me/profile': () => ({ body: tech }),
      'GET /api/sessions/12': () => ({ body: order }),
      'GET /api/pests': () => ({ body: PESTS }),
      'GET /api/sites/5/common-pests': () => ({ body: common }),
      'POST /api/sessions/12/scan': () => {
        const item = { ...order.items[0]!, status: 'COMPLETED' as const, outcome: 'SCANNED' as const };
        order = { ...order, completedCount: 1, items: [item] };
        const { items: _items, ...session } = order;
        return { body: { session, item } satisfies ScanResponse };
      },
    });
    storeSignIn(tech);
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });
    await screen.findByRole('region', { name: 'Listado de trampas' }, { timeout: 5_000 });
    // Asked for as the order opens, before any sheet: it is on the device for the whole visit.
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /api/sites/5/common-pests'));

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Código impreso bajo el QR'));
    await user.paste(CODE);
    await user.click(screen.getByRole('button', { name: 'Registrar código' }));
    await user.click(await screen.findByRole('button', { name: 'Registrar hallazgo' }));
    const dialog = screen.getByRole('dialog', { name: 'Hallazgo en LAM-1' });
    expect(
      within(dialog)
        .getAllByRole('spinbutton', { name: /^Capturas de / })
        .map((input) => input.getAttribute('aria-label')),
    ).toEqual([
      'Capturas de Mosca doméstica',
      'Capturas de Gorgojo del trigo',
      'Capturas de Cucaracha alemana',
      'Capturas de Rata parda',
    ]);
  }, 20_000);
});
