import type { InvitationInfo } from '@rondin/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, networkError } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { InvitationView } from './invitation-view';

const TOKEN = 'a'.repeat(43);
const INVITATION: InvitationInfo = {
  email: 'carla@planta.test',
  fullName: 'Carla Calidad',
  clientName: 'Conservas del Norte',
  expiresAt: '2026-06-22T12:00:00.000Z',
};

function renderView(onAccepted = vi.fn(async () => undefined)) {
  renderWithApp(<InvitationView token={TOKEN} onAccepted={onAccepted} />);
  return onAccepted;
}

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Contraseña'), password);
  await user.type(screen.getByLabelText('Repite la contraseña'), confirm);
  await user.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
}

describe('InvitationView', () => {
  it('shows who is invited to which client, sets the password and signs in with it', async () => {
    const calls = mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => ({ body: INVITATION }),
      [`POST /api/invitations/${TOKEN}`]: () => ({ body: { email: INVITATION.email } }),
    });
    const onAccepted = renderView();
    expect(await screen.findByText('Te invitaron al portal de Conservas del Norte.')).toBeInTheDocument();
    expect(screen.getByText('Carla Calidad')).toBeInTheDocument();
    expect(screen.getByText('carla@planta.test')).toBeInTheDocument();
    await choose('Hormigas en el silo 3');
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('carla@planta.test', 'Hormigas en el silo 3'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'Hormigas en el silo 3' });
  });

  it('checks the length and the repetition before asking the server', async () => {
    const calls = mockApi({ [`GET /api/invitations/${TOKEN}`]: () => ({ body: INVITATION }) });
    const onAccepted = renderView();
    await choose('corta');
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Contraseña'), ' y larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it("shows the server's policy refusal in its own words and lets her try another", async () => {
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => ({ body: INVITATION }),
      [`POST /api/invitations/${TOKEN}`]: () => ({
        status: 400,
        body: { message: 'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.' },
      }),
    });
    const onAccepted = renderView();
    await choose('password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.',
    );
    expect(screen.getByLabelText('Contraseña')).toBeEnabled();
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('says a used link is used, with the way to sign in, and shows no form', async () => {
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => ({
        status: 410,
        body: { message: 'Esta invitación ya se usó: inicia sesión con tu correo y tu contraseña.' },
      }),
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta invitación ya se usó: inicia sesión con tu correo y tu contraseña.',
    );
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });

  it('says an expired link expired', async () => {
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => ({
        status: 410,
        body: { message: 'La invitación venció. Pide un enlace nuevo a la empresa de control de plagas.' },
      }),
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('La invitación venció.');
  });

  it('offers to try again when the server cannot be reached', async () => {
    let reachable = false;
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => (reachable ? { body: INVITATION } : networkError()),
    });
    renderView();
    expect(await screen.findByText('No se pudo cargar la invitación.')).toBeInTheDocument();
    reachable = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Te invitaron al portal de Conservas del Norte.')).toBeInTheDocument();
  });

  it('sends her to sign in by hand when the password was kept but the sign-in failed', async () => {
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: () => ({ body: INVITATION }),
      [`POST /api/invitations/${TOKEN}`]: () => ({ body: { email: INVITATION.email } }),
    });
    renderView(vi.fn(async () => Promise.reject(new Error('sin conexión'))));
    await choose('Hormigas en el silo 3');
    expect(await screen.findByText(/La contraseña quedó guardada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeInTheDocument();
  });
});
