import type { OrderSighting } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGHTING_MESSAGES as TEXT } from '../../../features/sightings/messages';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { AppRoutes } from '../../router';

// The technician layout opens a realtime connection; this test is about what the order shows.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });

const sighting: OrderSighting = {
  id: 31,
  area: 'Muelle de carga',
  description: 'Excrementos junto a la puerta 3',
  seenAt: '2026-11-28T22:40:00.000Z',
  pestGroup: 'ROEDORES',
  reporterName: 'Lucía Gómez',
  actionId: 90,
};

function serveOrder(order: ReturnType<typeof makeSession>) {
  mockApi({
    'GET /api/technicians/me/profile': () => ({ body: tech }),
    [`GET /api/sessions/${order.id}`]: () => ({ body: order }),
  });
}

describe("the technician's order and the site's open sightings", () => {
  it('shows each open sighting of the site above the camera: what, where, when and who', async () => {
    storeSignIn(tech);
    serveOrder({ ...makeSession({ id: 12, status: 'IN_PROGRESS' }), openSightings: [sighting] });
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/12/scan' });

    const panel = await screen.findByRole('region', { name: TEXT.orderTitle(1) }, { timeout: 10_000 });
    const card = within(panel).getByRole('article');
    expect(within(card).getByRole('heading')).toHaveTextContent(
      'Avistamiento: Roedores — Excrementos junto a la puerta 3',
    );
    expect(card).toHaveTextContent('Área:Muelle de carga');
    expect(card).toHaveTextContent('Avisó:Lucía Gómez');
    expect(within(card).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-11-28T22:40:00.000Z',
    );
    // Above the camera: the technician reads it before walking.
    const camera = screen.getByRole('region', { name: 'Cámara y registro' });
    expect(panel.compareDocumentPosition(camera) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 20_000);

  it('shows nothing once no sighting of the site is open', async () => {
    storeSignIn(tech);
    serveOrder({ ...makeSession({ id: 13, status: 'IN_PROGRESS' }), openSightings: [] });
    renderWithApp(<AppRoutes />, { path: '/tech/sessions/13/scan' });
    await screen.findByRole('region', { name: 'Cámara y registro' }, { timeout: 10_000 });
    expect(screen.queryByText(/Avistamiento/)).not.toBeInTheDocument();
  }, 20_000);
});
