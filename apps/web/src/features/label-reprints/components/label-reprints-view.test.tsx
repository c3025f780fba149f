import type { LabelReprint } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { LabelReprintsView } from './label-reprints-view';

const reprint = (id: number, code: string, overrides: Partial<LabelReprint> = {}): LabelReprint => ({
  id,
  trap: { id: id + 100, code, area: 'Bodega norte', siteId: 1, siteName: 'Planta Norte' },
  reason: 'ETIQUETA_DANADA',
  requestedAt: '2030-01-02T10:15:00.000Z',
  requestedBy: { id: 2, fullName: 'Tomás Tapia' },
  sessionId: 12,
  ...overrides,
});

describe('label reprint queue', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists each pending label, prints them all on one sheet and empties the list', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs and cannot follow a download link.
    const createObjectURL = vi.fn(() => 'blob:etiquetas');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let pending = [
      reprint(1, 'TRP-113'),
      reprint(2, 'TRP-114', {
        reason: 'ETIQUETA_AUSENTE',
        trap: { id: 9, code: 'TRP-114', area: null, siteId: 1, siteName: 'Planta Norte' },
      }),
    ];
    const calls = mockApi({
      'GET /api/label-reprints': () => ({ body: pending }),
      'POST /api/label-reprints/print': () => {
        pending = [];
        return { body: 'pdf' };
      },
    });
    renderWithApp(<LabelReprintsView />);
    const table = await screen.findByRole('table', { name: 'Etiquetas por reimprimir' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('TRP-113');
    expect(rows[1]).toHaveTextContent('Bodega norte');
    expect(rows[1]).toHaveTextContent('Planta Norte');
    expect(rows[1]).toHaveTextContent('Etiqueta dañada');
    expect(rows[1]).toHaveTextContent('Tomás Tapia');
    expect(rows[1]).toHaveTextContent('#12');
    expect(rows[2]).toHaveTextContent('Sin área');
    expect(rows[2]).toHaveTextContent('Etiqueta ausente');
    expect(screen.getByText(/2 etiquetas pendientes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Imprimir todas' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.map((call) => call.key)).toContain('POST /api/label-reprints/print');
    expect(await screen.findByText('Hoja con 2 etiquetas descargada.')).toBeInTheDocument();
    expect(await screen.findByText(/No hay etiquetas pendientes de reimprimir\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir todas' })).not.toBeInTheDocument();
  });

  it('says what the list is for when nothing waits, and the server’s reason when printing fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/label-reprints': () => ({ body: [reprint(1, 'TRP-113')] }),
      'POST /api/label-reprints/print': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'No hay etiquetas pendientes de reimprimir.' },
      }),
    });
    renderWithApp(<LabelReprintsView />);
    await user.click(await screen.findByRole('button', { name: 'Imprimir todas' }));
    expect(await screen.findByText('No se pudo imprimir la hoja de etiquetas.')).toBeInTheDocument();
    expect(screen.getByText('No hay etiquetas pendientes de reimprimir.')).toBeInTheDocument();
  });
});
