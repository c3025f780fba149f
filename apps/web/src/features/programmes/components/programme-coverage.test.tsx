import type { ProgrammeCoverage, ProgrammeCoverageRow, Site } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { ProgrammeCoverageBlock } from './programme-coverage';
import { ProgrammeCoverageSummary } from './programme-coverage-summary';

// Today is 15 June 2026 in the site's zone: the last 12 months run from 16 June 2025.
const PERIOD = 'from=2025-06-16&to=2026-06-15';
const COVERAGE_OF = (siteId: number) => `GET /api/sites/${siteId}/programme/coverage?${PERIOD}`;

function row(overrides: Partial<ProgrammeCoverageRow>): ProgrammeCoverageRow {
  return {
    type: 'CEBADERO',
    zone: null,
    frequency: 'MENSUAL',
    visitsOwed: 0,
    visitsMade: 0,
    periodsCovered: 0,
    inspectionsOwed: 0,
    inspectionsDone: 0,
    periods: [],
    missed: [],
    ...overrides,
  };
}

function coverage(siteId: number, rows: ProgrammeCoverageRow[], versions = [1]): ProgrammeCoverage {
  return {
    siteId,
    from: '2025-06-16',
    to: '2026-06-15',
    timeZone: 'UTC',
    versions: versions.map((version) => ({ version, effectiveFrom: '2025-01-01' })),
    rows,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('ProgrammeCoverageBlock', () => {
  it('shows each contracted row with its visits, windows, inspections and the devices that missed a window', async () => {
    const calls = mockApi({
      [COVERAGE_OF(5)]: () => ({
        body: coverage(
          5,
          [
            row({
              zone: 'Bodega',
              frequency: 'QUINCENAL',
              visitsOwed: 26,
              visitsMade: 24,
              periodsCovered: 23,
              inspectionsOwed: 52,
              inspectionsDone: 49,
              missed: [
                { trapId: 7, code: 'CB-007', area: 'Bodega', periods: ['2025-06-16', '2025-12-29'] },
                { trapId: 8, code: 'CB-008', area: 'Bodega', periods: ['2026-03-23'] },
              ],
            }),
            row({
              type: 'LUZ_UV',
              frequency: 'MENSUAL',
              visitsOwed: 12,
              visitsMade: 12,
              periodsCovered: 12,
              inspectionsOwed: 12,
              inspectionsDone: 12,
            }),
          ],
          [1, 2],
        ),
      }),
    });
    renderWithApp(<ProgrammeCoverageBlock siteId={5} timeZone="UTC" />);
    const block = screen.getByRole('region', { name: 'Cobertura frente a la frecuencia contratada' });
    expect(block).toHaveTextContent('Últimos 12 meses, del 16 de junio de 2025 al 15 de junio de 2026.');
    const cards = await within(block).findAllByRole('listitem', { name: /·/ });
    expect(calls.map((call) => call.key)).toEqual([COVERAGE_OF(5)]);
    expect(block).toHaveTextContent(
      'Medida frente a las versiones 1 y 2 del programa. En total: 61 de 64 inspecciones debidas hechas (95,3 %).',
    );
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Cebadero · Bodega · Quincenal',
      'Lámpara UV · Todas las áreas · Mensual',
    ]);
    const figures = (card: HTMLElement) =>
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent);
    expect(figures(cards[0]!)).toEqual(['26', '24', '23 de 26', '49 de 52 · 94,2 %']);
    expect(figures(cards[1]!)).toEqual(['12', '12', '12 de 12', '12 de 12 · 100 %']);
    expect(cards[1]).toHaveTextContent('Ningún dispositivo quedó sin inspeccionar.');

    // The devices missed are in a disclosure, opened from the keyboard.
    const missed = within(cards[0]!).getByText('2 dispositivos quedaron sin inspeccionar');
    expect(within(cards[0]!).queryByText(/CB-007/)).not.toBeVisible();
    missed.focus();
    await userEvent.keyboard('{Enter}');
    const devices = within(cards[0]!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(devices).toEqual([
      'CB-007 en 2 ventanas, las del 16 jun 2025, 29 dic 2025',
      'CB-008 en la ventana del 23 mar 2026',
    ]);
  });

  it('says there is nothing to measure against when no approved programme was in force', async () => {
    mockApi({ [COVERAGE_OF(5)]: () => ({ body: coverage(5, [], []) }) });
    renderWithApp(<ProgrammeCoverageBlock siteId={5} timeZone="UTC" />);
    expect(
      await screen.findByText('Sin programa aprobado: no hay frecuencia contratada con la que medir.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says when the coverage could not be loaded, and reads it again on retry', async () => {
    let answers = 0;
    mockApi({
      [COVERAGE_OF(5)]: () =>
        ++answers === 1
          ? { status: 500, body: { message: 'Error interno.' } }
          : { body: coverage(5, [row({ visitsOwed: 12, inspectionsOwed: 12, inspectionsDone: 6 })]) },
    });
    renderWithApp(<ProgrammeCoverageBlock siteId={5} timeZone="UTC" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la cobertura frente a la frecuencia contratada.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('6 de 12 · 50 %')).toBeInTheDocument();
  });
});

function site(id: number, name: string, overrides: Partial<Site> = {}): Site {
  return {
    id,
    name,
    clientId: 1,
    client: 'Cliente',
    address: null,
    timeZone: 'UTC',
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    trapCount: 1,
    sessionCount: 1,
    ...overrides,
  };
}

describe('ProgrammeCoverageSummary', () => {
  it('gives each active site with an approved programme its share of the inspections owed, linking to it', async () => {
    const calls = mockApi({
      'GET /api/health': () => ({ body: { status: 'ok', timeZone: 'UTC' } }),
      [COVERAGE_OF(1)]: () => ({
        body: coverage(1, [
          row({ inspectionsOwed: 10, inspectionsDone: 9 }),
          row({ zone: 'Patio', inspectionsOwed: 6, inspectionsDone: 3 }),
        ]),
      }),
      [COVERAGE_OF(2)]: () => ({ body: coverage(2, [], []) }),
      [COVERAGE_OF(4)]: () => ({ body: coverage(4, [row({})]) }),
    });
    renderWithApp(
      <ProgrammeCoverageSummary
        sites={[
          site(1, 'Planta Norte'),
          site(2, 'Sin programa'),
          site(3, 'Cerrado', { isActive: false }),
          site(4, 'Recién instalado', { timeZone: null }),
        ]}
        sitesFailed={false}
        sitePath={(id) => `/admin/sites/${id}`}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Cobertura contratada' });
    const lines = await within(panel).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Planta NorteCobertura contratada: 75 %12 de 16 inspecciones',
      'Recién instaladoCobertura contratada: sin inspecciones debidas',
    ]);
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/sites/1', '/admin/sites/4']);
    expect(calls.map((call) => call.key)).not.toContain(COVERAGE_OF(3));
  });
});
