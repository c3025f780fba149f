import type { FastifyBaseLogger } from 'fastify';
import { type Database, isEmbedded, type Transaction } from '../db/database.js';

/**
 * What the outbox's workers (the email outbox, the webhooks' deliveries) share: a loop that runs passes until it
 * is stopped, resting `idleMs` after a pass with nothing to do unless woken, and the way a row of the queue is
 * taken and handled exactly once.
 */
export abstract class QueueWorker {
  protected stopping = false;
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  protected constructor(private readonly loopOptions: { log: FastifyBaseLogger; idleMs: number; failure: string }) {}

  /** One pass over the queue; answers whether there was anything to do (then the next comes at once). */
  protected abstract pass(): Promise<boolean>;

  start(): void {
    this.running ??= this.loop();
  }

  /** Asks for an early look (something was just queued in this process). */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops taking rows and waits for the one being handled. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let busy = false;
      try {
        busy = await this.pass();
      } catch (error) {
        this.loopOptions.log.error({ err: error }, this.loopOptions.failure);
      }
      if (!busy && !this.stopping) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.loopOptions.idleMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}

/**
 * Takes the next row of one queue and handles it, exactly once across workers and processes. On PostgreSQL, in
 * a transaction that locks the row (`FOR UPDATE SKIP LOCKED` in `take`) until its outcome is recorded: another
 * process never takes it, and one that dies mid-send leaves it to be taken again. On the embedded database (one
 * process, one connection) no transaction is held while sending: the queue's workers of the process take turns
 * instead, one chain of turns a queue, so a slow queue never holds another's.
 */
export class QueueTurns {
  private readonly turns = new WeakMap<Database, Promise<unknown>>();

  /**
   * `take` claims a row (undefined when none is due); `handle` sends it and records the outcome, given where to
   * record it: `inTransaction` runs the recording in the claim's transaction, or in one of its own when embedded.
   * Answers whether there was a row.
   */
  next<Row>(
    db: Database,
    take: (executor: Database | Transaction) => Promise<Row | undefined>,
    handle: (
      row: Row,
      executor: Database | Transaction,
      inTransaction: <T>(record: (tx: Transaction) => Promise<T>) => Promise<T>,
    ) => Promise<void>,
  ): Promise<boolean> {
    if (isEmbedded(db)) {
      const turn = (this.turns.get(db) ?? Promise.resolve()).then(async () => {
        const row = await take(db);
        if (row !== undefined) await handle(row, db, (record) => db.transaction(record));
        return row !== undefined;
      });
      this.turns.set(
        db,
        turn.catch(() => undefined),
      );
      return turn;
    }
    return db.transaction(async (tx) => {
      const row = await take(tx);
      if (row !== undefined) await handle(row, tx, (record) => record(tx));
      return row !== undefined;
    });
  }
}
