import type { PortalSiteOverview } from '@rondin/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { type PortalSection, PortalSiteView } from './portal-site-view';

const SITE: PortalSiteOverview = {
  id: 4,
  name: 'Planta Norte',
  address: 'Camino Real 12',
  client: { id: 7, name: 'Conservas del Norte' },
  timeZone: 'UTC',
  lastVisit: null,
  nextVisit: null,
  compliance12m: { dueOrders: 0, completedOrders: 0, percent: null },
  openActions: 0,
  recommendationsAwaiting: 0,
  openSightings: 0,
};

const sections = (site: PortalSiteOverview): PortalSection[] => [
  { key: 'visitas', label: 'Visitas y certificados', render: () => <p>Las visitas de {site.name}</p> },
  {
    key: 'recomendaciones',
    label: 'Recomendaciones',
    waiting: site.recommendationsAwaiting,
    render: () => <p>Las recomendaciones</p>,
  },
];

describe('PortalSiteView', () => {
  it('opens on the first section and moves between them by the section bar', async () => {
    mockApi({ 'GET /api/portal/sites': () => ({ body: { items: [SITE] } }) });
    renderWithApp(<PortalSiteView siteId={4} sections={sections} />, { path: '/cliente/sites/4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Planta Norte' })).toBeInTheDocument();
    expect(screen.getByText('Camino Real 12 · Conservas del Norte')).toBeInTheDocument();
    expect(screen.getByText('Las visitas de Planta Norte')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Secciones del sitio' });
    expect(screen.getByRole('link', { name: 'Visitas y certificados' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Recomendaciones' }));
    expect(await screen.findByText('Las recomendaciones')).toBeInTheDocument();
    expect(bar).toContainElement(screen.getByRole('link', { name: 'Recomendaciones' }));
    expect(screen.getByRole('link', { name: 'Recomendaciones' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens on the recommendations when some wait for her, with how many', async () => {
    mockApi({ 'GET /api/portal/sites': () => ({ body: { items: [{ ...SITE, recommendationsAwaiting: 2 }] } }) });
    renderWithApp(<PortalSiteView siteId={4} sections={sections} />, { path: '/cliente/sites/4' });
    expect(await screen.findByText('Las recomendaciones')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recomendaciones 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says a site that is not hers does not exist', async () => {
    mockApi({ 'GET /api/portal/sites': () => ({ body: { items: [SITE] } }) });
    renderWithApp(<PortalSiteView siteId={99} sections={sections} />, { path: '/cliente/sites/99' });
    expect(await screen.findByText('El sitio no existe o no está entre los tuyos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Mis sitios' })).toHaveAttribute('href', '/cliente');
  });
});
