import type { SiteRoute, SiteRouteItem } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type Routes } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { RouteEditor } from './route-editor';
import { SitePlansView } from './site-plans-view';

/** The first screen of a test file waits for its modules too: more than the default second on a busy machine. */
const FIRST_LOAD = { timeout: 5000 };

const item = (trapId: number, code: string, area: string | null, routeOrder: number | null): SiteRouteItem => ({
  trapId,
  code,
  area,
  routeOrder,
});

/** The server's side: the route as saved, changed by each PUT; a proposal that is not saved. */
function serve(saved: SiteRouteItem[], proposal: SiteRouteItem[] = [], others: Routes = {}) {
  let route: SiteRoute = { items: saved };
  const calls = mockApi({
    ...others,
    'GET /api/sites/1/route': () => ({ body: route }),
    'POST /api/sites/1/route/propose': () => ({ body: { items: proposal } }),
    'PUT /api/sites/1/route': ({ body }) => {
      const { trapIds } = body as { trapIds: number[] };
      const byId = new Map(route.items.map((each) => [each.trapId, each]));
      route = { items: trapIds.map((id, index) => ({ ...byId.get(id)!, routeOrder: index + 1 })) };
      return { body: route };
    },
  });
  return calls;
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Dispositivos en el orden del recorrido' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent?.replace('↑↓', '').trim());
const savedIds = (calls: ReturnType<typeof serve>) =>
  calls.filter((call) => call.key === 'PUT /api/sites/1/route').map((call) => call.body);

describe('route editor', () => {
  it('shows the saved order, the devices without a place last, and saves a reorder made with the keyboard', async () => {
    const calls = serve([item(1, 'TRP-1', 'Bodega', 1), item(2, 'TRP-2', null, 2), item(3, 'TRP-3', 'Patio', null)]);
    const user = userEvent.setup();
    renderWithApp(<RouteEditor siteId={1} />);
    await screen.findByRole('list', { name: 'Dispositivos en el orden del recorrido' }, FIRST_LOAD);
    expect(rows()).toEqual(['1TRP-1Bodega', '2TRP-2Sin área', 'Sin lugarTRP-3Patio']);
    expect(screen.getByText(/1 dispositivo no tiene lugar en el recorrido/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir TRP-1' })).toBeDisabled();

    screen.getByRole('button', { name: 'Subir TRP-3' }).focus();
    await user.keyboard('{Enter}');
    expect(rows()).toEqual(['1TRP-1Bodega', '2TRP-3Patio', '3TRP-2Sin área']);
    expect(screen.getByRole('status')).toHaveTextContent('TRP-3 pasa al lugar 2.');
    // Focus follows the device: Enter again moves it once more, to the top, and then sits on «Bajar».
    expect(screen.getByRole('button', { name: 'Subir TRP-3' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rows()).toEqual(['1TRP-3Patio', '2TRP-1Bodega', '3TRP-2Sin área']);
    expect(screen.getByRole('button', { name: 'Bajar TRP-3' })).toHaveFocus();
    expect(screen.getByText('Hay cambios sin guardar.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar recorrido' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Recorrido guardado.'));
    expect(savedIds(calls)).toEqual([{ trapIds: [3, 1, 2] }]);
    expect(rows()).toEqual(['1TRP-3Patio', '2TRP-1Bodega', '3TRP-2Sin área']);
    expect(screen.getByRole('button', { name: 'Guardar recorrido' })).toBeDisabled();
  });

  it('previews a proposal without saving it, and «Descartar cambios» goes back to the saved order', async () => {
    const calls = serve(
      [item(1, 'TRP-1', 'Bodega', 1), item(2, 'TRP-2', 'Bodega', 2)],
      [item(2, 'TRP-2', 'Bodega', 1), item(1, 'TRP-1', 'Bodega', 2)],
    );
    const user = userEvent.setup();
    renderWithApp(<RouteEditor siteId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Proponer recorrido' }, FIRST_LOAD));
    await waitFor(() => expect(rows()).toEqual(['1TRP-2Bodega', '2TRP-1Bodega']));
    expect(screen.getByRole('status')).toHaveTextContent('Propuesta desde los planos');
    expect(savedIds(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect(rows()).toEqual(['1TRP-1Bodega', '2TRP-2Bodega']);
    expect(screen.getByRole('button', { name: 'Guardar recorrido' })).toBeDisabled();
  });

  it('says so when the plans propose the route already saved, with nothing to save', async () => {
    const saved = [item(1, 'TRP-1', 'Bodega', 1), item(2, 'TRP-2', 'Bodega', 2)];
    serve(saved, saved);
    const user = userEvent.setup();
    renderWithApp(<RouteEditor siteId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Proponer recorrido' }, FIRST_LOAD));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Los planos proponen el mismo recorrido que ya está guardado.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Guardar recorrido' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Descartar cambios' })).not.toBeInTheDocument();
  });

  it('is on the site’s page too, folded, read only once unfolded', async () => {
    const calls = serve([item(1, 'TRP-1', 'Bodega', 1)], [], {
      'GET /api/sites/1': () => ({
        body: {
          id: 1,
          name: 'Planta Norte',
          client: null,
          address: null,
          timeZone: null,
          isActive: true,
          createdAt: '2030-01-01T00:00:00.000Z',
          trapCount: 1,
          sessionCount: 0,
        },
      }),
      'GET /api/sites/1/plans': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderWithApp(<SitePlansView siteId={1} />);
    const summary = await screen.findByText('Recorrido', { selector: 'summary' }, FIRST_LOAD);
    expect(calls.some((call) => call.key === 'GET /api/sites/1/route')).toBe(false);
    await user.click(summary);
    await waitFor(() => expect(rows()).toEqual(['1TRP-1Bodega']));
  });
});
