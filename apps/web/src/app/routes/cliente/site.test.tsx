import type { PortalSiteOverview } from '@rondin/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import PortalSiteRoute from './site';

const SITE: PortalSiteOverview = {
  id: 4,
  name: 'Planta Norte',
  address: null,
  client: { id: 7, name: 'Conservas del Norte' },
  timeZone: 'UTC',
  lastVisit: null,
  nextVisit: null,
  compliance12m: { dueOrders: 0, completedOrders: 0, percent: null },
  openActions: 0,
  recommendationsAwaiting: 0,
  openSightings: 0,
};

function renderAt(path: string) {
  const calls = answerRequests(({ url }) =>
    url.pathname === '/api/portal/sites' ? { body: { items: [SITE] } } : { status: 503, body: { message: 'x' } },
  );
  renderWithApp(
    <Routes>
      <Route path="/cliente/sites/:id" element={<PortalSiteRoute />} />
    </Routes>,
    { path },
  );
  return calls;
}

describe('the portal site page', () => {
  it("reads the site's trends from the portal's route, never the office's", async () => {
    const calls = renderAt('/cliente/sites/4?seccion=tendencias');
    expect(await screen.findByRole('heading', { name: 'Tendencias de los últimos 12 meses' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/portal/sites/4/trends')).toBe(true));
    expect(calls.every((call) => call.url.pathname.startsWith('/api/portal/'))).toBe(true);
  });

  it("downloads the audit pack from the portal's route", async () => {
    const calls = renderAt('/cliente/sites/4?seccion=dossier');
    await userEvent.setup().click(await screen.findByRole('button', { name: /PDF/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/portal/sites/4/audit-pack')).toBe(true),
    );
    expect(calls.every((call) => call.url.pathname.startsWith('/api/portal/'))).toBe(true);
  });
});
