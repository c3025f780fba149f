import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { fileObjectDeletions, files } from '../db/schema.js';
import type { S3Backend } from './s3-backend.js';

const BATCH = 1000;
/** How often each server process empties the queue (a photo deleted with its order is queued by the database). */
const DRAIN_EVERY_MS = 15_000;
/** After a file is removed, the queue is emptied this soon: the transaction has committed by then, or the next round takes it. */
const SOON_MS = 1000;
/**
 * How often each process looks for orphans, and how old an object must be to be one. The first look comes
 * within an hour of starting (at a random moment, so processes started together do not list the bucket at once):
 * a process restarted every day still sweeps.
 */
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
const FIRST_SWEEP_WITHIN_MS = 60 * 60 * 1000;
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

interface Logger {
  error(object: object, message: string): void;
}

/**
 * Deletes the S3 objects of files that are gone, only ever after the transaction that let them go has
 * committed: the trigger files_object_delete queues each key in file_object_deletions in that transaction, so a
 * rolled-back one queues nothing, and a queued key survives a crash until some process deletes it. Every process
 * drains the queue; two deleting the same object is harmless (deleting a missing object succeeds).
 *
 * An object can also be left behind with no file: written while a transaction that then rolled back was open (a
 * plan refused for its name after its image was stored), or by a files:migrate stopped half way. The orphan
 * sweep deletes objects older than an hour that no file names.
 */
export class ObjectDeletions {
  private timers: NodeJS.Timeout[] = [];
  private soonTimer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly backend: S3Backend,
    private readonly log?: Logger,
  ) {}

  /** Deletes every queued object, and answers how many. */
  async drain(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const queued = await this.db
        .select({ id: fileObjectDeletions.id, key: fileObjectDeletions.storageKey })
        .from(fileObjectDeletions)
        .orderBy(fileObjectDeletions.id)
        .limit(BATCH);
      if (!queued.length) return deleted;
      // Keys are never reused, but an object a file still names is never deleted, whatever the queue says.
      const named = await this.named(queued.map(({ key }) => key));
      await this.backend.delete([...new Set(queued.map(({ key }) => key).filter((key) => !named.has(key)))]);
      await this.db.delete(fileObjectDeletions).where(
        inArray(
          fileObjectDeletions.id,
          queued.map(({ id }) => id),
        ),
      );
      deleted += queued.length;
      if (queued.length < BATCH) return deleted;
    }
  }

  /** Deletes Rondín's objects older than `olderThanMs` that no file names, and answers how many. */
  async sweepOrphans(olderThanMs = ORPHAN_AFTER_MS): Promise<number> {
    const before = Date.now() - olderThanMs;
    let deleted = 0;
    for await (const page of this.backend.list()) {
      const old = page.filter((object) => object.lastModified.getTime() <= before).map(({ key }) => key);
      if (!old.length) continue;
      const named = await this.named(old);
      const orphans = old.filter((key) => !named.has(key));
      await this.backend.delete(orphans);
      deleted += orphans.length;
    }
    return deleted;
  }

  /** Drains the queue now and then, and sweeps orphans once a day, until `stop`. */
  start(): void {
    const sweep = () => this.run(() => this.sweepOrphans());
    this.timers.push(
      setInterval(() => this.run(() => this.drain()), DRAIN_EVERY_MS).unref(),
      setTimeout(() => {
        sweep();
        this.timers.push(setInterval(sweep, SWEEP_EVERY_MS).unref());
      }, Math.random() * FIRST_SWEEP_WITHIN_MS).unref(),
    );
    this.run(() => this.drain());
  }

  /** A file was removed: drain once its transaction has (most likely) committed. */
  soon(): void {
    if (this.timers.length === 0 || this.soonTimer) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.run(() => this.drain());
    }, SOON_MS).unref();
  }

  async stop(): Promise<void> {
    // clearTimeout and clearInterval clear either kind.
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    await this.running;
  }

  /** One job at a time; a failure (the store unreachable) is logged and tried again at the next round. */
  private run(job: () => Promise<number>): void {
    this.running = this.running.then(job).catch((error: unknown) => {
      this.log?.error({ err: error }, 'S3 object deletion failed; retrying later');
    });
  }

  private async named(keys: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys));
    return new Set(rows.map(({ key }) => key ?? ''));
  }
}
