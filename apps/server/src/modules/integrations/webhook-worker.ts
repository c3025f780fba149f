import type { FastifyBaseLogger } from 'fastify';
import { type Database, isEmbedded, type Transaction } from '../../db/database.js';
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

/**
 * On the embedded database every worker of the process takes its turn: without a transaction held, nothing
 * else would keep two of them (tests) from taking the same row.
 */
const embeddedTurns = new WeakMap<Database, Promise<unknown>>();

/**
 * Sends the webhooks' deliveries after the commit that queued them. Each is sent inside the transaction that
 * locked its row (`FOR UPDATE SKIP LOCKED`) and its outcome recorded before that commits, so no other process
 * takes it meanwhile, and a process that dies mid-send leaves it to be sent again. The one case that sends twice
 * is a crash between the receiver's 2xx and the commit: the copy carries the same `webhook-id`, by which a
 * receiver recognises it (Standard Webhooks asks receivers to).
 */
export class WebhookWorker {
  private stopping = false;
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WebhookWorkerOptions) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Stops taking deliveries and waits for the one being sent (bounded by the sender's timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
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

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let tried = 0;
      try {
        await this.prune();
        tried = await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, 'webhook worker pass failed');
      }
      if (!tried && !this.stopping) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.idleMs ?? 1_000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** Sends the next due delivery, if any; answers whether there was one. */
  private async sendNext(): Promise<boolean> {
    const { db, repository, now } = this.options;
    if (isEmbedded(db)) {
      const turn = (embeddedTurns.get(db) ?? Promise.resolve()).then(async () => {
        const delivery = await repository.claimNext(db, now());
        if (delivery) await this.deliver(delivery, (record) => db.transaction(record));
        return delivery !== undefined;
      });
      embeddedTurns.set(
        db,
        turn.catch(() => undefined),
      );
      return turn;
    }
    return db.transaction(async (tx) => {
      const delivery = await repository.claimNext(tx, now());
      if (delivery) await this.deliver(delivery, (record) => record(tx));
      return delivery !== undefined;
    });
  }

  private async deliver(
    delivery: ClaimedDelivery,
    inTransaction: (record: (tx: Transaction) => Promise<boolean>) => Promise<boolean>,
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
