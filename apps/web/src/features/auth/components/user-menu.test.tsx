import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { UserMenu } from './user-menu';

function renderMenu() {
  return renderWithApp(
    <Routes>
      <Route path="/admin" element={<UserMenu />} />
      <Route path="/login" element={<p>Pantalla de ingreso</p>} />
    </Routes>,
    { path: '/admin' },
  );
}

function signInAs(user: ReturnType<typeof makeTechnician>) {
  storeSignIn(user);
  mockApi({ 'GET /api/technicians/me/profile': () => ({ body: user }) });
}

describe('UserMenu', () => {
  it('shows the avatar letter, the account, and closes on Escape and outside clicks', async () => {
    signInAs(makeTechnician({ fullName: 'rosa Díaz', email: 'rosa@rondin.test' }));
    const user = userEvent.setup();
    renderMenu();
    const trigger = await screen.findByRole('button', { name: 'Menú de usuario' });
    expect(trigger).toHaveTextContent('R');
    await user.click(trigger);
    expect(screen.getByText('rosa Díaz')).toBeInTheDocument();
    expect(screen.getByText('rosa@rondin.test')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('rosa@rondin.test')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(document.body);
    expect(screen.queryByText('rosa@rondin.test')).not.toBeInTheDocument();
  });

  it('falls back when the account has no name or email', async () => {
    signInAs(makeTechnician({ fullName: '', email: '' }));
    const user = userEvent.setup();
    renderMenu();
    const trigger = await screen.findByRole('button', { name: 'Menú de usuario' });
    expect(trigger).toHaveTextContent('U');
    await user.click(trigger);
    expect(screen.getByText('Usuario sin nombre')).toBeInTheDocument();
    expect(screen.getByText('Sin correo registrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled();
  });

  it("offers a client's person her password but no signature: she signs nothing in Rondín", async () => {
    signInAs(makeTechnician({ role: 'CLIENTE', fullName: 'Carla Calidad' }));
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mi firma' })).not.toBeInTheDocument();
  });

  it("disables 'Cambiar contraseña' without a user", async () => {
    renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  });

  it("'Cerrar sesión' clears the sign-in and goes to /login", async () => {
    signInAs(makeTechnician());
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByText('Pantalla de ingreso')).toBeInTheDocument());
    expect(localStorage.getItem('rondin.auth')).toBeNull();
  });
});
