import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/database.js';
import { QueueTurns, QueueWorker } from '../../lib/queue-worker.js';
import type { WebhookSend } from './webhook-sender.js';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * After the 1st, 2nd… failed try, the next comes this much later: exponential, then capped, ten tries over
 * about 24 h (the last about 23 h 40 min after the first). After the tenth failure the delivery is FAILED.
 */
export const RETRY_DELAYS_MS = [
  10 * SECOND,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  8 * HOUR,
] as const;

/** A hook whose every try has failed for this long is switched off, and the office told. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/** The log keeps deliveries done with for this long; pending ones stay whatever their age. */
export const KEEP_DELIVERIES_MS = 30 * 24 * HOUR;

/** Deliveries sent in a row before the worker rests. */
const BATCH = 50;

export interface WebhookWorkerOptions {
  db: Database;
  repository: WebhooksRepository;
  send: WebhookSend;
  /** The hook's secret (`whsec_…`) from its sealed form. */
  secretOf(sealed: Buffer): string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How long it waits, with nothing due, before looking again. */
  idleMs?: number;
}

/** The webhooks' own turns on the embedded database (lib/queue-worker.ts): a slow receiver never holds an email. */
const webhookTurns = new QueueTurns();

/**
 * Sends the webhooks' deliveries after the commit that queued them. Each is sent inside the transaction that
 * locked its row (`FOR UPDATE SKIP LOCKED`) and its outcome recorded before that commits, so no other process
 * takes it meanwhile, and a process that dies mid-send leaves it to be sent again. The one case that sends twice
 * is a crash between the receiver's 2xx and the commit: the copy carries the same `webhook-id`, by which a
 * receiver recognises it (Standard Webhooks asks receivers to).
 */
export class WebhookWorker extends QueueWorker {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WebhookWorkerOptions) {
    super({ log: options.log, idleMs: options.idleMs ?? 1_000, failure: 'webhook worker pass failed' });
  }

  /**
   * Forgets the deliveries done with for 30 days (a hook subscribed to findings gets one a device a visit): at
   * most once an hour per process. Answers how many went.
   */
  async prune(): Promise<number> {
    const now = this.options.now();
    if (now.getTime() - this.lastPrune < HOUR) return 0;
    this.lastPrune = now.getTime();
    return this.options.repository.prune(new Date(now.getTime() - KEEP_DELIVERIES_MS));
  }

  /** Sends up to a batch of due deliveries; answers how many it tried. */
  async runOnce(): Promise<number> {
    let tried = 0;
    while (tried < BATCH && !this.stopping && (await this.sendNext())) tried++;
    return tried;
  }

  protected async pass(): Promise<boolean> {
    await this.prune();
    return (await this.runOnce()) > 0;
  }

  /** Sends the next due delivery, if any; answers whether there was one. */
  private sendNext(): Promise<boolean> {
    const { db, repository, now } = this.options;
    return webhookTurns.next(
      db,
      (executor) => repository.claimNext(executor, now()),
      (delivery, _executor, inTransaction) => this.deliver(delivery, inTransaction),
    );
  }

  private async deliver(
    delivery: ClaimedDelivery,
    inTransaction: <T>(record: (tx: Transaction) => Promise<T>) => Promise<T>,
  ): Promise<void> {
    const { send, secretOf, now, repository, log } = this.options;
    const answer = await send({
      url: delivery.url,
      secret: secretOf(delivery.secretSealed),
      messageId: delivery.messageId,
      sentAt: now(),
      body: delivery.payload,
    });
    const at = now();
    const delay = RETRY_DELAYS_MS[delivery.attempts];
    const retryAt = answer.ok || delay === undefined ? null : new Date(at.getTime() + delay);
    if (!answer.ok) {
      log.warn({ deliveryId: delivery.id, attempt: delivery.attempts + 1, err: answer.error }, 'webhook not delivered');
    }
    const switchedOff = await inTransaction((tx) =>
      repository.recordAttempt(tx, delivery, { at, ...answer, retryAt }, DISABLE_AFTER_MS),
    );
    if (switchedOff) log.warn({ webhookId: delivery.webhookId }, 'webhook switched off after 3 days of failures');
  }
}
