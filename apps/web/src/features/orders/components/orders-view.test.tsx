import type { SessionListItem, SessionPage, Site } from '@rondin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerRequests } from '../../../testing/network';
import { createTestQueryClient, makeTechnician } from '../../../testing/render';
import { makeListItem } from '../../../testing/sessions';
import { OrdersView } from './orders-view';

const technicians = [
  makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia' }),
  makeTechnician({ id: 3, role: 'TECH', fullName: 'Rosa Díaz', isActive: false }),
];

/** 60 orders, newest first; every third one completed. */
const orders: SessionListItem[] = Array.from({ length: 60 }, (_, index) =>
  makeListItem({ id: 60 - index, status: index % 3 === 0 ? 'COMPLETED' : 'PENDING' }),
);

function where() {
  return screen.getByTestId('where').textContent ?? '';
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** The server's paged order list over the 60 orders: status filter and paging, every call recorded. */
function serve(path: string, sites?: Site[]) {
  const calls: URLSearchParams[] = [];
  answerRequests(({ url }) => {
    if (url.pathname !== '/api/sessions' || !url.searchParams.has('page')) return { status: 404, body: {} };
    calls.push(url.searchParams);
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const status = url.searchParams.get('status');
    const found = orders.filter((order) => !status || order.status === status);
    const body: SessionPage = {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
      page,
      pageSize,
    };
    return { body };
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <OrdersView technicians={technicians} sites={sites} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const pager = () => within(screen.getByRole('navigation', { name: 'Páginas de órdenes' }));

describe('OrdersView', { timeout: 20_000 }, () => {
  it('shows 24 order cards at a time, newest first, with the count of every order', async () => {
    const user = userEvent.setup();
    const calls = serve('/admin/sessions');
    expect(await screen.findByText('Mostrando 1–24 de 60 órdenes')).toBeInTheDocument();
    expect(screen.getByText('60 órdenes registradas')).toBeInTheDocument();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Orden #60');
    expect(Object.fromEntries(calls[0]!)).toEqual({ page: '1', pageSize: '24' });

    await user.click(pager().getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('Mostrando 25–48 de 60 órdenes')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Mostrando 25–48 de 60 órdenes')).toHaveFocus());
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Orden #36');
    expect(where()).toBe('?page=2');
  });

  it('sends every filter to the server and keeps them in the address', async () => {
    // Keystrokes without pauses between them, however loaded the machine: one search, not one per letter.
    const user = userEvent.setup({ delay: null });
    const calls = serve('/admin/sessions?page=2');
    await screen.findByText('Mostrando 25–48 de 60 órdenes');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Completada');
    expect(await screen.findByText('Mostrando 1–20 de 20 órdenes')).toBeInTheDocument();
    // The header keeps counting every order, read apart from the filtered page.
    expect(await screen.findByText('60 órdenes registradas')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Técnico'), 'Rosa Díaz (inactivo)');
    await user.type(screen.getByLabelText('Programadas desde'), '2030-01-01');
    await user.type(screen.getByLabelText('Hasta'), '2030-01-31');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Tomás');
    // The address changes first; the request for the new page follows on the next render.
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({
        page: '1',
        pageSize: '24',
        status: 'COMPLETED',
        technicianId: '3',
        q: 'Tomás',
      }),
    );
    const last = Object.fromEntries(calls.at(-1)!);
    // Local days, sent as the instants they start and end.
    expect(last.scheduledFrom).toBe(new Date('2030-01-01T00:00:00').toISOString());
    expect(last.scheduledTo).toBe(new Date('2030-01-31T23:59:59.999').toISOString());
    expect(new URLSearchParams(where())).toEqual(
      new URLSearchParams({ status: 'COMPLETED', technicianId: '3', from: '2030-01-01', to: '2030-01-31', q: 'Tomás' }),
    );
  });

  it('says when no order matches and clears the filters on request', async () => {
    const user = userEvent.setup();
    serve('/admin/sessions?status=IN_PROGRESS');
    expect(await screen.findByText('Ninguna orden coincide con la búsqueda o los filtros.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText('Mostrando 1–24 de 60 órdenes')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado')).toHaveValue('');
  });

  it('with several active sites, filters by site and names the site on each card', async () => {
    const user = userEvent.setup();
    const site = (id: number, name: string): Site => ({
      id,
      name,
      clientId: 1,
      client: null,
      address: null,
      timeZone: null,
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      trapCount: 0,
      sessionCount: 0,
    });
    const calls = serve('/admin/sessions', [site(1, 'Sitio principal'), site(2, 'Planta Norte')]);
    const first = (await screen.findAllByRole('article'))[0]!;
    expect(within(first).getByText('Sitio')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sitio'), 'Planta Norte');
    await waitFor(() =>
      expect(calls.map((call) => Object.fromEntries(call))).toContainEqual({ page: '1', pageSize: '24', siteId: '2' }),
    );
    expect(where()).toBe('?siteId=2');
  });

  it('with one active site, neither filters by site nor names it', async () => {
    serve('/admin/sessions', []);
    const first = (await screen.findAllByRole('article'))[0]!;
    expect(within(first).queryByText('Sitio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sitio')).not.toBeInTheDocument();
  });
});

describe('OrdersView: closing from the office', { timeout: 20_000 }, () => {
  it('a close refused for scanned devices without a finding offers «Sin novedad» for them, and closes with it', async () => {
    const done = makeListItem({ id: 7, status: 'IN_PROGRESS', completedCount: 1 }, [
      {
        status: 'COMPLETED',
        outcome: 'SCANNED',
        trap: { code: 'TRP-007', area: null, type: 'OTRO', qrHash: 'a'.repeat(64), routeOrder: null },
      },
    ]);
    const closes: unknown[] = [];
    answerRequests(({ url, body }) => {
      if (url.pathname === '/api/sessions/7/close') {
        closes.push(body);
        return closes.length === 1
          ? {
              status: 409,
              body: {
                code: 'FINDINGS_MISSING',
                message: 'Falta el hallazgo en 1 dispositivo escaneado: TRP-007.',
                items: [{ itemId: 1, code: 'TRP-007' }],
              },
            }
          : { body: { ...done, status: 'COMPLETED' } };
      }
      if (url.pathname === '/api/sessions') return { body: { items: [done], total: 1, page: 1, pageSize: 24 } };
      return undefined;
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/admin/sessions']}>
          <OrdersView technicians={technicians} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Orden #7' });
    await user.click(within(card).getByRole('button', { name: 'Cerrar orden' }));
    const missing = await screen.findByRole('dialog', { name: 'Faltan hallazgos en la orden #7' });
    expect(missing).toHaveTextContent('Falta el hallazgo en 1 dispositivo escaneado: TRP-007.');
    await user.click(within(missing).getByRole('button', { name: 'Registrar Sin novedad en 1 escaneado' }));
    expect(await screen.findByText('Orden cerrada correctamente.')).toBeInTheDocument();
    expect(closes).toEqual([{ force: false }, { force: false, defaultNoActivity: true }]);
  });
});
