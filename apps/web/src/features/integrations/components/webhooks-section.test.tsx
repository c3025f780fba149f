import type { Webhook, WebhookDelivery } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { WebhooksSection } from './webhooks-section';

const SECRET = `whsec_${'A'.repeat(43)}=`;

const hook: Webhook = {
  id: 1,
  url: 'https://erp.ejemplo.cl/rondin',
  description: 'ERP contable',
  events: ['order.closed', 'certificate.issued'],
  enabled: true,
  createdAt: '2026-05-01T10:00:00.000Z',
  createdBy: { id: 1, fullName: 'Lucía Administradora' },
  failingSince: null,
  disabledForFailuresAt: null,
};

const delivery: WebhookDelivery = {
  id: 7,
  messageId: 'msg_1',
  eventType: 'order.closed',
  status: 'PENDING',
  attempts: 2,
  isTest: false,
  createdAt: '2026-05-02T08:00:00.000Z',
  lastAttemptAt: '2026-05-02T08:01:00.000Z',
  nextAttemptAt: '2026-05-02T08:06:00.000Z',
  deliveredAt: null,
  lastStatusCode: 503,
  lastResponse: 'En mantención',
  lastError: 'Respondió 503.',
};

function serve(hooks: Webhook[], testAnswer: Partial<WebhookDelivery> = {}) {
  return mockApi({
    'GET /api/webhooks': () => ({ body: hooks }),
    'POST /api/webhooks': ({ body }) => {
      hooks.unshift({ ...hook, id: 2, ...(body as object) });
      return { status: 201, body: { webhook: hooks[0], secret: SECRET } };
    },
    'PATCH /api/webhooks/1': ({ body }) => {
      Object.assign(hooks[hooks.length - 1]!, body);
      return { body: hooks[hooks.length - 1] };
    },
    'DELETE /api/webhooks/1': () => {
      hooks.splice(
        hooks.findIndex((listed) => listed.id === 1),
        1,
      );
      return { status: 204 };
    },
    'GET /api/webhooks/1/deliveries': () => ({ body: [delivery] }),
    'POST /api/webhooks/1/test': () => ({
      body: {
        ...delivery,
        id: 8,
        eventType: 'webhook.test',
        isTest: true,
        status: 'DELIVERED',
        attempts: 1,
        lastStatusCode: 200,
        lastResponse: 'ok',
        lastError: null,
        nextAttemptAt: null,
        ...testAnswer,
      },
    }),
  });
}

describe('Integraciones: webhooks', () => {
  it('creates one with the events checked and shows its secret once', async () => {
    const calls = serve([hook]);
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: 'Crear webhook' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo webhook' });
    await user.type(within(form).getByLabelText('Dirección (URL)'), 'https://bi.ejemplo.cl/avisos');
    await user.click(within(form).getByRole('button', { name: 'Crear webhook' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Elige al menos un evento.');
    await user.click(within(form).getByLabelText('Acción correctiva abierta'));
    await user.click(within(form).getByLabelText('Avistamiento reportado'));
    await user.click(within(form).getByRole('button', { name: 'Crear webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook creado: su secreto' });
    expect(shown).toHaveTextContent('Es la única vez que se muestra.');
    expect(within(shown).getByLabelText('Secreto de firma')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copiar secreto' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://bi.ejemplo.cl/avisos',
      events: ['action.opened', 'sighting.created'],
      description: null,
    });
    await user.click(within(shown).getByRole('button', { name: 'Listo, ya lo guardé' }));
    expect(await screen.findByText('https://bi.ejemplo.cl/avisos')).toBeInTheDocument();
  });

  it('tries a hook with «Probar» and says what the receiver answered', async () => {
    serve([hook], { status: 'FAILED', lastStatusCode: 404, lastResponse: 'No existe', lastError: 'Respondió 404.' });
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    const card = (await screen.findByText(hook.url)).closest('li')!;
    expect(within(card).getByText('Orden cerrada')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Probar' }));
    expect(await within(card).findByText('La prueba no se entregó: Respondió 404.')).toBeInTheDocument();
    expect(within(card).getByText('No existe')).toBeInTheDocument();
  });

  it('switches a hook off and shows its deliveries with their answers and next try', async () => {
    const calls = serve([hook]);
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    const card = (await screen.findByText(hook.url)).closest('li')!;
    expect(within(card).getByText('Activo')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Webhook desactivado.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ enabled: false });
    expect(await within(card).findByRole('button', { name: 'Activar' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Ver entregas' }));
    const row = (await within(card).findByText('En mantención', { exact: false })).closest('tr')!;
    expect(row).toHaveTextContent('Pendiente');
    expect(row).toHaveTextContent('503 · En mantención · Respondió 503.');
    expect(row).toHaveTextContent('Próximo intento');
  });

  it('deletes a hook once confirmed and says so when its card is gone', async () => {
    const calls = serve([hook]);
    const user = userEvent.setup();
    renderWithApp(<WebhooksSection />);
    const card = (await screen.findByText(hook.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Webhook eliminado.')).toBeInTheDocument();
    expect(screen.queryByText(hook.url)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'DELETE /api/webhooks/1')).toHaveLength(1);
  });
});
