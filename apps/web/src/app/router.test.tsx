import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../lib/auth-store';
import { mockApi } from '../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../testing/render';
import { AppRoutes } from './router';

// The technician layout opens a realtime connection; these tests are about routes, not sockets.
vi.mock('socket.io-client', () => import('../testing/fake-socket'));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { path },
  );
}

const admin = makeTechnician({ role: 'ADMIN' });
const tech = makeTechnician({ id: 2, role: 'TECH', fullName: 'Tomás Tapia', email: 't@rondin.test' });
const plantUser = makeTechnician({ id: 3, role: 'CLIENTE', fullName: 'Carla Calidad', email: 'carla@planta.test' });
const compliance = { totalSessions: 0, completedSessions: 0, completionRate: 0, pendingTraps: 0, overdueSessions: 0 };

function serveProfile(user: typeof admin | null) {
  const calls = mockApi({
    'GET /api/technicians/me/profile': () =>
      user ? { body: user } : { status: 401, body: { message: 'Tu sesión expiró.' } },
    'GET /api/reports/compliance': () => ({ body: compliance }),
    'GET /api/portal/sites': () => ({ body: { items: [] } }),
  });
  return calls;
}

describe('route guards (spec section 2)', () => {
  it('sends a visitor without a sign-in from any protected page to /login', async () => {
    serveProfile(null);
    for (const path of ['/', '/admin/traps', '/tech/sessions', '/no/existe']) {
      const view = renderAt(path);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
      view.unmount();
    }
  });

  it("shows 'Cargando contexto...' while the stored sign-in is checked, then the admin's home", async () => {
    storeSignIn(admin);
    const calls = serveProfile(admin);
    renderAt('/');
    expect(screen.getByText('Cargando contexto...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard'));
    expect(calls[0]?.key).toBe('GET /api/technicians/me/profile');
    expect(await screen.findByRole('heading', { name: 'Panel de cumplimiento' })).toBeInTheDocument();
  });

  it('logs out when the stored sign-in cannot be restored', async () => {
    storeSignIn(admin);
    serveProfile(null);
    renderAt('/admin/dashboard');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('sends a technician who opens /admin/* to / and from there to /tech/sessions', async () => {
    storeSignIn(tech);
    serveProfile(tech);
    renderAt('/admin/technicians');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tech/sessions'));
    expect(await screen.findByText('Flujo técnico')).toBeInTheDocument();
  });

  it('sends a technician whose scan route has no valid order number back to /tech/sessions', async () => {
    storeSignIn(tech);
    serveProfile(tech);
    for (const path of [
      '/tech/sessions/abc/scan',
      '/tech/sessions/0/scan',
      '/tech/sessions/-4/scan',
      '/tech/sessions/2.5/scan',
    ]) {
      const view = renderAt(path);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/tech\/sessions$/));
      view.unmount();
    }
  });

  it('sends an administrator who opens /tech/* to the dashboard', async () => {
    storeSignIn(admin);
    serveProfile(admin);
    renderAt('/tech/sessions');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard'));
  });

  it('treats a stored token without a user as no sign-in once the profile fails', async () => {
    storeSignIn(null);
    serveProfile(null);
    renderAt('/admin/traps');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it("sends a client's person from / to /cliente, the portal with its own subtitle", async () => {
    storeSignIn(plantUser);
    serveProfile(plantUser);
    renderAt('/');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/cliente$/));
    expect(await screen.findByText('Portal del cliente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis sitios' })).toHaveAttribute('href', '/cliente');
  });

  it("sends a client's person who opens the office's or the technician's pages back to the portal", async () => {
    storeSignIn(plantUser);
    serveProfile(plantUser);
    for (const path of ['/admin/dashboard', '/admin/clients/1', '/tech/sessions', '/t/abc', '/cliente/no/existe']) {
      const view = renderAt(path);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/cliente$/));
      view.unmount();
    }
  });

  it('sends the office and technicians who open /cliente to their own home', async () => {
    for (const [user, home] of [
      [admin, '/admin/dashboard'],
      [tech, '/tech/sessions'],
    ] as const) {
      storeSignIn(user);
      serveProfile(user);
      const view = renderAt('/cliente/sites/4');
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(home));
      view.unmount();
    }
  });
});
