import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreatedWebhook,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  WEBHOOK_TEST_EVENT,
  WebhookMessages,
} from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { seal, unseal } from '../../lib/sealed-secret.js';
import { addressesOf, isPrivateAddress } from './webhook-address.js';
import type { WebhookSend } from './webhook-sender.js';
import type { DeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toWebhook = (row: WebhookRow): Webhook => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  failingSince: iso(row.failingSince),
  disabledForFailuresAt: iso(row.disabledForFailuresAt),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: iso(row.deliveredAt),
});

/** `webhook-id` of a message: the same on every try of it. */
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body of a message as Standard Webhooks has it: its type, when, and what it is about. */
const messageBody = (type: string, at: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

export interface WebhooksOptions {
  /** The key the hooks' secrets are sealed under (TokenService.sealingKey). */
  sealingKey: Buffer;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: may a hook point at this machine or a private network. */
  allowPrivate: boolean;
  send: WebhookSend;
  now: () => Date;
}

/**
 * Outbound webhooks: an administrator's subscriptions of a URL to events, their secrets (shown once), their
 * deliveries' log and «Probar». Deliveries are queued by triggers and sent by the worker (webhook-worker.ts).
 */
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly options: WebhooksOptions,
  ) {}

  /** The secret (`whsec_…`) of a sealed one; a secret sealed under another JWT_SECRET cannot be read. */
  readonly secretOf = (sealed: Buffer): string => {
    const secret = unseal(this.options.sealingKey, sealed);
    if (!secret) throw new Error('webhook secret sealed under another key');
    return secret.toString('utf8');
  };

  async create(user: AuthUser, body: CreateWebhookBody): Promise<CreatedWebhook> {
    await this.checkAddress(body.url);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const id = await this.repository.insert({
      url: body.url,
      description: body.description ?? null,
      events: body.events,
      secretSealed: seal(this.options.sealingKey, Buffer.from(secret)),
      createdById: user.id,
    });
    return { webhook: await this.get(id), secret };
  }

  async list(): Promise<Webhook[]> {
    return (await this.repository.list()).map(toWebhook);
  }

  async update(id: number, body: UpdateWebhookBody): Promise<Webhook> {
    if (body.url !== undefined) await this.checkAddress(body.url);
    const { description, ...rest } = body;
    const changes = { ...rest, ...(description !== undefined ? { description } : {}) };
    // Nothing given changes nothing (an empty SET is no statement): the hook as it is, or 404.
    if (Object.keys(changes).length === 0) return this.get(id);
    const changed = await this.repository.update(id, changes);
    if (!changed) throw AppError.notFound(WebhookMessages.notFound);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repository.delete(id))) throw AppError.notFound(WebhookMessages.notFound);
  }

  async deliveries(id: number, query: WebhookDeliveriesQuery): Promise<WebhookDelivery[]> {
    await this.get(id);
    return (await this.repository.deliveries(id, query.limit ?? 50)).map(toDelivery);
  }

  /**
   * «Probar»: sends a `webhook.test` event now, whether the hook is on or not, waits for the answer (at most the
   * sender's timeout) and logs it as a delivery of its own. Tried once: a test is not retried, and its failure
   * does not count towards switching the hook off.
   */
  async test(id: number): Promise<WebhookDelivery> {
    const hook = await this.repository.secretOf(id);
    if (!hook) throw AppError.notFound(WebhookMessages.notFound);
    const messageId = newMessageId();
    const sentAt = this.options.now();
    const payload = messageBody(WEBHOOK_TEST_EVENT, sentAt, { webhookId: id });
    const answer = await this.options.send({
      url: hook.url,
      secret: this.secretOf(hook.secretSealed),
      messageId,
      sentAt,
      body: payload,
    });
    const deliveryId = await this.repository.insertTest({
      webhookId: id,
      messageId,
      eventType: WEBHOOK_TEST_EVENT,
      payload,
      attempt: { at: sentAt, ...answer },
    });
    return toDelivery((await this.repository.delivery(deliveryId))!);
  }

  private async get(id: number): Promise<Webhook> {
    const [row] = await this.repository.list(id);
    if (!row) throw AppError.notFound(WebhookMessages.notFound);
    return toWebhook(row);
  }

  /** Unless allowed, a hook may not point at this machine or a private network, by name or by address. */
  private async checkAddress(url: string): Promise<void> {
    if (this.options.allowPrivate) return;
    const addresses = await addressesOf(new URL(url).hostname);
    if (!addresses.length) throw AppError.badRequest(WebhookMessages.urlUnresolvable);
    if (addresses.some(isPrivateAddress)) throw AppError.badRequest(WebhookMessages.urlPrivate);
  }
}
