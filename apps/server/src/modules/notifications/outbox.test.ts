import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationEvents, outboxEmails } from '../../db/schema.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { connectToMainDatabase, createTestApp, type TestApp } from '../../../test/test-app.js';
import { createMailTransport } from './mail-transport.js';
import { notificationKinds } from './notification-kinds.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxRepository } from './outbox.repository.js';
import { RecipientsRepository } from './recipients.repository.js';
import { OutboxWorker, RETRY_DELAYS_MS } from './outbox-worker.js';
import type { Database } from '../../db/database.js';

/**
 * The outbox against a real SMTP server (smtp-server) started here: what it receives, the retries when it
 * refuses, two workers sharing one queue. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let mail: TestMailServer;
const log = pino({ level: 'silent' });
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  t = await createTestApp();
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
  await t.close();
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await t.reset();
  mail.received.length = 0;
  mail.judge = () => ({ accept: true });
});

function newWorker(db: Database = t.database.db, options: { mail?: boolean } = {}): OutboxWorker {
  const outbox = new OutboxRepository(db);
  const service = new NotificationsService(new NotificationsRepository(db), outbox, {
    mail: options.mail ?? true,
    kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: undefined }),
  });
  const worker = new OutboxWorker({
    db,
    outbox,
    transport: options.mail === false ? undefined : createMailTransport(mail.url),
    from: 'Rondín <avisos@rondin.test>',
    readFile: async () => undefined,
    processEvents: () => service.processEvents(),
    log,
    idleMs: 20,
  });
  workers.push(worker);
  return worker;
}

const queue = (to: string, subject: string, text = 'Texto del aviso.') =>
  recordNotificationEvent(t.database.db, { kind: 'message', to, subject, text });

const rows = () => t.database.db.select().from(outboxEmails).orderBy(outboxEmails.id);

describe('the email outbox', () => {
  it('sends a recorded event to the mail server once, as Spanish text and HTML without images, and records it', async () => {
    await queue('Lucia@Planta.test', 'Certificado emitido <Sitio «Norte»>', 'El certificado ya está disponible.');
    const worker = newWorker();
    expect(await worker.runOnce()).toBe(true);

    expect(mail.received).toHaveLength(1);
    const [received] = mail.received;
    expect(received!.to).toMatchObject({ text: 'lucia@planta.test' });
    expect(received!.from?.value).toEqual([{ name: 'Rondín', address: 'avisos@rondin.test' }]);
    expect(received!.subject).toBe('Certificado emitido <Sitio «Norte»>');
    expect(received!.text).toContain('El certificado ya está disponible.');
    expect(received!.html).toContain('El certificado ya está disponible.');
    // Escaped, and no image at all: nothing fetched from elsewhere when the email is opened.
    expect(received!.html).toContain('Certificado emitido &#60;Sitio «Norte»&#62;');
    expect(received!.html).not.toMatch(/<img|url\(/i);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(received!.messageId).toBe(`<outbox-${row!.id}@rondin>`);

    // Nothing is left to do, and nothing is sent again.
    expect(await worker.runOnce()).toBe(false);
    expect(mail.received).toHaveLength(1);
  });

  it('queues no email while SMTP is not set up, and the event is still taken', async () => {
    await queue('lucia@planta.test', 'Aviso');
    const worker = newWorker(t.database.db, { mail: false });
    expect(await worker.runOnce()).toBe(true);
    expect(await rows()).toEqual([]);
    const events = await t.database.db.select({ processedAt: notificationEvents.processedAt }).from(notificationEvents);
    expect(events).toEqual([{ processedAt: expect.any(Date) }]);
  });

  it('retries a refused email after 1 min, 5 min, 30 min, 2 h and 12 h, then gives up, recording each try', async () => {
    let refusals = 0;
    mail.judge = () => {
      refusals++;
      return { accept: false, message: 'Buzón temporalmente no disponible', code: 451 };
    };
    await queue('lucia@planta.test', 'Aviso');
    const worker = newWorker();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await worker.runOnce();
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toContain('Buzón temporalmente no disponible');
      expect(row!.sentAt).toBeNull();
      if (attempt < 6) {
        expect(row!.status).toBe('PENDING');
        delays.push(row!.nextAttemptAt.getTime() - Date.now());
        // Not due yet: the next pass sends nothing.
        await worker.runOnce();
        expect((await rows())[0]!.attempts).toBe(attempt);
        // Time passes.
        await t.database.db.update(outboxEmails).set({ nextAttemptAt: sql`now()` });
      } else {
        expect(row!.status).toBe('FAILED');
      }
    }
    expect(refusals).toBe(6);
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThan(RETRY_DELAYS_MS[index]! - 10_000);
      expect(delay).toBeLessThanOrEqual(RETRY_DELAYS_MS[index]!);
    });
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(mail.received).toEqual([]);
  });

  it('sends an email the server refused once it accepts again, and only then', async () => {
    let open = false;
    mail.judge = () => (open ? { accept: true } : { accept: false, message: 'Servidor ocupado' });
    await queue('lucia@planta.test', 'Aviso reintentado');
    const worker = newWorker();
    await worker.runOnce();
    expect((await rows())[0]).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringContaining('Servidor ocupado'),
    });
    open = true;
    await t.database.db.update(outboxEmails).set({ nextAttemptAt: sql`now()` });
    await worker.runOnce();
    expect(mail.received.map((received) => received.subject)).toEqual(['Aviso reintentado']);
    expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
  });

  it('keeps an email whose mail server cannot be reached, to send it later', async () => {
    await queue('lucia@planta.test', 'Aviso');
    const outbox = new OutboxRepository(t.database.db);
    const unreachable = new OutboxWorker({
      db: t.database.db,
      outbox,
      transport: createMailTransport('smtp://127.0.0.1:1'),
      from: 'avisos@rondin.test',
      readFile: async () => undefined,
      processEvents: () =>
        new NotificationsService(new NotificationsRepository(t.database.db), outbox, {
          mail: true,
          kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: undefined }),
        }).processEvents(),
      log,
    });
    workers.push(unreachable);
    await unreachable.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'PENDING', attempts: 1, lastError: expect.any(String) });
  });

  it('sends each email once when two workers on two connections drain one queue', async () => {
    const TOTAL = 120;
    for (let i = 0; i < TOTAL; i++) await queue(`persona${i}@planta.test`, `Aviso ${i}`);
    const second = process.env.DATABASE_URL ? await connectToMainDatabase() : undefined;
    try {
      const one = newWorker();
      const two = newWorker(second?.db ?? t.database.db);
      one.start();
      two.start();
      await mail.waitFor(TOTAL);
      await Promise.all([one.stop(), two.stop()]);
      const subjects = mail.received.map((received) => received.subject);
      expect(new Set(subjects).size).toBe(TOTAL);
      expect(subjects).toHaveLength(TOTAL);
      expect(await new OutboxRepository(t.database.db).counts()).toEqual({ pending: 0, sent: TOTAL, failed: 0 });
    } finally {
      await second?.close();
    }
  }, 60_000);
});
