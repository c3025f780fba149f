import type { RemoteEvent } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { createTestQueryClient } from '../../../testing/render';
import { TrapRemoteEvents } from './trap-remote-events';

const event = (fields: Partial<RemoteEvent>): RemoteEvent => ({
  id: 1,
  eventId: 'e-1',
  trapId: 7,
  trapCode: 'RAT-07',
  siteId: 1,
  type: 'CAPTURA',
  occurredAt: '2026-11-29T20:15:00.000Z',
  receivedAt: '2026-11-29T20:15:02.000Z',
  count: 2,
  findingId: 10,
  activity: 'ALTA',
  actionIds: [],
  ...fields,
});

function renderEvents(items: RemoteEvent[], hasExternalId = true) {
  mockApi({
    'GET /api/traps/7/remote-events?page=1&pageSize=20': () => ({
      body: { items, total: items.length, page: 1, pageSize: 20 },
    }),
  });
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <TrapRemoteEvents trapId={7} hasExternalId={hasExternalId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a trap's remote events", () => {
  it('marks each event «Remoto», apart from the visits, with the action a capture opened', async () => {
    renderEvents([
      event({ id: 2, type: 'BATERIA_BAJA', count: null, findingId: null, activity: null }),
      event({ actionIds: [31] }),
    ]);
    const rows = await screen.findAllByRole('row');
    expect(screen.getByRole('heading', { name: 'Monitorización remota' })).toBeInTheDocument();
    expect(
      screen.getByText('Lo que informó el dispositivo electrónico. No son visitas de un técnico.'),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Remoto')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Batería baja');
    expect(rows[1]).toHaveTextContent('Aviso de mantenimiento');
    expect(within(rows[2]!).getByText('Remoto')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Captura · 2');
    expect(rows[2]).toHaveTextContent('Actividad alta');
    expect(within(rows[2]!).getByRole('link', { name: 'Acción correctiva #31' })).toHaveAttribute(
      'href',
      '/admin/actions/31',
    );
  });

  it('stays out of the page of a device that is not electronic and reported nothing', async () => {
    const { container } = renderEvents([], false);
    // Shown while it loads, gone once the answer says there is nothing.
    expect(container.querySelector('section')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
