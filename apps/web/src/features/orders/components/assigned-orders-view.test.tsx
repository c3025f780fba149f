import type { Session, SessionListItem, SessionPage } from '@rondin/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { answerRequests } from '../../../testing/network';
import { createTestQueryClient } from '../../../testing/render';
import { makeListItem, makeSession } from '../../../testing/sessions';
import { MY_SESSIONS_REFRESH_MS, myOpenSessionsQueryOptions } from '../api/get-my-open-sessions';
import { AssignedOrdersView } from './assigned-orders-view';

function summary(id: number): SessionListItem {
  return makeListItem({ id, status: 'COMPLETED', closedAt: '2030-01-02T00:00:00.000Z' }, [{ status: 'COMPLETED' }]);
}

/**
 * The server as the technician's screen sees it: open orders with their items on /sessions/me/active, and
 * completed ones a page at a time on /sessions/me?status=COMPLETED. Every call is recorded; `fail` makes a
 * path answer 500.
 */
function serve({
  open,
  completed,
  timeZone = 'America/Santiago',
}: {
  open: Session[];
  completed: SessionListItem[];
  /** The server's TIME_ZONE, as GET /api/health says it. */
  timeZone?: string;
}) {
  const server = { open, completed, calls: [] as string[], fail: new Set<string>() };
  answerRequests(({ url, path }) => {
    server.calls.push(path);
    if (server.fail.has(path)) return new Response(JSON.stringify({ message: 'Error interno' }), { status: 500 });
    if (url.pathname === '/api/health') return Response.json({ status: 'ok', timeZone });
    if (url.pathname === '/api/sessions/me/active' && url.search === '') return Response.json(server.open);
    if (url.pathname === '/api/sessions/me' && url.searchParams.get('status') === 'COMPLETED') {
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const body: SessionPage = {
        items: server.completed.slice((page - 1) * pageSize, page * pageSize),
        total: server.completed.length,
        page,
        pageSize,
      };
      return Response.json(body);
    }
    return undefined;
  });
  return server;
}

function renderView(
  client: QueryClient = createTestQueryClient(),
  unsentQrHashes?: ReadonlyMap<number, ReadonlySet<string>>,
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssignedOrdersView unsentQrHashes={unsentQrHashes} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const openRegion = () => within(screen.getByRole('region', { name: /Por completar/ }));
const completedRegion = () => within(screen.getByRole('region', { name: /Completadas/ }));
/** The open list once it has arrived (the completed section renders below it). */
const openArrived = async () => within(await screen.findByRole('region', { name: /Por completar/ }));
const completedArrived = async () => within(await screen.findByRole('region', { name: /Completadas/ }));
const completedTitles = () =>
  completedRegion()
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
/** 25 completed orders, newest (#125) first. */
const manyCompleted = () => Array.from({ length: 25 }, (_, index) => summary(125 - index));

describe('AssignedOrdersView', () => {
  it('polls only the open orders, every 10 seconds, in background and on focus', () => {
    expect(myOpenSessionsQueryOptions()).toMatchObject({
      queryKey: queryKeys.myOpenSessions,
      refetchInterval: MY_SESSIONS_REFRESH_MS,
      refetchIntervalInBackground: true,
      refetchOnWindowFocus: true,
    });
    expect(MY_SESSIONS_REFRESH_MS).toBe(10_000);
  });

  it('shows the open orders with their areas, then the first page of completed ones counted by the server', async () => {
    const server = serve({
      open: [
        makeSession({ id: 200, status: 'IN_PROGRESS' }, [
          { trap: { code: 'A', area: 'Cocina', type: 'OTRO' as const, qrHash: 'a'.repeat(64), routeOrder: null } },
        ]),
      ],
      completed: manyCompleted(),
    });
    renderView();
    expect(await (await openArrived()).findByRole('article', { name: 'Orden #200' })).toHaveTextContent('Cocina');
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(10));
    expect(screen.getByRole('heading', { name: 'Completadas 25' })).toBeInTheDocument();
    expect(completedTitles()[0]).toBe('Orden #125');
    const card = completedRegion().getByRole('article', { name: 'Orden #125' });
    expect(card).toHaveTextContent('Completada');
    expect(card).toHaveTextContent('1 de 1 trampas completadas');
    expect(within(card).getByRole('button', { name: 'Descargar reporte PDF' })).toBeInTheDocument();
    // A summary has no items: its areas come with the page.
    expect(card.querySelector('.assigned-card__areas')).toHaveTextContent('Bodega norte');
    expect(completedRegion().getByText('Mostrando 1–10 de 25 órdenes completadas')).toBeInTheDocument();
    // Never the plain list of every order with its items (the health check says the server's time zone).
    expect(server.calls.sort()).toEqual([
      '/api/health',
      '/api/sessions/me/active',
      '/api/sessions/me?status=COMPLETED&page=1&pageSize=10',
    ]);
  });

  it("names the client, site and address, counts the areas past three, and dates the visit in the site's zone", async () => {
    const phoneZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const inArea = (code: string, area: string) => ({
      trap: { code, area, type: 'OTRO' as const, qrHash: code.padStart(64, '0'), routeOrder: null },
    });
    serve({
      open: [
        makeSession(
          {
            id: 7,
            scheduledAt: '2031-05-04T14:30:00.000Z',
            site: {
              id: 2,
              name: 'Planta Norte',
              client: 'Alimentos del Sur S.A.',
              address: 'Ruta 5 km 20',
              timeZone: null,
            },
          },
          ['Cocina', 'Bodega', 'Recepción', 'Patio', 'Andén'].map((area, index) => inArea(`${index + 1}`, area)),
        ),
        makeSession({
          id: 8,
          scheduledAt: '2031-05-05T14:30:00.000Z',
          site: { id: 3, name: 'Casa matriz', client: null, address: null, timeZone: phoneZone },
        }),
      ],
      completed: [],
      timeZone: 'Asia/Tokyo',
    });
    renderView();
    const card = await (await openArrived()).findByRole('article', { name: 'Orden #7' });
    expect(card.querySelector('.assigned-card__site')).toHaveTextContent('Alimentos del Sur S.A. · Planta Norte');
    expect(card).toHaveTextContent('Ruta 5 km 20');
    expect(card.querySelector('.assigned-card__areas')).toHaveTextContent('Cocina · Bodega · Recepción +2 más');
    // A site without a zone of its own is in the server's; the phone is elsewhere, so the zone is named.
    await waitFor(() => expect(card).toHaveTextContent('4 may 2031, 23:30 (hora de Tokyo)'));
    const local = openRegion().getByRole('article', { name: 'Orden #8' });
    expect(local.querySelector('.assigned-card__site')).toHaveTextContent(/^Casa matriz$/);
    expect(local.querySelector('.assigned-card__when')).not.toHaveTextContent('(');
  });

  it('counts the scans waiting on the phone as done, as the scan screen does', async () => {
    const order = makeSession({ id: 40, status: 'IN_PROGRESS' }, [
      {
        status: 'COMPLETED',
        trap: { code: 'A', area: 'Patio', type: 'OTRO' as const, qrHash: 'a'.repeat(64), routeOrder: null },
      },
      { trap: { code: 'B', area: 'Patio', type: 'OTRO' as const, qrHash: 'b'.repeat(64), routeOrder: null } },
      { trap: { code: 'C', area: 'Patio', type: 'OTRO' as const, qrHash: 'c'.repeat(64), routeOrder: null } },
      { trap: { code: 'D', area: 'Patio', type: 'OTRO' as const, qrHash: 'd'.repeat(64), routeOrder: null } },
      { trap: { code: 'E', area: 'Patio', type: 'OTRO' as const, qrHash: 'e'.repeat(64), routeOrder: null } },
    ]);
    serve({ open: [order, makeSession({ id: 41 })], completed: [] });
    // One waiting scan of order 40, one of another order, and one of a trap already completed on the server.
    const waiting = new Map([
      [40, new Set(['b'.repeat(64), 'a'.repeat(64)])],
      [41, new Set(['c'.repeat(64)])],
    ]);
    renderView(createTestQueryClient(), waiting);
    const card = await (await openArrived()).findByRole('article', { name: 'Orden #40' });
    expect(card).toHaveTextContent('2 de 5 trampas completadas · 1 por enviar');
    expect(card).toHaveTextContent('40 %');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(openRegion().getByRole('article', { name: 'Orden #41' })).toHaveTextContent('0 de 1 trampas completadas');
  });

  it('puts overdue orders first, flagged, then the coming ones, and undated ones last', async () => {
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    serve({
      open: [
        makeSession({ id: 9 }),
        makeSession({ id: 8, scheduledAt: at(2 * hour) }),
        makeSession({ id: 7 }),
        makeSession({ id: 6, scheduledAt: at(-hour) }),
        makeSession({ id: 5, scheduledAt: at(-48 * hour), status: 'IN_PROGRESS' }),
      ],
      completed: [],
    });
    renderView();
    const open = await openArrived();
    await open.findByRole('article', { name: 'Orden #9' });
    expect(open.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Orden #5',
      'Orden #6',
      'Orden #8',
      'Orden #9',
      'Orden #7',
    ]);
    const flagged = open
      .getAllByRole('article')
      .filter((card) => within(card).queryByText('Vencida'))
      .map((card) => card.getAttribute('aria-labelledby'));
    expect(flagged).toEqual(['assigned-order-5-title', 'assigned-order-6-title']);
  });

  it("appends the next page on 'Ver más', moves focus to its first order, and stops at the last one", async () => {
    const user = userEvent.setup();
    const server = serve({ open: [], completed: manyCompleted() });
    renderView();
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(10));

    await user.click(screen.getByRole('button', { name: 'Ver más órdenes completadas' }));
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(20));
    expect(server.calls).toContain('/api/sessions/me?status=COMPLETED&page=2&pageSize=10');
    expect(completedTitles().slice(9, 11)).toEqual(['Orden #116', 'Orden #115']);
    await waitFor(() => expect(completedRegion().getByRole('article', { name: 'Orden #115' })).toHaveFocus());
    expect(completedRegion().getByText('Mostrando 1–20 de 25 órdenes completadas')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    await user.click(screen.getByRole('button', { name: 'Ver más órdenes completadas' }));
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(25));
    await waitFor(() => expect(completedRegion().getByRole('article', { name: 'Orden #105' })).toHaveFocus());
    expect(completedRegion().getByText('Mostrando 1–25 de 25 órdenes completadas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más órdenes completadas' })).not.toBeInTheDocument();
  });

  it('re-reads the completed pages when an open order leaves the open list (closed elsewhere, no realtime)', async () => {
    const closing = makeSession({ id: 300, status: 'IN_PROGRESS' });
    const server = serve({ open: [closing, makeSession({ id: 299 })], completed: [summary(5)] });
    const client = renderView();
    await (await completedArrived()).findByRole('article', { name: 'Orden #5' });

    server.open = server.open.filter((order) => order.id !== 300);
    server.completed = [summary(300), ...server.completed];
    // What the 10-second poll does.
    await act(() => client.refetchQueries({ queryKey: queryKeys.myOpenSessions }));
    await waitFor(() => expect(completedTitles()).toEqual(['Orden #300', 'Orden #5']));
    expect(screen.getByRole('heading', { name: 'Completadas 2' })).toBeInTheDocument();
    expect(openRegion().queryByRole('article', { name: 'Orden #300' })).not.toBeInTheDocument();
  });

  it('refreshes the open orders and every completed page shown when the realtime prefix is invalidated', async () => {
    const user = userEvent.setup();
    const server = serve({ open: [], completed: manyCompleted() });
    const client = renderView();
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Ver más órdenes completadas' }));
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(20));

    server.calls.length = 0;
    await act(() => client.invalidateQueries({ queryKey: queryKeys.mySessions }));
    expect(server.calls.sort()).toEqual([
      '/api/sessions/me/active',
      '/api/sessions/me?status=COMPLETED&page=1&pageSize=10',
      '/api/sessions/me?status=COMPLETED&page=2&pageSize=10',
    ]);
  });

  it('hides the completed section when there are none', async () => {
    serve({ open: [makeSession({ id: 1 })], completed: [] });
    renderView();
    await (await openArrived()).findByRole('article', { name: 'Orden #1' });
    await waitFor(() => expect(screen.queryByText('Cargando órdenes completadas...')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: /Completadas/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No tienes órdenes asignadas por ahora.')).not.toBeInTheDocument();
  });

  it('says when the completed orders cannot be read, keeps the open ones, and retries', async () => {
    const user = userEvent.setup();
    const server = serve({ open: [makeSession({ id: 1 })], completed: [summary(9)] });
    server.fail.add('/api/sessions/me?status=COMPLETED&page=1&pageSize=10');
    renderView();
    expect(await (await completedArrived()).findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las órdenes completadas.',
    );
    expect(openRegion().getByRole('article', { name: 'Orden #1' })).toBeInTheDocument();

    server.fail.clear();
    await user.click(completedRegion().getByRole('button', { name: 'Reintentar' }));
    expect(await completedRegion().findByRole('article', { name: 'Orden #9' })).toBeInTheDocument();
  });

  it('says when the next page cannot be read and retries it from the same button', async () => {
    const user = userEvent.setup();
    const server = serve({ open: [], completed: manyCompleted() });
    server.fail.add('/api/sessions/me?status=COMPLETED&page=2&pageSize=10');
    renderView();
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Ver más órdenes completadas' }));
    expect(await completedRegion().findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar más órdenes completadas.',
    );
    expect(completedRegion().getAllByRole('article')).toHaveLength(10);

    server.fail.clear();
    await user.click(completedRegion().getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(completedRegion().getAllByRole('article')).toHaveLength(20));
    expect(completedRegion().queryByRole('alert')).not.toBeInTheDocument();
  });
});
