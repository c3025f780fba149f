import type { Placement, PlanDetail, Site, Trap } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { PlanEditor } from './plan-editor';

const STAMP = '2030-01-01T00:00:00.000Z';
/** The first screen of a test file waits for its modules too: more than the default second on a busy machine. */
const FIRST_LOAD = { timeout: 5000 };

function trap(id: number, code: string, type: Trap['type'] = 'CEBADERO'): Trap {
  return {
    id,
    siteId: 1,
    code,
    type,
    zone: null,
    riskLevel: null,
    area: null,
    description: null,
    isActive: true,
    qrSlug: `slug-${id}`,
    routeOrder: null,
    externalId: null,
    createdAt: STAMP,
  };
}

const site: Site = {
  id: 1,
  name: 'Planta Norte',
  clientId: 1,
  client: null,
  address: null,
  timeZone: null,
  isActive: true,
  createdAt: STAMP,
  trapCount: 3,
  sessionCount: 0,
};

const plan: PlanDetail = {
  id: 5,
  siteId: 1,
  name: 'Bodega',
  width: 1000,
  height: 800,
  mediaType: 'image/png',
  size: 10,
  placedCount: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  devices: [],
};

const traps = [trap(1, 'B-02'), trap(2, 'A-01', 'LAMINA'), trap(3, 'C-03')];

/** The server's side: placements change with each PUT and DELETE, as the real server's do. */
function serve({ refuse = false } = {}) {
  const placements: Placement[] = [{ trapId: 3, planId: 5, x: 0.2, y: 0.3, placedAt: STAMP }];
  const calls = mockApi({
    'GET /api/plans/5': () => ({ body: plan }),
    'GET /api/sites/1': () => ({ body: site }),
    'GET /api/sites/1/plans': () => ({ body: [plan] }),
    'GET /api/sites/1/placements': () => ({ body: placements }),
    'GET /api/traps?siteId=1&active=true&page=1&pageSize=200': () => ({
      body: { items: traps, total: traps.length, page: 1, pageSize: 200 },
    }),
    'PUT /api/traps/1/placement': (call) => {
      if (refuse) return { status: 400, body: { message: 'La trampa y el plano deben ser del mismo sitio.' } };
      const body = call.body as { planId: number; x: number; y: number };
      const saved = { trapId: 1, ...body, placedAt: STAMP };
      placements.push(saved);
      return { body: saved };
    },
    'PUT /api/traps/3/placement': (call) => {
      const body = call.body as { planId: number; x: number; y: number };
      placements.splice(0, 1, { trapId: 3, ...body, placedAt: STAMP });
      return { body: placements[0] };
    },
    'PUT /api/plans/5/placements': (call) => {
      const body = call.body as { placements: { trapId: number; x: number; y: number }[] };
      const saved = body.placements.map((each) => ({ ...each, planId: 5, placedAt: STAMP }));
      placements.push(...saved);
      return { body: saved };
    },
    'DELETE /api/traps/3/placement': () => {
      placements.splice(0, 1);
      return { status: 204 };
    },
  });
  return calls;
}

describe('plan editor', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the plan's viewport measures 0 × 0, and its centre is the plan's centre.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the site's devices 'Sin ubicar' first, each group in code order", async () => {
    serve();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    const unplaced = await screen.findByRole('region', { name: 'Sin ubicar' }, FIRST_LOAD);
    expect(
      within(unplaced)
        .getAllByRole('button')
        .map((row) => row.dataset.trapCode),
    ).toEqual(['A-01', 'B-02']);
    const here = screen.getByRole('region', { name: 'En este plano' });
    expect(within(here).getByRole('button')).toHaveTextContent('C-03');
    // A mark carries its code's own number: C-03 is n.º 3.
    expect(within(here).getByRole('button')).toHaveTextContent('n.º 3');
    const groups = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(groups.indexOf('Sin ubicar')).toBeLessThan(groups.indexOf('En este plano'));
  });

  it('places a device with the keyboard alone: Enter on it, arrows move the cross, Enter saves at once and says so', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    const row = await screen.findByRole('button', { name: /B-02/ }, FIRST_LOAD);
    row.focus();
    await user.keyboard('{Enter}');
    // The plan takes the keys at once, with the cross at its centre.
    expect(screen.getByRole('button', { name: 'Plano: usar con el teclado' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('B-02 elegido');
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}{Enter}');
    await waitFor(() => expect(calls.some((call) => call.key === 'PUT /api/traps/1/placement')).toBe(true));
    const put = calls.find((call) => call.key === 'PUT /api/traps/1/placement')!;
    expect(put?.body).toEqual({ planId: 5, x: 0.51, y: 0.525 });
    // Numbered by its code, as the printed plan and its key are: B-02 is n.º 2, C-03 stays n.º 3.
    expect(screen.getByRole('status')).toHaveTextContent('Se ubicó B-02 en el plano con el n.º 2.');
    const here = await screen.findByRole('region', { name: 'En este plano' });
    await waitFor(() =>
      expect(
        within(here)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([expect.stringContaining('n.º 2'), expect.stringContaining('n.º 3')]),
    );
  });

  it('cancels a placement with Escape and saves nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    (await screen.findByRole('button', { name: /A-01/ }, FIRST_LOAD)).focus();
    await user.keyboard('{Enter}{ArrowLeft}{Escape}');
    expect(screen.getByRole('status')).toHaveTextContent('Se canceló la ubicación.');
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
  });

  it('takes a device off the plan from its selection, and saves at once', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    await user.click(await screen.findByRole('button', { name: /C-03/ }, FIRST_LOAD));
    // The chosen device's marker stands out on the plan.
    expect(document.querySelector('.plan-marker--selected')).toHaveAttribute('data-trap-id', '3');
    await user.click(screen.getByRole('button', { name: 'Quitar del plano' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'DELETE /api/traps/3/placement')).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('Se quitó C-03 del plano.');
    const unplaced = await screen.findByRole('region', { name: 'Sin ubicar' });
    await waitFor(() => expect(within(unplaced).getAllByRole('button')).toHaveLength(3));
  });

  it('moves a placed device and takes it off with the keyboard alone, focus following each step', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    (await screen.findByRole('button', { name: /C-03/ }, FIRST_LOAD)).focus();
    await user.keyboard('{Enter}');
    // Chosen from the list, it is on this plan: the keys go on to what can be done with it.
    expect(screen.getByRole('button', { name: 'Mover' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Plano: usar con el teclado' })).toHaveFocus();
    // The cross starts where the device stands (0.2, 0.3).
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(calls.some((call) => call.key === 'PUT /api/traps/3/placement')).toBe(true));
    const put = calls.find((call) => call.key === 'PUT /api/traps/3/placement')!;
    expect(put?.body).toEqual({ planId: 5, x: 0.2, y: 0.305 });
    expect(screen.getByRole('status')).toHaveTextContent('Se movió C-03.');

    (await screen.findByRole('button', { name: /C-03/ })).focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Quitar del plano' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((call) => call.key === 'DELETE /api/traps/3/placement')).toBe(true));
    // Back on the device's row, now under 'Sin ubicar'.
    const unplaced = screen.getByRole('region', { name: 'Sin ubicar' });
    await waitFor(() => expect(within(unplaced).getByRole('button', { name: /C-03/ })).toHaveFocus());
  });

  it('places every unplaced device along a line with the keyboard alone, in one request, in code order', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Ubicar varios' }, FIRST_LOAD));
    expect(screen.getByLabelText('Dispositivos sin ubicar')).toHaveFocus();
    expect(screen.getByLabelText('Dispositivos sin ubicar')).toHaveDisplayValue('Todos los sin ubicar (2)');
    await user.click(screen.getByRole('button', { name: 'En línea' }));
    expect(screen.getByRole('button', { name: 'Plano: usar con el teclado' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('donde va el primero de 2 dispositivos');
    // The first end where the cross starts (the plan's centre), the second four big steps to the right.
    await user.keyboard('{Enter}{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}{Enter}');
    expect(screen.getByText('2 dispositivos en línea, en el orden del recorrido.')).toBeInTheDocument();
    expect(document.querySelectorAll('.plan-marker--preview')).toHaveLength(2);
    expect(calls.some((call) => call.key === 'PUT /api/plans/5/placements')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ubicar 2' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Se ubicaron 2 dispositivos. Arrastra cualquiera para ajustar su lugar.',
      ),
    );
    expect(calls.filter((call) => call.key === 'PUT /api/plans/5/placements').map((call) => call.body)).toEqual([
      {
        placements: [
          { trapId: 2, x: 0.5, y: 0.5 },
          { trapId: 1, x: 0.6, y: 0.5 },
        ],
      },
    ]);
    const here = await screen.findByRole('region', { name: 'En este plano' });
    await waitFor(() => expect(within(here).getAllByRole('button')).toHaveLength(3));
  });

  it('puts a refused device back and says why', async () => {
    serve({ refuse: true });
    const user = userEvent.setup();
    renderWithApp(<PlanEditor siteId={1} planId={5} />);
    (await screen.findByRole('button', { name: /B-02/ }, FIRST_LOAD)).focus();
    await user.keyboard('{Enter}{Enter}');
    expect(await screen.findByText('La trampa y el plano deben ser del mismo sitio.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No se guardó el cambio de B-02; volvió a su lugar anterior.');
    const unplaced = screen.getByRole('region', { name: 'Sin ubicar' });
    expect(
      within(unplaced)
        .getAllByRole('button')
        .map((row) => row.dataset.trapCode),
    ).toEqual(['A-01', 'B-02']);
  });
});
