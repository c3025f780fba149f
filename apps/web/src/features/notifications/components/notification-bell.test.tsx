import type { Notification, NotificationsPage } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { NotificationBell } from './notification-bell';

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'action-opened',
  title: `Acción correctiva ${id}`,
  body: 'Planta Norte: se superó el umbral de acción.',
  link: `/admin/actions/${id}`,
  readAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => storeSignIn(makeTechnician()));

function renderBell() {
  return renderWithApp(
    <>
      <NotificationBell />
      <Routes>
        <Route path="/admin/actions/:id" element={<p>Pantalla de la acción</p>} />
        <Route path="*" element={null} />
      </Routes>
    </>,
  );
}

describe('NotificationBell', () => {
  it('says how many are unread, lists them with links, and marks one read when it is opened', {
    timeout: 20_000,
  }, async () => {
    let page: NotificationsPage = {
      items: [notification(2), notification(1, { readAt: '2026-11-29T11:00:00.000Z', title: 'Certificado emitido' })],
      unread: 1,
      nextBefore: null,
    };
    const calls = mockApi({
      'GET /api/notifications': () => ({ body: page }),
      'POST /api/notifications/read': () => {
        page = { ...page, unread: 0, items: page.items.map((item) => ({ ...item, readAt: item.readAt ?? 'x' })) };
        return { body: { unread: 0 } };
      },
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 1 notificación sin leer' });
    // Said by a screen reader when it changes (a live region, not a status: the page's own messages are those).
    expect(screen.getByText('1 notificación sin leer')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notificaciones' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/actions/2', '/admin/actions/1']);
    expect(links[0]).toHaveTextContent('Acción correctiva 2');
    expect(within(panel).getByText('Sin leer:')).toBeInTheDocument();

    await userEvent.click(links[0]!);
    await screen.findByText('Pantalla de la acción');
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/notifications/read')).toBe(true));
    expect(calls.find((call) => call.key === 'POST /api/notifications/read')!.body).toEqual({ ids: [2] });
    await screen.findByRole('button', { name: 'Notificaciones: sin notificaciones nuevas' });
  });

  it('marks every unread one read at once, and closes with Escape', async () => {
    const calls = mockApi({
      'GET /api/notifications': () => ({
        body: { items: [notification(3), notification(4)], unread: 2, nextBefore: null },
      }),
      'POST /api/notifications/read': () => ({ body: { unread: 0 } }),
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /2 notificaciones sin leer/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/notifications/read')?.body).toEqual({ ids: [3, 4] }),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notificaciones' })).not.toBeInTheDocument();
  });

  it('adds the older ones, newest first, with «Ver más» until there are none left', { timeout: 20_000 }, async () => {
    const newest = Array.from({ length: 20 }, (_, i) => notification(45 - i));
    const older = Array.from({ length: 20 }, (_, i) => notification(25 - i));
    const oldest = Array.from({ length: 5 }, (_, i) => notification(5 - i));
    const calls = mockApi({
      'GET /api/notifications': () => ({ body: { items: newest, unread: 45, nextBefore: 26 } }),
      'GET /api/notifications?before=26': () => ({ body: { items: older, unread: 45, nextBefore: 6 } }),
      'GET /api/notifications?before=6': () => ({ body: { items: oldest, unread: 45, nextBefore: null } }),
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /45 notificaciones sin leer/ }));
    const panel = screen.getByRole('region', { name: 'Notificaciones' });
    const titles = () =>
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.bell__item-title')!.textContent);
    expect(titles()).toHaveLength(20);
    await userEvent.click(within(panel).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(titles()).toHaveLength(40));
    await userEvent.click(within(panel).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(titles()).toHaveLength(45));
    expect(titles()).toEqual(Array.from({ length: 45 }, (_, i) => `Acción correctiva ${45 - i}`));
    expect(within(panel).queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.key).filter((key) => key.includes('/notifications'))).toEqual([
      'GET /api/notifications',
      'GET /api/notifications?before=26',
      'GET /api/notifications?before=6',
    ]);
  });

  it('says when there is nothing', async () => {
    mockApi({ 'GET /api/notifications': () => ({ body: { items: [], unread: 0, nextBefore: null } }) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones: sin notificaciones nuevas' }));
    expect(screen.getByText('No tienes notificaciones.')).toBeInTheDocument();
  });
});
