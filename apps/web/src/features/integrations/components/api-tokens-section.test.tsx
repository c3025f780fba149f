import type { ApiToken } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { ApiTokensSection } from './api-tokens-section';

const TOKEN = `rdn_${'k'.repeat(43)}`;

const erp: ApiToken = {
  id: 1,
  name: 'ERP contable',
  scope: 'write',
  hint: 'rdn_abcd',
  createdAt: '2026-05-01T10:00:00.000Z',
  createdBy: { id: 1, fullName: 'Lucía Administradora' },
  lastUsedAt: '2026-05-02T08:30:00.000Z',
  revokedAt: null,
  revokedBy: null,
};

function serve(tokens: ApiToken[]) {
  return mockApi({
    'GET /api/api-tokens': () => ({ body: tokens }),
    'POST /api/api-tokens': ({ body }) => {
      const created = { ...erp, id: 2, ...(body as object), hint: TOKEN.slice(0, 8), lastUsedAt: null };
      tokens.unshift(created);
      return { status: 201, body: { apiToken: created, token: TOKEN } };
    },
    'DELETE /api/api-tokens/1': () => {
      tokens[tokens.length - 1] = { ...erp, revokedAt: '2026-05-03T09:00:00.000Z' };
      return { body: tokens[tokens.length - 1] };
    },
  });
}

describe('Integraciones: API tokens', () => {
  it('creates one and shows the token once, with a warning and a copy button', async () => {
    const calls = serve([erp]);
    const user = userEvent.setup();
    renderWithApp(<ApiTokensSection />);
    await user.click(await screen.findByRole('button', { name: 'Crear token' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo token de API' });
    await user.click(within(form).getByRole('button', { name: 'Crear token' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Indica un nombre para el token');
    await user.type(within(form).getByLabelText('Nombre'), 'Power BI');
    await user.click(within(form).getByLabelText('Solo lectura'));
    await user.click(within(form).getByRole('button', { name: 'Crear token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token «Power BI» creado' });
    expect(shown).toHaveTextContent('es la única vez que se muestra');
    expect(within(shown).getByLabelText('Token')).toHaveValue(TOKEN);
    await user.click(within(shown).getByRole('button', { name: 'Copiar token' }));
    expect(await within(shown).findByText('Token copiado.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(TOKEN);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Power BI', scope: 'read' });
    await user.click(within(shown).getByRole('button', { name: 'Listo, ya lo guardé' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
    expect(await screen.findByText('Power BI')).toBeInTheDocument();
  });

  it('lists each with its last use, and revokes one only once confirmed', async () => {
    const calls = serve([erp]);
    const user = userEvent.setup();
    renderWithApp(<ApiTokensSection />);
    const row = (await screen.findByText('ERP contable')).closest('tr')!;
    expect(row).toHaveTextContent('Lectura y escritura');
    expect(row).toHaveTextContent('Lucía Administradora');
    expect(within(row).getByText('Vigente')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Nunca');

    await user.click(within(row).getByRole('button', { name: 'Revocar ERP contable' }));
    const dialog = screen.getByRole('dialog', { name: '¿Revocar el token «ERP contable»?' });
    expect(dialog).toHaveTextContent('dejará de tener acceso de inmediato');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Revocar ERP contable' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Token «ERP contable» revocado.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'DELETE /api/api-tokens/1')).toHaveLength(1);
    expect(await screen.findByText(/^Revocado el/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revocar ERP contable' })).not.toBeInTheDocument();
  });
});
