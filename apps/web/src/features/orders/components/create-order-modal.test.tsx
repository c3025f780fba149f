import type { CreateSessionBody, Site } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeTrapsApi, makeTrap, serveTraps } from '../../../testing/fake-traps-api';
import { createTestQueryClient, makeTechnician } from '../../../testing/render';
import { CreateOrderModal } from './create-order-modal';

const site = (id: number, name: string): Site => ({
  id,
  name,
  clientId: 1,
  client: null,
  address: null,
  timeZone: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  trapCount: 1,
  sessionCount: 0,
});

const technician = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia' });

/** Two traps in the first site, one in the north. */
const traps = [
  makeTrap('P-1', 'Bodega', true, { siteId: 1 }),
  makeTrap('P-2', 'Patio', true, { siteId: 1 }),
  makeTrap('N-1', 'Muelle', true, { siteId: 2 }),
];

let sent: CreateSessionBody[] = [];

function renderForm(sites: Site[]): FakeTrapsApi {
  sent = [];
  const api = serveTraps(traps);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CreateOrderModal
        technicians={[technician]}
        sites={sites}
        saving={false}
        error={null}
        onSubmit={(body) => sent.push(body)}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  return api;
}

const pickerCodes = () =>
  within(screen.getByRole('group', { name: 'Trampas activas por área' }))
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent)
    .filter((text) => text && !text.includes('('));

describe('CreateOrderModal', { timeout: 20_000 }, () => {
  it('with one active site, has no site field and offers every active trap', async () => {
    const api = renderForm([]);
    expect(screen.queryByLabelText('Sitio')).not.toBeInTheDocument();
    expect(await screen.findByText('P-1')).toBeInTheDocument();
    expect(screen.getByText('N-1')).toBeInTheDocument();
    expect(api.calls.some((call) => call.includes('siteId'))).toBe(false);
  });

  it('opened before the sites came, says it waits for them, then starts with the site focused', async () => {
    serveTraps(traps);
    const form = (sites: Site[], sitesLoading: boolean) => (
      <QueryClientProvider client={client}>
        <CreateOrderModal
          technicians={[technician]}
          sites={sites}
          sitesLoading={sitesLoading}
          saving={false}
          error={null}
          onSubmit={() => undefined}
          onClose={() => undefined}
        />
      </QueryClientProvider>
    );
    const client = createTestQueryClient();
    const { rerender } = render(form([], true));
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sitios…');
    // No trap is offered before it is known whether a site must be chosen first.
    expect(screen.queryByRole('group', { name: 'Trampas activas por área' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Técnico')).not.toBeInTheDocument();

    rerender(form([site(1, 'Sitio principal'), site(2, 'Planta Norte')], false));
    expect(screen.getByLabelText('Sitio')).toHaveFocus();
  });

  it("with several, starts with the site and offers only that site's traps; another site lets the picks go", async () => {
    const user = userEvent.setup();
    const api = renderForm([site(1, 'Sitio principal'), site(2, 'Planta Norte')]);
    expect(screen.getByLabelText('Sitio')).toHaveFocus();
    expect(screen.getByText('Elige el sitio para ver sus trampas.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Trampas activas por área' })).not.toBeInTheDocument();

    // Sending without a site says what is missing first.
    await user.click(screen.getByRole('button', { name: 'Crear orden' }));
    expect(
      screen.getByText('Elige el sitio de la orden: sus trampas deben ser todas de un mismo sitio.'),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sitio'), 'Planta Norte');
    expect(await screen.findByText('N-1')).toBeInTheDocument();
    expect(screen.queryByText('P-1')).not.toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.startsWith('GET /api/traps?')).every((call) => call.includes('siteId=2')),
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'N-1' }));
    expect(screen.getByText('1 de 1 seleccionadas')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sitio'), 'Sitio principal');
    expect(await screen.findByText('P-2')).toBeInTheDocument();
    expect(screen.getByText('0 de 2 seleccionadas')).toBeInTheDocument();
    expect(pickerCodes()).toEqual(['P-1', 'P-2']);

    await user.click(screen.getByRole('checkbox', { name: 'P-2' }));
    await user.selectOptions(screen.getByLabelText('Técnico'), '2');
    await user.click(screen.getByRole('button', { name: 'Crear orden' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ technicianId: 2, trapIds: [traps[1]!.id] });
  });
});
