import type { ClientDetail, PortalAccount } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { PortalAccessSection } from './portal-access-section';

const CLIENT: ClientDetail = {
  id: 7,
  name: 'Conservas del Norte',
  taxId: null,
  address: null,
  isActive: true,
  siteCount: 2,
  contactCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  sites: [
    { id: 1, name: 'Planta Norte', address: null, timeZone: null, isActive: true },
    { id: 2, name: 'Bodega Sur', address: null, timeZone: null, isActive: true },
  ],
  openActions: [],
  openActionCount: 0,
  nextVisits: [],
  nextVisitCount: 0,
};

function account(overrides: Partial<PortalAccount> = {}): PortalAccount {
  return {
    id: 30,
    clientId: 7,
    email: 'carla@planta.test',
    fullName: 'Carla Calidad',
    siteIds: [],
    isActive: true,
    invitation: {
      state: 'PENDIENTE',
      issuedAt: '2026-06-01T12:00:00.000Z',
      expiresAt: '2026-06-08T12:00:00.000Z',
      acceptedAt: null,
    },
    createdAt: '2026-06-01T12:00:00.000Z',
    ...overrides,
  };
}

const URL_OF = (token: string) => `https://rondin.test/invitacion/${token}`;

describe('PortalAccessSection', () => {
  it('invites a person to some sites and shows the single-use link to copy', async () => {
    let accounts: PortalAccount[] = [];
    const calls = mockApi({
      'GET /api/clients/7/portal-accounts': () => ({ body: { items: accounts } }),
      'POST /api/clients/7/portal-accounts': () => {
        accounts = [account({ siteIds: [2] })];
        return { status: 201, body: { account: accounts[0], invitationUrl: URL_OF('t'.repeat(43)) } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PortalAccessSection client={CLIENT} />);
    expect(await screen.findByText('Nadie del cliente tiene acceso al portal todavía.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Invitar a una persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitar al portal' });
    await user.type(within(dialog).getByLabelText(/Nombre completo/), 'Carla Calidad');
    await user.type(within(dialog).getByLabelText(/Correo/), 'carla@planta.test');
    await user.click(within(dialog).getByLabelText('Todos los sitios del cliente'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear invitación' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige al menos un sitio, o todos.');
    await user.click(within(dialog).getByLabelText('Bodega Sur'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear invitación' }));

    const linkDialog = await screen.findByRole('dialog', { name: 'Enlace de invitación de Carla Calidad' });
    expect(within(linkDialog).getByLabelText('Enlace de invitación')).toHaveValue(URL_OF('t'.repeat(43)));
    await user.click(within(linkDialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(await within(linkDialog).findByText('Enlace copiado.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(URL_OF('t'.repeat(43)));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      fullName: 'Carla Calidad',
      email: 'carla@planta.test',
      siteIds: [2],
    });
    await user.click(within(linkDialog).getByRole('button', { name: 'Listo' }));
    const row = (await screen.findByText('Carla Calidad')).closest('li')!;
    expect(within(row).getByText('Invitada')).toBeInTheDocument();
    expect(within(row).getByText('Sitios que ve: Bodega Sur')).toBeInTheDocument();
  });

  it("shows the server's refusal inside the invitation form", async () => {
    mockApi({
      'GET /api/clients/7/portal-accounts': () => ({ body: { items: [] } }),
      'POST /api/clients/7/portal-accounts': () => ({
        status: 409,
        body: { message: 'Ya existe una cuenta con ese correo.' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<PortalAccessSection client={CLIENT} />);
    await user.click(await screen.findByRole('button', { name: '+ Invitar a una persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitar al portal' });
    await user.type(within(dialog).getByLabelText(/Nombre completo/), 'Carla Calidad');
    await user.type(within(dialog).getByLabelText(/Correo/), 'carla@planta.test');
    await user.click(within(dialog).getByRole('button', { name: 'Crear invitación' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe una cuenta con ese correo.');
  });

  it('lists each account with its invitation state, issues a new link and deactivates', async () => {
    const expired = account({
      invitation: { ...account().invitation, state: 'VENCIDA' },
    });
    const accepted = account({
      id: 31,
      fullName: 'Pedro Planta',
      email: 'pedro@planta.test',
      siteIds: [1],
      invitation: { ...account().invitation, state: 'ACEPTADA', acceptedAt: '2026-06-02T12:00:00.000Z' },
    });
    let items = [expired, accepted];
    const calls = mockApi({
      'GET /api/clients/7/portal-accounts': () => ({ body: { items } }),
      'POST /api/portal-accounts/30/invitation': () => ({
        body: { account: expired, invitationUrl: URL_OF('n'.repeat(43)) },
      }),
      'PATCH /api/portal-accounts/31': () => {
        items = [expired, { ...accepted, isActive: false }];
        return { body: items[1] };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PortalAccessSection client={CLIENT} />);
    const carla = (await screen.findByText('Carla Calidad')).closest('li')!;
    const pedro = screen.getByText('Pedro Planta').closest('li')!;
    expect(within(carla).getByText('Enlace vencido')).toBeInTheDocument();
    expect(within(pedro).getByText('Activa')).toBeInTheDocument();
    expect(within(pedro).getByText('Sitios que ve: Planta Norte')).toBeInTheDocument();
    // A new link is also how a forgotten password is chosen again.
    expect(within(pedro).getByRole('button', { name: 'Crear un enlace nuevo para Pedro Planta' })).toBeEnabled();

    await user.click(within(carla).getByRole('button', { name: 'Crear un enlace nuevo para Carla Calidad' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Enlace de invitación de Carla Calidad' });
    expect(within(linkDialog).getByLabelText('Enlace de invitación')).toHaveValue(URL_OF('n'.repeat(43)));
    await user.click(within(linkDialog).getByRole('button', { name: 'Listo' }));

    await user.click(within(pedro).getByRole('button', { name: 'Desactivar el acceso de Pedro Planta' }));
    const confirm = screen.getByRole('dialog', { name: 'Desactivar el acceso de Pedro Planta' });
    await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Acceso de Pedro Planta desactivado.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText('Pedro Planta').closest('li')!).getByText('Desactivada')).toBeInTheDocument(),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false });
  });
});
