import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CreatedWebhook,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  WebhookMessages,
} from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nothingFound, putFinding } from '../../../test/findings.js';
import { multipartForm } from '../../../test/multipart.js';
import { createOrder, close, scan } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
import {
  DEFAULT_SITE_ID,
  connectToMainDatabase,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import type { Database } from '../../db/database.js';
import { notificationEvents, webhookDeliveries, webhooks } from '../../db/schema.js';
import { isPrivateAddress } from './webhook-address.js';
import { webhookSender } from './webhook-sender.js';
import { DISABLE_AFTER_MS, KEEP_DELIVERIES_MS, RETRY_DELAYS_MS, WebhookWorker } from './webhook-worker.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** A receiver on a random local port: it keeps what it was sent and answers what `answer` says. */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received) => { status: number; body?: string } | 'hang' = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const got = { path: request.url ?? '', headers: request.headers as Record<string, string>, body };
      received.push(got);
      const reply = answer(got);
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
    });
  });
  return {
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rondin`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestApp;
let admin: TestUser;
let now = new Date();
let receiver: ReturnType<typeof startReceiver>;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // A minute ahead of the database's clock, which dates the deliveries its triggers queue: they are due.
  now = new Date(Date.now() + 60_000);
  admin = await createAdmin(t);
  receiver = startReceiver();
  url = await receiver.listen();
});
afterEach(() => receiver.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: admin.headers, ...(payload ? { payload } : {}) });

async function createHook(events: string[] = ['action.opened'], to = url): Promise<CreatedWebhook> {
  const response = await api('POST', '/api/webhooks', { url: to, events, description: 'ERP' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The worker of a server process, on its own database connection when given one, with the test's clock. */
function worker(db: Database = t.database.db) {
  const repository = new WebhooksRepository(db);
  const service = new WebhooksService(repository, {
    sealingKey: t.tokens.sealingKey('webhook-secrets'),
    allowPrivate: true,
    send: webhookSender({ allowPrivate: true }),
    now: () => now,
  });
  return new WebhookWorker({
    db,
    repository,
    send: webhookSender({ allowPrivate: true }),
    secretOf: service.secretOf,
    now: () => now,
    log: t.app.log,
  });
}

async function openAction(description = 'Sellar el andén') {
  const response = await api('POST', '/api/actions', { siteId: DEFAULT_SITE_ID, description, dueDate: '2040-01-31' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

const deliveries = async (id: number): Promise<WebhookDelivery[]> => {
  const response = await api('GET', `/api/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** What the receiver got, checked the way a receiver does it: with the standardwebhooks package and the secret. */
const verified = (secret: string, got: Received) =>
  new StandardWebhook(secret).verify(got.body, {
    'webhook-id': got.headers['webhook-id']!,
    'webhook-timestamp': got.headers['webhook-timestamp']!,
    'webhook-signature': got.headers['webhook-signature']!,
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('POST /api/webhooks', () => {
  it('shows its secret once, whsec_ and 32 random bytes, keeps it sealed and lists the hook without it', async () => {
    const { webhook, secret } = await createHook(['sighting.created', 'action.opened']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({
      url,
      description: 'ERP',
      events: ['action.opened', 'sighting.created'],
      enabled: true,
      createdBy: { id: admin.id },
      failingSince: null,
    });
    const listed = await api('GET', '/api/webhooks');
    expect(listed.json<Webhook[]>()).toEqual([webhook]);
    expect(listed.body).not.toContain(secret.slice(6, 30));
    const [stored] = await t.database.db.select().from(webhooks);
    expect(stored!.secretSealed.toString('latin1')).not.toContain(secret.slice(6, 30));
  });

  it('refuses what is not a whole http(s) address, credentials in it, and unknown or no events, in Spanish', async () => {
    for (const [body, message] of [
      [{ url: 'ftp://erp.ejemplo.cl/x', events: ['order.closed'] }, WebhookMessages.urlInvalid],
      [{ url: 'javascript:alert(1)', events: ['order.closed'] }, WebhookMessages.urlInvalid],
      [{ url: 'erp.ejemplo.cl', events: ['order.closed'] }, WebhookMessages.urlInvalid],
      [{ url: 'https://yo:clave@erp.ejemplo.cl/', events: ['order.closed'] }, WebhookMessages.urlCredentials],
      [
        { url: `https://erp.ejemplo.cl/${'x'.repeat(2000)}`, events: ['order.closed'] },
        'La dirección admite como máximo 2000 caracteres.',
      ],
      [{ url: 'https://erp.ejemplo.cl/', events: [] }, WebhookMessages.eventsRequired],
      [{ url: 'https://erp.ejemplo.cl/', events: ['order.deleted'] }, WebhookMessages.eventUnknown],
    ] as const) {
      const response = await api('POST', '/api/webhooks', body);
      expect([body.url.slice(0, 40), response.statusCode]).toEqual([body.url.slice(0, 40), 400]);
      expect(response.json().message).toContain(message);
    }
  });

  it('refuses this machine and private networks unless allowed, by name, by address and when connecting', async () => {
    const strict = new WebhooksService(new WebhooksRepository(t.database.db), {
      sealingKey: t.tokens.sealingKey('webhook-secrets'),
      allowPrivate: false,
      send: webhookSender({ allowPrivate: false }),
      now: () => now,
    });
    for (const address of ['http://127.0.0.1:8080/x', 'http://[::1]/x', 'http://localhost/x', 'http://10.1.2.3/']) {
      await expect(
        strict.create({ id: admin.id, role: 'ADMIN', tokenVersion: 0 }, { url: address, events: ['order.closed'] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: WebhookMessages.urlPrivate,
      });
    }
    for (const address of [
      '169.254.169.254',
      '192.168.1.10',
      '172.20.0.1',
      '::ffff:10.0.0.1',
      'fd00::1',
      '100.64.0.1',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
    // A name that resolves to this machine when the delivery connects is refused then too (DNS rebinding).
    const answer = await webhookSender({ allowPrivate: false })({
      url: url.replace('127.0.0.1', 'localhost'),
      secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
      messageId: 'msg_1',
      sentAt: now,
      body: '{}',
    });
    expect(answer).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('red privada') });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('deliveries', () => {
  it('queues an event with its record and, after the commit, sends it signed the Standard Webhooks way', async () => {
    const { webhook, secret } = await createHook(['action.opened', 'order.closed']);
    const other = await createHook(['sighting.created']);
    const action = await openAction();
    expect(await deliveries(webhook.id)).toMatchObject([
      { eventType: 'action.opened', status: 'PENDING', attempts: 0 },
    ]);
    expect(await deliveries(other.webhook.id)).toEqual([]);

    expect(await worker().runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const message = verified(secret, receiver.received[0]!);
    expect(message).toMatchObject({
      type: 'action.opened',
      data: { actionId: action.id, siteId: DEFAULT_SITE_ID, origin: 'MANUAL', status: 'ABIERTA' },
    });
    expect(() => verified(other.secret, receiver.received[0]!)).toThrow();
    const [logged] = await deliveries(webhook.id);
    expect(logged).toMatchObject({
      messageId: receiver.received[0]!.headers['webhook-id'],
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: 'ok',
      nextAttemptAt: null,
      deliveredAt: now.toISOString(),
    });

    // An order closed, its certificate issued: told to the hooks subscribed to them only.
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    await scan(t, tech, order.id, trap.qrSlug);
    await close(t, admin, order.id, { force: true });
    await worker().runOnce();
    const closed = receiver.received.slice(1).map((got) => verified(secret, got));
    expect(closed).toEqual([
      expect.objectContaining({ type: 'order.closed', data: expect.objectContaining({ orderId: order.id }) }),
    ]);
  });

  it('tells every event to a hook subscribed to all: findings, orders, certificates, actions and sightings', async () => {
    const { webhook, secret } = await createHook([...WEBHOOK_EVENTS]);
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    await scan(t, tech, order.id, trap.qrSlug);
    expect((await putFinding(t, tech, order.id, order.items[0]!.id, nothingFound())).statusCode).toBe(200);
    await close(t, admin, order.id, { force: true });
    const action = await openAction();
    const closed = await api('PATCH', `/api/actions/${action.id}`, {
      status: 'CERRADA',
      closingNote: 'Sellado.',
      verificationResult: 'Sin capturas en la visita siguiente.',
      verifiedBy: 'Jefa de calidad',
      verifiedOn: '2026-01-02',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const form = multipartForm([
      { name: 'area', value: trap.area! },
      { name: 'description', value: 'Un ratón junto a la puerta.' },
      { name: 'seenAt', value: new Date(Date.now() - 60_000).toISOString() },
      { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: await planImage(40, 30, 'jpeg') },
    ]);
    const sighting = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/sightings`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload(),
    });
    expect(sighting.statusCode, sighting.body).toBe(201);
    // The certificate's PDF may be written just after the close's answer.
    await expect
      .poll(async () => (await deliveries(webhook.id)).map((delivery) => delivery.eventType))
      .toContain('certificate.issued');

    await worker().runOnce();
    const told = receiver.received.map((got) => verified(secret, got));
    expect(told.map((message) => message.type).sort()).toEqual(
      [
        'action.closed',
        'action.opened',
        'action.opened',
        'certificate.issued',
        'finding.recorded',
        'order.closed',
        'sighting.created',
      ].sort(),
    );
    expect(told.find((message) => message.type === 'finding.recorded')!.data).toMatchObject({
      orderId: order.id,
      trapId: trap.id,
      origin: 'INSPECCION',
      isCorrection: false,
    });
    expect(told.find((message) => message.type === 'certificate.issued')!.data).toMatchObject({
      orderId: order.id,
      revision: 1,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(told.find((message) => message.type === 'action.closed')!.data).toMatchObject({
      actionId: action.id,
      status: 'CERRADA',
    });
    expect(told.find((message) => message.type === 'sighting.created')!.data).toMatchObject({
      siteId: DEFAULT_SITE_ID,
      source: 'OFICINA',
    });
  });

  it('tries again with backoff after a failure, the same webhook-id, and logs each answer', async () => {
    const { webhook, secret } = await createHook();
    await openAction();
    receiver.answerWith(() => ({ status: 503, body: 'En mantención' }));
    const run = worker();
    expect(await run.runOnce()).toBe(1);
    const [failed] = await deliveries(webhook.id);
    expect(failed).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 503,
      lastResponse: 'En mantención',
      lastError: 'Respondió 503.',
      nextAttemptAt: new Date(now.getTime() + RETRY_DELAYS_MS[0]).toISOString(),
    });
    expect((await api('GET', '/api/webhooks')).json<Webhook[]>()[0]!.failingSince).toBe(now.toISOString());
    // Not before it is due.
    expect(await run.runOnce()).toBe(0);

    receiver.answerWith(() => ({ status: 204 }));
    now = new Date(now.getTime() + RETRY_DELAYS_MS[0]);
    expect(await run.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(verified(secret, receiver.received[1]!).type).toBe('action.opened');
    expect(await deliveries(webhook.id)).toMatchObject([
      { status: 'DELIVERED', attempts: 2, lastStatusCode: 204, lastError: null },
    ]);
    expect((await api('GET', '/api/webhooks')).json<Webhook[]>()[0]!.failingSince).toBeNull();
  });

  it('gives up after ten tries within 24 hours', async () => {
    const { webhook } = await createHook();
    await openAction();
    receiver.answerWith(() => ({ status: 500 }));
    const run = worker();
    const first = now;
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      now = new Date(now.getTime() + delay);
      expect(await run.runOnce()).toBe(1);
    }
    now = new Date(now.getTime() + 24 * 3_600_000);
    expect(await run.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(10);
    const [gaveUp] = await deliveries(webhook.id);
    expect(gaveUp).toMatchObject({ status: 'FAILED', attempts: 10, nextAttemptAt: null });
    const span = new Date(gaveUp!.lastAttemptAt!).getTime() - first.getTime();
    expect(span).toBeGreaterThan(23 * 3_600_000);
    expect(span).toBeLessThan(24 * 3_600_000);
  });

  it('switches off a hook failing for 3 days, tells the office, and stops queueing for it', async () => {
    const { webhook } = await createHook();
    // Signatures are not checked here: three days ahead, their timestamps are outside a receiver's tolerance.
    const healthy = await createHook(['action.opened'], `${url}/sano`);
    receiver.answerWith((got) => (got.path.endsWith('/sano') ? { status: 200 } : { status: 500, body: 'caído' }));
    await openAction();
    const run = worker();
    await run.runOnce();
    const started = now;
    now = new Date(started.getTime() + DISABLE_AFTER_MS - 60_000);
    await openAction('Otra');
    await run.runOnce();
    expect((await api('GET', '/api/webhooks')).json<Webhook[]>().find((hook) => hook.id === webhook.id)).toMatchObject({
      enabled: true,
      failingSince: started.toISOString(),
    });
    now = new Date(started.getTime() + DISABLE_AFTER_MS);
    await openAction('Una más');
    await run.runOnce();
    const hooks = (await api('GET', '/api/webhooks')).json<Webhook[]>();
    expect(hooks.find((hook) => hook.id === webhook.id)).toMatchObject({
      enabled: false,
      disabledForFailuresAt: now.toISOString(),
    });
    expect(hooks.find((hook) => hook.id === healthy.webhook.id)).toMatchObject({ enabled: true, failingSince: null });
    const told = await t.database.db
      .select({ payload: notificationEvents.payload })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'webhook-disabled'));
    expect(told).toEqual([{ payload: { webhookId: webhook.id, url, failingSince: started.toISOString() } }]);

    const before = (await deliveries(webhook.id)).length;
    await openAction('Mientras está apagado');
    expect(await deliveries(webhook.id)).toHaveLength(before);
    expect(await run.runOnce()).toBe(1);

    const enabled = await api('PATCH', `/api/webhooks/${webhook.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, failingSince: null, disabledForFailuresAt: null });
  });

  it('delivers each event exactly once with several processes sending at the same time', async () => {
    const { webhook } = await createHook();
    for (let index = 0; index < 12; index++) await openAction(`Acción ${index}`);
    const second = process.env.DATABASE_URL ? await connectToMainDatabase() : undefined;
    try {
      await Promise.all([worker().runOnce(), worker(second?.db).runOnce(), worker().runOnce()]);
    } finally {
      await second?.close();
    }
    const ids = receiver.received.map((got) => got.headers['webhook-id']);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect((await deliveries(webhook.id)).every((delivery) => delivery.attempts === 1)).toBe(true);
  });

  it('forgets deliveries done with after 30 days, at most once an hour, and keeps pending ones', async () => {
    const { webhook } = await createHook();
    await openAction('Entregada');
    const run = worker();
    await run.runOnce();
    receiver.answerWith(() => ({ status: 500 }));
    await openAction('Pendiente');
    await run.runOnce();
    expect((await deliveries(webhook.id)).map((delivery) => delivery.status)).toEqual(['PENDING', 'DELIVERED']);
    now = new Date(now.getTime() + KEEP_DELIVERIES_MS - 60_000);
    expect(await run.prune()).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    // Within the hour of the last look: not looked at again.
    expect(await run.prune()).toBe(0);
    now = new Date(now.getTime() + 3_600_000);
    expect(await run.prune()).toBe(1);
    expect((await deliveries(webhook.id)).map((delivery) => delivery.status)).toEqual(['PENDING']);
  });

  it('cuts a receiver that does not answer in time, logging why', async () => {
    receiver.answerWith(() => 'hang');
    const answer = await webhookSender({ allowPrivate: true, timeoutMs: 200 })({
      url,
      secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
      messageId: 'msg_1',
      sentAt: now,
      body: '{}',
    });
    expect(answer).toEqual({ ok: false, statusCode: null, response: null, error: 'Sin respuesta en 0 s.' });
  });
});

describe('POST /api/webhooks/{id}/test', () => {
  it('sends a webhook.test event now and answers the receiver’s answer, logged, not counted as a failure', async () => {
    const { webhook, secret } = await createHook();
    const tested = await api('POST', `/api/webhooks/${webhook.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({
      eventType: 'webhook.test',
      status: 'DELIVERED',
      isTest: true,
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: 'ok',
    });
    expect(verified(secret, receiver.received[0]!)).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: webhook.id },
    });

    receiver.answerWith(() => ({ status: 404, body: 'No existe' }));
    const failed = await api('POST', `/api/webhooks/${webhook.id}/test`);
    expect(failed.json()).toMatchObject({ status: 'FAILED', lastStatusCode: 404, lastResponse: 'No existe' });
    expect((await deliveries(webhook.id)).map((delivery) => delivery.status)).toEqual(['FAILED', 'DELIVERED']);
    expect((await api('GET', '/api/webhooks')).json<Webhook[]>()[0]!.failingSince).toBeNull();
    expect(await worker().runOnce()).toBe(0);
    expect((await api('POST', '/api/webhooks/999/test')).statusCode).toBe(404);
  });

  it('changes and deletes a hook, refusing an unknown one with 404', async () => {
    const { webhook } = await createHook();
    const changed = await api('PATCH', `/api/webhooks/${webhook.id}`, {
      events: ['order.closed', 'action.closed'],
      enabled: false,
      description: null,
    });
    expect(changed.json()).toMatchObject({
      events: ['order.closed', 'action.closed'],
      enabled: false,
      description: null,
    });
    // Nothing given changes nothing: the hook as it is, not a 500.
    const unchanged = await api('PATCH', `/api/webhooks/${webhook.id}`, {});
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toEqual(changed.json());
    await openAction();
    expect(await deliveries(webhook.id)).toEqual([]);
    expect((await api('DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/api/webhooks')).json()).toEqual([]);
    expect((await api('PATCH', `/api/webhooks/${webhook.id}`, { enabled: true })).statusCode).toBe(404);
    expect((await api('PATCH', `/api/webhooks/${webhook.id}`, {})).statusCode).toBe(404);
    expect((await api('GET', `/api/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
    const left = await t.database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left).toEqual([]);
  });
});
