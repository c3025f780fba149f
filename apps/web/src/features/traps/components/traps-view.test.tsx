import type { Site, Trap } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeTrapsApi, makeTrap, serveTraps } from '../../../testing/fake-traps-api';
import { createTestQueryClient } from '../../../testing/render';
import { TrapsView } from './traps-view';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

/** The bodies of the labels sheets asked for, and of the traps created. */
let printed: unknown[] = [];
let created: Record<string, unknown>[] = [];

function renderAt(path: string, traps: Trap[], sites?: Site[]): FakeTrapsApi {
  printed = [];
  created = [];
  const api = serveTraps(traps, ({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/api/traps') {
      created.push(body as Record<string, unknown>);
      return { status: 201, body: makeTrap(String((body as { code: string }).code), null) };
    }
    if (url.pathname !== '/api/traps/labels') return undefined;
    if (method === 'POST') printed.push(body);
    return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <TrapsView sites={sites} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

/** 120 traps: TRP-001… in two areas, every tenth inactive, and one without an area. */
const inventory = () => [
  ...Array.from({ length: 119 }, (_, index) =>
    makeTrap(`TRP-${String(index + 1).padStart(3, '0')}`, index < 60 ? 'Bodega' : 'Cocina', (index + 1) % 10 !== 0),
  ),
  makeTrap('EXT-1', null),
];

const listCalls = (api: FakeTrapsApi) =>
  api.calls
    .filter((call) => call.startsWith('GET /api/traps?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.split('?')[1])));

/** The page buttons, found without computing the name of every button in 50 rows (slow in jsdom). */
const pager = () => within(screen.getByRole('navigation', { name: 'Páginas de trampas' }));

afterEach(() => {
  vi.restoreAllMocks();
});

// Tables of 50 rows are slow to query in jsdom: room for a loaded machine.
describe('TrapsView', { timeout: 20_000 }, () => {
  it('shows one page of 50 with the position, the total registered, and moves between pages', async () => {
    const user = userEvent.setup();
    const api = renderAt('/admin/traps', inventory());
    expect(await screen.findByText('Mostrando 1–50 de 120 trampas')).toBeInTheDocument();
    expect(screen.getByText('120 trampas registradas')).toBeInTheDocument();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(listCalls(api)).toEqual([{ page: '1', pageSize: '50' }]);
    expect(pager().getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();

    await user.click(pager().getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('Mostrando 51–100 de 120 trampas')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Mostrando 51–100 de 120 trampas')).toHaveFocus());
    expect(screen.getByTestId('where')).toHaveTextContent('?page=2');
    expect(listCalls(api).at(-1)).toEqual({ page: '2', pageSize: '50' });

    await user.click(pager().getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('Mostrando 101–120 de 120 trampas')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  });

  it('searches on the server once typing pauses, back at page 1, and keeps the search in the address', async () => {
    // Keystrokes without pauses between them, however loaded the machine: one search, not one per letter.
    const user = userEvent.setup({ delay: null });
    const api = renderAt('/admin/traps?page=2', inventory());
    expect(await screen.findByText('Mostrando 51–100 de 120 trampas')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'trp-01');
    expect(await screen.findByText('Mostrando 1–10 de 10 trampas', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('?q=trp-01');
    expect(listCalls(api).filter((call) => call.q)).toEqual([{ page: '1', pageSize: '50', q: 'trp-01' }]);
  });

  it('filters by area, by no area and by status, from the address too', async () => {
    const user = userEvent.setup();
    const api = renderAt('/admin/traps?active=false', inventory());
    expect(await screen.findByText('Mostrando 1–11 de 11 trampas')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado')).toHaveValue('false');

    await user.selectOptions(screen.getByLabelText('Área'), 'Cocina (59)');
    expect(await screen.findByText('Mostrando 1–5 de 5 trampas')).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toEqual({ page: '1', pageSize: '50', area: 'Cocina', active: 'false' });

    await user.selectOptions(screen.getByLabelText('Estado'), 'Todas');
    await user.selectOptions(screen.getByLabelText('Área'), 'Sin área (1)');
    expect(await screen.findByRole('row', { name: /EXT-1/ })).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toEqual({ page: '1', pageSize: '50', noArea: 'true' });
    expect(screen.getByTestId('where')).toHaveTextContent('?noArea=true');
  });

  it('says when nothing matches and clears the filters on request', async () => {
    const user = userEvent.setup();
    renderAt('/admin/traps?q=zzz', inventory());
    expect(await screen.findByText('Ninguna trampa coincide con la búsqueda o los filtros.')).toBeInTheDocument();
    expect(screen.getByText('Sin resultados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText('Mostrando 1–50 de 120 trampas')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
  });

  it("keeps the spec's empty text for an empty inventory, with the labels sheet unavailable", async () => {
    renderAt('/admin/traps', []);
    expect(await screen.findByText('No hay trampas registradas.')).toBeInTheDocument();
    expect(screen.getByText('0 trampas registradas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hoja de etiquetas (PDF)' })).toBeDisabled();
  });

  it('shows the last page instead of one past the end', async () => {
    renderAt('/admin/traps?page=9', inventory());
    expect(await screen.findByText('Mostrando 101–120 de 120 trampas')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('?page=3');
  });

  it('offers a retry when a page cannot be loaded', async () => {
    const user = userEvent.setup();
    const traps = inventory();
    const api = serveTraps(traps);
    api.failWith(503);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/admin/traps']}>
          <TrapsView />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No se pudieron cargar las trampas.')).toBeInTheDocument();
    api.failWith(null);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Mostrando 1–50 de 120 trampas')).toBeInTheDocument();
  });

  it('prints the labels of the traps chosen on several pages', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs and cannot follow a download link.
    const createObjectURL = vi.fn(() => 'blob:etiquetas');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const traps = inventory();
    const api = renderAt('/admin/traps', traps);
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar TRP-001' }));
    await user.click(pager().getByRole('button', { name: /Siguiente/ }));
    const pageBox = await screen.findByRole('checkbox', { name: 'Seleccionar las trampas de esta página' });
    await screen.findByText('Mostrando 51–100 de 120 trampas');
    await user.click(pageBox);
    expect(screen.getByText('51 seleccionadas')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar TRP-060' }));
    expect(pageBox).toHaveAttribute('aria-checked', 'mixed');

    await user.click(screen.getByRole('button', { name: 'Imprimir etiquetas seleccionadas' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls).toContain('POST /api/traps/labels');
    expect(printed).toHaveLength(1);
    const { ids } = printed[0] as { ids: number[] };
    expect(ids).toHaveLength(50);
    expect(ids).toContain(traps[0]!.id);
    expect(ids).not.toContain(traps[59]!.id);

    await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(screen.queryByText(/seleccionadas$/)).not.toBeInTheDocument();
  });
});

const site = (id: number, name: string, isActive = true): Site => ({
  id,
  name,
  clientId: 1,
  client: null,
  address: null,
  timeZone: null,
  isActive,
  createdAt: '2026-01-01T00:00:00.000Z',
  trapCount: 0,
  sessionCount: 0,
});

/** A bait station in the first site, a light trap in the north. */
const twoSites = () => [
  makeTrap('CEB-01', 'Patio', true, { type: 'CEBADERO', siteId: 1 }),
  makeTrap('UV-01', 'Cocina', true, { type: 'LUZ_UV', siteId: 2 }),
];

describe('TrapsView with device types and sites', { timeout: 20_000 }, () => {
  it('with one active site, neither names nor asks for it; the type shows by mark and name', async () => {
    const user = userEvent.setup();
    renderAt('/admin/traps', twoSites(), [site(1, 'Sitio principal'), site(2, 'Planta Norte', false)]);
    const row = await screen.findByRole('row', { name: /CEB-01/ });
    expect(within(row).getByText('Cebadero')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: /Cebadero/ })).toHaveAttribute(
      'title',
      'Estación de cebo para roedores',
    );
    expect(within(row).getByText('CEB')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Sitio' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sitio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Agregar trampa' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva trampa' }));
    expect(dialog.queryByLabelText(/Sitio/)).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Tipo de dispositivo')).toHaveValue('OTRO');
    await user.type(dialog.getByLabelText(/Código/), 'FER-01');
    await user.selectOptions(dialog.getByLabelText('Tipo de dispositivo'), 'Trampa de feromonas');
    await user.selectOptions(dialog.getByLabelText('Zona'), 'Interior');
    await user.selectOptions(dialog.getByLabelText('Nivel de riesgo'), 'Alto');
    await user.click(dialog.getByRole('button', { name: 'Crear trampa' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      code: 'FER-01',
      type: 'FEROMONA',
      zone: 'INTERIOR',
      riskLevel: 'ALTO',
      isActive: true,
    });
  });

  it('with several active sites, names and filters by site, and a new trap needs one', async () => {
    const user = userEvent.setup();
    const api = renderAt('/admin/traps', twoSites(), [site(1, 'Sitio principal'), site(2, 'Planta Norte')]);
    const row = await screen.findByRole('row', { name: /UV-01/ });
    expect(within(row).getByText('Planta Norte')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sitio' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sitio'), 'Planta Norte');
    expect(await screen.findByText('Mostrando 1–1 de 1 trampa')).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toEqual({ page: '1', pageSize: '50', siteId: '2' });

    // A new trap starts in the site the list is filtered by; without one it is refused before asking the server.
    await user.click(screen.getByRole('button', { name: '+ Agregar trampa' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva trampa' }));
    expect(dialog.getByLabelText(/Sitio/)).toHaveValue('2');
    await user.selectOptions(dialog.getByLabelText(/Sitio/), 'Selecciona un sitio');
    await user.type(dialog.getByLabelText(/Código/), 'CAP-01');
    await user.click(dialog.getByRole('button', { name: 'Crear trampa' }));
    expect(dialog.getByText('Elige el sitio de la trampa.')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await user.selectOptions(dialog.getByLabelText(/Sitio/), 'Sitio principal');
    await user.click(dialog.getByRole('button', { name: 'Crear trampa' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ code: 'CAP-01', isActive: true, siteId: 1 });
  });

  it('filters by device type and by on a plan or not, kept in the address', async () => {
    const user = userEvent.setup();
    const api = renderAt('/admin/traps', twoSites(), [site(1, 'Sitio principal')]);
    await screen.findByRole('row', { name: /UV-01/ });
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Lámpara UV atrapa insectos');
    expect(await screen.findByText('Mostrando 1–1 de 1 trampa')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /UV-01/ })).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toEqual({ page: '1', pageSize: '50', type: 'LUZ_UV' });
    await user.selectOptions(screen.getByLabelText('Plano'), 'Sin ubicar');
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ page: '1', pageSize: '50', type: 'LUZ_UV', placed: 'false' }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('?type=LUZ_UV&placed=false');
  });
});
