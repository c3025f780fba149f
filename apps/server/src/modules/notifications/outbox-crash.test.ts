import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/database.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { migratedDataDir } from '../../../test/migrated-data-dir.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { OutboxRepository } from './outbox.repository.js';

/**
 * The outbox through a SIGKILL: 300 emails queued, the server process sending them killed while the mail
 * server holds one of them unanswered, then restarted (two processes on PostgreSQL, sharing the queue). Every
 * email arrives, none twice. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const { DATABASE_URL } = process.env;
const kind = DATABASE_URL ? 'postgres' : 'pglite';
const TOTAL = 300;
const KILL_AT = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-outbox-crash-'));
let databaseUrl: string | undefined;
let mail: TestMailServer;
const servers: ServerProcess[] = [];

const env = () => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JWT_SECRET: 'outbox-crash-secret-0123456789-0123456789',
  ADMIN_EMAIL: 'admin@outbox.test',
  ADMIN_PASSWORD: 'admin-outbox-1',
  SMTP_URL: mail.url,
  MAIL_FROM: 'Rondín <avisos@outbox.test>',
});

/**
 * The servers' own reminders (the default site's diagnosis due, to the office) are not this test's: refused,
 * they stay out of what is counted.
 */
const isQueued = (message: { subject?: string | undefined }) => message.subject?.startsWith('Aviso ') ?? false;
const notQueued = { accept: false, message: 'no es de esta prueba', code: 550 } as const;

const openDirectly = (): Promise<DatabaseHandle> =>
  databaseUrl ? openPostgres(databaseUrl, 2) : openPglite({ dataDir });

describe(`the outbox through a SIGKILL on ${kind}`, () => {
  beforeAll(async () => {
    if (DATABASE_URL) {
      const database = testDatabaseUrl(DATABASE_URL, 'outbox_crash');
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database.name} with (force)`);
      await admin.query(`create database ${database.name}`);
      await admin.end();
      databaseUrl = database.url;
    }
    await migratedDataDir(dataDir);
    mail = await startMailServer();
    await queueMessages(0, TOTAL);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await mail?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every queued email exactly once though its sender is killed mid-batch', async () => {
    let judged = 0;
    const first = await startServerProcess(env());
    servers.push(first);
    // The sender is killed while the mail server holds a message it has not answered: that one was never
    // delivered (no 250), and must come again from the next process. The test goes on once the kill is done:
    // waiting for a count of received messages would wait for one that never comes.
    const killed = new Promise<number | null>((resolve, reject) => {
      mail.judge = async (message) => {
        if (!isQueued(message)) return notQueued;
        judged++;
        if (judged === KILL_AT) {
          const exit = first.kill('SIGKILL');
          exit.then(resolve, reject);
          await exit;
          return { accept: false, message: 'el remitente murió' };
        }
        return { accept: true };
      };
    });
    await killed;
    const beforeRestart = mail.received.length;
    expect(beforeRestart).toBeGreaterThanOrEqual(KILL_AT - 1);
    expect(beforeRestart).toBeLessThan(TOTAL);

    // On PostgreSQL, two processes share what is left; the embedded database has one process.
    const restarted = await Promise.all(Array.from({ length: DATABASE_URL ? 2 : 1 }, () => startServerProcess(env())));
    servers.push(...restarted);
    await mail.waitFor(TOTAL, 120_000);

    const database = await openDatabaseAfter(restarted);
    try {
      const subjects = mail.received.map((received) => received.subject);
      const twice = subjects.filter((subject, index) => subjects.indexOf(subject) !== index);
      expect(twice).toEqual([]);
      expect(new Set(subjects).size).toBe(TOTAL);
      // Every queued one SENT (the refused reminder waits for its retry, PENDING).
      expect(await new OutboxRepository(database.db).counts()).toMatchObject({ sent: TOTAL, failed: 0 });
      process.stdout.write(
        `outbox-crash [${kind}]: ${beforeRestart} delivered before SIGKILL, ${TOTAL} after restart, 0 twice\n`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);

  it('stops on SIGTERM while sending: the email under way is finished and recorded, the rest wait', async () => {
    for (const server of servers.splice(0)) expect([0, null]).toContain(await server.kill('SIGTERM'));
    const MORE = 100;
    await queueMessages(TOTAL, MORE);
    const server = await startServerProcess(env());
    servers.push(server);
    let judged = 0;
    let terminated: Promise<number | null> | undefined;
    mail.judge = (message) => {
      if (!isQueued(message)) return notQueued;
      judged++;
      // Answered after the signal: the sender is stopping while it waits for this 250.
      if (judged === 20) terminated = server.kill('SIGTERM');
      return { accept: true };
    };
    await mail.waitFor(TOTAL + 20);
    expect(await terminated).toBe(0);
    const beforeRestart = mail.received.length;
    expect(beforeRestart).toBeLessThan(TOTAL + MORE);
    servers.push(await startServerProcess(env()));
    await mail.waitFor(TOTAL + MORE, 120_000);
    const subjects = mail.received.map((received) => received.subject);
    expect(subjects.filter((subject, index) => subjects.indexOf(subject) !== index)).toEqual([]);
    expect(new Set(subjects).size).toBe(TOTAL + MORE);
  }, 240_000);
});

async function queueMessages(from: number, count: number): Promise<void> {
  const database = await openDirectly();
  try {
    await database.db.transaction(async (tx) => {
      for (let i = from; i < from + count; i++) {
        await recordNotificationEvent(tx, {
          kind: 'message',
          to: `persona${i}@planta.test`,
          subject: `Aviso ${i}`,
          text: `Aviso número ${i}.`,
        });
      }
    });
  } finally {
    await database.close();
  }
}

/** PGlite's data directory is the server's alone: it is stopped first. PostgreSQL is shared. */
async function openDatabaseAfter(restarted: ServerProcess[]): Promise<DatabaseHandle> {
  if (!databaseUrl) {
    for (const server of restarted) {
      await server.kill('SIGTERM');
      servers.splice(servers.indexOf(server), 1);
    }
  }
  return openDirectly();
}
