import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { QueueTurns, QueueWorker } from '../../lib/queue-worker.js';
import type { MailTransport } from './mail-transport.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';

/** After the 1st, 2nd… failed try, the next comes this much later; after the last, the email is FAILED. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

/** Emails sent in a row before the worker looks for new events again. */
const BATCH = 50;

export interface OutboxWorkerOptions {
  db: Database;
  outbox: OutboxRepository;
  /** Undefined while SMTP_URL is unset: events still become in-app notifications, no email is sent. */
  transport: MailTransport | undefined;
  from: string;
  /** A stored file's bytes (an attachment), or undefined when it is gone. */
  readFile(id: number): Promise<Readable | undefined>;
  /** Turns recorded events into emails and in-app notifications; answers how many it took. */
  processEvents(): Promise<number>;
  log: FastifyBaseLogger;
  /** How long it waits, with nothing to do, before looking again. */
  idleMs?: number;
}

/** The email outbox's own turns on the embedded database (lib/queue-worker.ts). */
const outboxTurns = new QueueTurns();

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Sends the outbox. Each email is sent inside the transaction that locked its row (`FOR UPDATE SKIP LOCKED`)
 * and marked sent before that commits, so another process never takes it, and a process that dies mid-send
 * leaves it locked by nobody, to be sent again. What "exactly once" cannot cover is the instant between the
 * mail server's 250 and the commit: a crash there sends it twice, with the same Message-ID (README).
 * On the embedded database there is one process and one connection: no transaction is held while sending, and
 * the process's workers take turns.
 */
export class OutboxWorker extends QueueWorker {
  constructor(private readonly options: OutboxWorkerOptions) {
    super({ log: options.log, idleMs: options.idleMs ?? 2_000, failure: 'notification worker pass failed' });
  }

  /** Stops taking emails, waits for the one being sent, and closes the mail connections. */
  override async stop(): Promise<void> {
    await super.stop();
    this.options.transport?.close();
  }

  /** One pass: events, then up to a batch of due emails; answers whether there was anything to do. */
  async runOnce(): Promise<boolean> {
    const events = await this.options.processEvents();
    let sent = 0;
    if (this.options.transport) {
      while (sent < BATCH && !this.stopping && (await this.sendNext())) sent++;
    }
    return events > 0 || sent > 0;
  }

  protected pass(): Promise<boolean> {
    return this.runOnce();
  }

  /** Sends the next due email, if any; answers whether there was one. */
  private sendNext(): Promise<boolean> {
    const { db, outbox } = this.options;
    return outboxTurns.next(
      db,
      (executor) => outbox.claimNext(executor),
      (row, executor) => this.deliver(executor, row),
    );
  }

  private async deliver(tx: Parameters<OutboxRepository['markSent']>[0], row: OutboxRow): Promise<void> {
    const { transport, outbox, from, readFile } = this.options;
    try {
      const attachments = await Promise.all(
        row.attachments.map(async (attachment) => {
          const content = await readFile(attachment.fileId);
          if (!content) throw new Error(`attachment ${attachment.fileId} is gone`);
          return {
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: await bytesOf(content),
          };
        }),
      );
      await transport!.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
        // The same on every try: a copy sent twice (a crash right after the server took it) is recognisable.
        messageId: `<outbox-${row.id}@rondin>`,
      });
      await outbox.markSent(tx, row.id);
    } catch (error) {
      const retryIn = RETRY_DELAYS_MS[row.attempts] ?? null;
      const message = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ emailId: row.id, attempt: row.attempts + 1, err: message }, 'email not sent');
      await outbox.markFailed(tx, row.id, message, retryIn);
    }
  }
}
