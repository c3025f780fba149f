import type { PortalSiteOverview } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, networkError } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { PortalSitesView } from './portal-sites-view';

function portalSite(overrides: Partial<PortalSiteOverview> = {}): PortalSiteOverview {
  return {
    id: 4,
    name: 'Planta Norte',
    address: 'Camino Real 12',
    client: { id: 7, name: 'Conservas del Norte' },
    timeZone: 'UTC',
    lastVisit: { id: 90, closedAt: '2026-06-01T10:30:00.000Z', certificateId: 12 },
    nextVisit: { id: 91, scheduledFor: '2026-07-01T08:00:00.000Z' },
    compliance12m: { dueOrders: 12, completedOrders: 11, percent: 91.7 },
    openActions: 3,
    recommendationsAwaiting: 2,
    openSightings: 1,
    ...overrides,
  };
}

describe('PortalSitesView', () => {
  it('shows each site with its last and next visit, compliance and what waits for her', async () => {
    mockApi({
      'GET /api/health': () => ({ body: { status: 'ok', timeZone: 'UTC' } }),
      'GET /api/portal/sites': () => ({
        body: {
          items: [
            portalSite(),
            portalSite({
              id: 5,
              name: 'Bodega Sur',
              address: null,
              lastVisit: null,
              nextVisit: { id: 95, scheduledFor: null },
              compliance12m: { dueOrders: 0, completedOrders: 0, percent: null },
              openActions: 0,
              recommendationsAwaiting: 0,
              openSightings: 0,
            }),
          ],
        },
      }),
    });
    renderWithApp(<PortalSitesView />);
    const north = await screen.findByRole('article', { name: 'Planta Norte' });
    expect(screen.getByRole('heading', { name: 'Mis sitios', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Las plantas de Conservas del Norte/)).toBeInTheDocument();
    expect(within(north).getByText('91,7 % (11 de 12 visitas)')).toBeInTheDocument();
    expect(within(north).getByText('2 recomendaciones esperan tu respuesta')).toBeInTheDocument();
    expect(within(north).getByText('1 avistamiento abierto')).toBeInTheDocument();
    expect(within(north).getByText('3 acciones abiertas')).toBeInTheDocument();
    expect(within(north).getByText(/1 jun 2026/)).toBeInTheDocument();
    expect(within(north).getByRole('link', { name: 'Ver Planta Norte' })).toHaveAttribute('href', '/cliente/sites/4');
    const south = screen.getByRole('article', { name: 'Bodega Sur' });
    expect(within(south).getByText('Sin visitas todavía')).toBeInTheDocument();
    expect(within(south).getByText('Pendiente, sin fecha')).toBeInTheDocument();
    expect(within(south).getByText('Sin visitas debidas')).toBeInTheDocument();
    expect(within(south).getByText('Nada pendiente')).toBeInTheDocument();
  });

  it('says when the account has no sites yet', async () => {
    mockApi({ 'GET /api/portal/sites': () => ({ body: { items: [] } }) });
    renderWithApp(<PortalSitesView />);
    expect(await screen.findByText(/Tu cuenta aún no tiene sitios/)).toBeInTheDocument();
  });

  it('offers to try again when the sites cannot be read', async () => {
    let reachable = false;
    mockApi({ 'GET /api/portal/sites': () => (reachable ? { body: { items: [portalSite()] } } : networkError()) });
    renderWithApp(<PortalSitesView />);
    expect(await screen.findByText('No se pudieron cargar tus sitios.')).toBeInTheDocument();
    reachable = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Planta Norte' })).toBeInTheDocument();
  });
});
