import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSighting } from '../../../testing/sightings';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { PortalSightingsSection } from './portal-sightings-section';

const contact = makeTechnician({ id: 40, fullName: 'Marta Ruiz (Calidad)', role: 'CLIENTE' });

// Typing through user-event takes seconds on a shared 2-core machine.
describe('PortalSightingsSection (a site of the portal)', { timeout: 20_000 }, () => {
  it("lists the site's sightings through the portal and reports one in an area the portal gives", async () => {
    storeSignIn(contact);
    const user = userEvent.setup();
    const reported = makeSighting({
      id: 52,
      site: { id: 4, name: 'Planta Norte' },
      area: 'Producción',
      pestGroup: null,
      description: 'Moscas en la línea 2',
      reporter: { accountId: 40, name: 'Marta Ruiz (Calidad)' },
      source: 'PORTAL',
    });
    const attended = makeSighting({
      id: 31,
      site: { id: 4, name: 'Planta Norte' },
      status: 'ATENDIDO',
      photos: [{ id: 5, mediaType: 'image/jpeg', size: 1000 }],
      action: {
        id: 90,
        status: 'CERRADA',
        dueDate: '2026-11-30',
        closedAt: '2026-11-29T09:00:00.000Z',
        closedBy: 'Ana',
      },
    });
    let sent = false;
    const calls = mockApi({
      'GET /api/portal/sites/4/sightings': () => ({
        body: { items: sent ? [reported, attended] : [attended], openCount: sent ? 1 : 0 },
      }),
      'GET /api/portal/sites/4/areas': () => ({ body: { areas: ['Almacén', 'Producción'] } }),
      'POST /api/portal/sites/4/sightings': () => {
        sent = true;
        return { status: 201, body: reported };
      },
    });
    renderWithApp(<PortalSightingsSection siteId={4} />);
    const section = await screen.findByRole('region', { name: TEXT.sectionTitle });
    const first = await within(section).findByRole('article');
    expect(first).toHaveTextContent('Atendido');
    expect(first).toHaveTextContent('Acción:#90, cerrada el');
    expect(first).toHaveTextContent('1 foto');
    // Its photo is read through the portal, as every call of this section.
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/portal/sightings/31/photos/5?size=thumb')).toBe(true),
    );
    // The areas are asked for only when she opens the form.
    expect(calls.some((call) => call.path === '/api/portal/sites/4/areas')).toBe(false);

    await user.click(within(section).getByRole('button', { name: TEXT.portalReport }));
    await user.click(await within(section).findByRole('radio', { name: 'Producción' }));
    await user.type(within(section).getByLabelText(TEXT.description), 'Moscas en la línea 2');
    await user.click(within(section).getByRole('button', { name: TEXT.send }));

    expect(await within(section).findByText(TEXT.sentNumber(52))).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(2));
    const newest = within(section).getAllByRole('article')[0]!;
    expect(newest).toHaveTextContent('Avistamiento: Moscas en la línea 2');
    expect(newest).toHaveTextContent('Abierto');
    expect(newest).toHaveTextContent('Acción:#90, la empresa la atiende antes del 30/11/2026');
    // Nothing but the portal's routes (and her own profile, which the app reads).
    const outside = calls.map((call) => call.url.pathname).filter((path) => !path.startsWith('/api/portal/'));
    expect(outside.filter((path) => path !== '/api/technicians/me/profile')).toEqual([]);
    // The form closes when she is done.
    await user.click(within(section).getByRole('button', { name: TEXT.portalReportClose }));
    expect(within(section).queryByRole('button', { name: TEXT.send })).not.toBeInTheDocument();
  });

  it('says when there are none, and when the areas or the list cannot be read, with a retry', async () => {
    storeSignIn(contact);
    const user = userEvent.setup();
    let failing = true;
    mockApi({
      'GET /api/portal/sites/4/sightings': () =>
        failing ? { status: 503, body: { message: 'Servicio no disponible.' } } : { body: { items: [], openCount: 0 } },
      'GET /api/portal/sites/4/areas': () => ({ status: 503, body: { message: 'Servicio no disponible.' } }),
    });
    renderWithApp(<PortalSightingsSection siteId={4} />);
    expect(await screen.findByText(TEXT.listFailed)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByText(TEXT.portalListEmpty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TEXT.portalReport }));
    expect(await screen.findByText(TEXT.areasFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.send })).not.toBeInTheDocument();
  });
});
