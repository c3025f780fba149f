import type { Trap } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeTrapsApi, makeTrap, serveTraps } from '../../../testing/fake-traps-api';
import { createTestQueryClient } from '../../../testing/render';
import type { PickedTraps } from '../utils/trap-selection';
import { TrapPicker } from './trap-picker';

let picked: PickedTraps = new Map();
let submitted = 0;

function Harness() {
  const [selected, setSelected] = useState<PickedTraps>(new Map());
  picked = selected;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted += 1;
      }}
    >
      <TrapPicker selected={selected} onChange={setSelected} />
    </form>
  );
}

function renderPicker(traps: Trap[]): FakeTrapsApi {
  const api = serveTraps(traps);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  return api;
}

const plant = () => [
  makeTrap('TRP-10', 'Cocina'),
  makeTrap('TRP-2', 'Cocina'),
  makeTrap('TRP-1', 'Bodega'),
  makeTrap('TRP-3', null),
  makeTrap('TRP-4', 'Bodega', false),
];

/** `count` active traps in one area, TRP-0001 onwards. */
const manyTraps = (count: number, area = 'Planta') =>
  Array.from({ length: count }, (_, index) => makeTrap(`TRP-${String(index + 1).padStart(4, '0')}`, area));

afterEach(() => {
  picked = new Map();
  submitted = 0;
});

describe('TrapPicker', { timeout: 20_000 }, () => {
  it('lists active traps by area in natural order, asking the server for one page', async () => {
    const api = renderPicker(plant());
    const kitchen = (await screen.findByRole('checkbox', { name: 'Seleccionar área Cocina' })).closest(
      '.trap-picker__group',
    ) as HTMLElement;
    expect(
      within(kitchen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['TRP-2', 'TRP-10']);
    expect(screen.queryByText('TRP-4')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar área Sin área' })).toBeInTheDocument();
    const list = api.calls.find((call) => call.startsWith('GET /api/traps?'));
    expect(new URLSearchParams(list!.split('?')[1])).toEqual(
      new URLSearchParams('active=true&sort=area&page=1&pageSize=100'),
    );
  });

  it('shows a partial state on the area and on select-all, and fills it on click', async () => {
    const user = userEvent.setup();
    renderPicker(plant());
    const area = (await screen.findByRole('checkbox', { name: 'Seleccionar área Cocina' })) as HTMLInputElement;
    const all = screen.getByRole('checkbox', { name: 'Seleccionar todas' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'TRP-2' }));
    expect(area.indeterminate).toBe(true);
    expect(area).toHaveAttribute('aria-checked', 'mixed');
    expect(all.indeterminate).toBe(true);
    expect(screen.getByText('1 de 4 seleccionadas')).toBeInTheDocument();

    await user.click(area);
    expect(area.indeterminate).toBe(false);
    expect(area).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'TRP-10' })).toBeChecked();

    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.getByText('4 de 4 seleccionadas')).toBeInTheDocument();
    await user.click(all);
    expect(screen.getByText('0 de 4 seleccionadas')).toBeInTheDocument();
  });

  it('shows 100 traps at first and more on request, never the whole inventory', async () => {
    const user = userEvent.setup();
    const api = renderPicker(manyTraps(250));
    expect(await screen.findByRole('checkbox', { name: 'Seleccionar área Planta' })).toBeInTheDocument();
    expect(screen.getByText('Planta (250)')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Mostrar más trampas (quedan 150)' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(200));
    expect(api.calls.every((call) => !call.startsWith('GET /api/traps?') || call.includes('page='))).toBe(true);
  });

  it('selects a whole area from the server, including the traps not loaded yet', async () => {
    const user = userEvent.setup();
    const api = renderPicker([...manyTraps(250), makeTrap('AAA-1', 'Acceso')]);
    const area = await screen.findByRole('checkbox', { name: 'Seleccionar área Planta' });
    await user.click(area);
    await waitFor(() => expect(area).toBeChecked());
    expect(picked.size).toBe(250);
    expect(screen.getByText('250 de 251 seleccionadas')).toBeInTheDocument();
    expect(screen.getByText('250')).toBeInTheDocument();
    const reads = api.calls.filter((call) => call.includes('area=Planta'));
    expect(reads.map((call) => new URLSearchParams(call.split('?')[1]).get('pageSize'))).toEqual(['200', '200']);

    await user.click(area);
    expect(picked.size).toBe(0);
  });

  it('searches on the server once typing pauses, and keeps the selection across searches', async () => {
    // Keystrokes without pauses between them, however loaded the machine: one search, not one per letter.
    const user = userEvent.setup({ delay: null });
    const api = renderPicker([makeTrap('TRP-1', 'Cocina'), makeTrap('TRP-2', 'Cocina'), makeTrap('EXT-1', 'Patio')]);
    await user.click(await screen.findByRole('checkbox', { name: 'EXT-1' }));
    await user.type(screen.getByLabelText('Buscar trampas'), 'trp');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'EXT-1' })).not.toBeInTheDocument());
    expect(
      api.calls.filter((call) => call.includes('q=')).map((call) => new URLSearchParams(call.split('?')[1]).get('q')),
    ).toEqual(['trp', 'trp']);
    expect(screen.getByText('0 de 2 seleccionadas')).toBeInTheDocument();
    expect(screen.getByText('Trampas en la orden:')).toHaveTextContent('Trampas en la orden: 1');

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas' }));
    expect([...picked.values()].map((trap) => trap.code).sort()).toEqual(['EXT-1', 'TRP-1', 'TRP-2']);
    await user.keyboard('{Enter}');
    expect(submitted).toBe(0);

    await user.clear(screen.getByLabelText('Buscar trampas'));
    await user.type(screen.getByLabelText('Buscar trampas'), 'zzz');
    expect(await screen.findByText('Ninguna trampa activa coincide con «zzz».')).toBeInTheDocument();
  });

  it('refuses to select more traps than an order may hold, without reading them', async () => {
    const user = userEvent.setup();
    const api = renderPicker(manyTraps(5001));
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar todas' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Una orden admite como máximo 5000 trampas.');
    expect(picked.size).toBe(0);
    expect(api.calls.filter((call) => call.includes('pageSize=200'))).toEqual([]);
  });

  it('says when the traps cannot be loaded and offers a retry', async () => {
    const user = userEvent.setup();
    const api = serveTraps(plant());
    api.failWith(503);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No se pudieron cargar las trampas. Intenta nuevamente.')).toBeInTheDocument();
    api.failWith(null);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('checkbox', { name: 'TRP-1' })).toBeInTheDocument();
  });
});
