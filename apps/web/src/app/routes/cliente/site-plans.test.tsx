import type { Plan, PlanDetail } from '@rondin/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { PortalPlans } from './site-plans';

const PLAN: Plan = {
  id: 10,
  siteId: 4,
  name: 'Nave de producción',
  width: 800,
  height: 400,
  mediaType: 'image/png',
  size: 1000,
  placedCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const DETAIL: PlanDetail = { ...PLAN, devices: [] };
describe('PortalPlans', () => {
  // jsdom draws no plan (no ResizeObserver, no image decoding): the browser test shows the map itself; here, that
  // the portal reads the plan and its heat from its own routes and never the office's.
  it("reads the site's plan and its heat only through the portal's routes", async () => {
    const calls = answerRequests(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url.pathname === '/api/portal/sites/4/plans') return { body: [PLAN, { ...PLAN, id: 11, name: 'Almacén' }] };
      if (url.pathname === '/api/portal/plans/10') return { body: DETAIL };
      return { status: 503, body: { message: 'Sin datos en la prueba.' } };
    });
    renderWithApp(<PortalPlans siteId={4} />, { path: '/cliente/sites/4?seccion=plano' });
    expect(await screen.findByRole('heading', { name: 'Nave de producción' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Plano' })).toHaveValue('10');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/portal/plans/10/heat')).toBe(true));
    expect(screen.getByRole('button', { name: 'Descargar PDF del período' })).toBeInTheDocument();
    expect(calls.every((call) => call.url.pathname.startsWith('/api/portal/'))).toBe(true);
  });

  it('says when the site has no plans yet', async () => {
    answerRequests(({ url }) => (url.pathname === '/api/portal/sites/4/plans' ? { body: [] } : undefined));
    renderWithApp(<PortalPlans siteId={4} />);
    expect(await screen.findByText('El sitio aún no tiene planos.')).toBeInTheDocument();
  });
});
