import type { PortalVisit } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { VisitsSection } from './visits-section';

const CLOSED: PortalVisit = {
  id: 12,
  status: 'COMPLETED',
  scheduledAt: null,
  startedAt: '2026-06-02T12:00:00.000Z',
  closedAt: '2026-06-02T13:30:00.000Z',
  day: '2026-06-02',
  timeZone: 'UTC',
  technician: { id: 3, fullName: 'Rosa Díaz' },
  devices: { due: 10, inspected: 10 },
  certificate: { folio: '2026-000042', revision: 2, issuedAt: '2026-06-02T13:30:00.000Z' },
  reportAvailable: true,
};
const PLANNED: PortalVisit = {
  ...CLOSED,
  id: 13,
  status: 'PENDING',
  startedAt: null,
  closedAt: null,
  scheduledAt: '2026-07-01T08:00:00.000Z',
  day: '2026-07-01',
  devices: { due: 10, inspected: 0 },
  certificate: null,
  reportAvailable: false,
};
const page = (items: PortalVisit[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('VisitsSection', () => {
  it("lists the site's visits with their certificates, and downloads one from the portal's route", async () => {
    const calls = answerRequests(({ url }) => {
      if (url.pathname === '/api/portal/sites/4/visits') return { body: page([PLANNED, CLOSED]) };
      if (url.pathname === '/api/portal/visits/12/report.pdf')
        return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      return { status: 503, body: { message: 'x' } };
    });
    renderWithApp(<VisitsSection siteId={4} />);
    const list = await screen.findByRole('list', { name: 'Visitas del sitio' });
    const [planned, closed] = within(list).getAllByRole('listitem');
    expect(planned).toHaveTextContent('Visita nº 13');
    expect(planned).toHaveTextContent('El certificado se emite al cerrar la visita.');
    expect(within(planned!).queryByRole('button')).toBeNull();
    expect(closed).toHaveTextContent('Certificado 2026-000042 (revisión 2)');
    expect(closed).toHaveTextContent('Técnico: Rosa Díaz · 10 de 10 dispositivos inspeccionados');
    await userEvent
      .setup()
      .click(within(closed!).getByRole('button', { name: 'Descargar certificado (PDF) de la visita nº 12' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/portal/visits/12/report.pdf')).toBe(true),
    );
    expect(calls.every((call) => call.url.pathname.startsWith('/api/portal/'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the site has had no visits yet', async () => {
    answerRequests(({ url }) => (url.pathname === '/api/portal/sites/4/visits' ? { body: page([]) } : undefined));
    renderWithApp(<VisitsSection siteId={4} />);
    expect(await screen.findByText('El sitio aún no tiene visitas.')).toBeInTheDocument();
  });

  it('says when the visits could not be read, in Spanish', async () => {
    answerRequests(({ url }) =>
      url.pathname === '/api/portal/sites/4/visits' ? { status: 500, body: { message: 'Error interno.' } } : undefined,
    );
    renderWithApp(<VisitsSection siteId={4} />);
    expect(await screen.findByText(/No se pudieron cargar las visitas/)).toBeInTheDocument();
  });

  it("says in the server's words when a certificate cannot be downloaded", async () => {
    answerRequests(({ url }) => {
      if (url.pathname === '/api/portal/sites/4/visits') return { body: page([CLOSED]) };
      if (url.pathname === '/api/portal/visits/12/report.pdf')
        return { status: 404, body: { message: 'La orden no existe.' } };
      return undefined;
    });
    renderWithApp(<VisitsSection siteId={4} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Descargar certificado (PDF) de la visita nº 12' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo descargar el PDF. La orden no existe.');
  });
});
