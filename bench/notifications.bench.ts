/**
 * 1,000 queued emails delivered to an SMTP server (smtp-server, as in the tests) by two production server
 * processes sharing one PostgreSQL database: the time from the queue's commit to the last message received,
 * messages a second, and how many arrived twice (target: all in < 60 s, none twice).
 */
import os from 'node:os';
import { startMailServer } from '../apps/server/test/smtp.js';
import { freshDatabase } from './lib/database.js';
import { startRondin } from './lib/server.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1_000);
const PROCESSES = 2;

export async function notificationsBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_notifications');
  const mail = await startMailServer();
  const env = {
    ...database.env,
    SMTP_URL: mail.url,
    MAIL_FROM: 'Rondín <avisos@bench.test>',
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'admin-bench-1',
    LOG_LEVEL: 'warn',
  };
  const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startRondin(env)));
  try {
    const [load1] = os.loadavg();
    const started = performance.now();
    await database.sql(`insert into notification_events (kind, payload)
      select 'message', jsonb_build_object('to', 'persona' || i || '@planta.test', 'subject', 'Aviso ' || i,
        'text', 'Aviso número ' || i || ' de la prueba de carga.')
      from generate_series(1, ${EMAILS}) as i`);
    const queued = () => mail.received.filter((received) => received.subject?.startsWith('Aviso ')).length;
    while (queued() < EMAILS) await mail.waitFor(mail.received.length + 1, 300_000);
    const seconds = (performance.now() - started) / 1000;
    // Anything sent twice would arrive shortly after the last one: wait a little for it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // The servers' own reminders (the default site's diagnosis due) go to the office too: only the queue counts.
    const subjects = mail.received
      .map((received) => received.subject ?? '')
      .filter((subject) => subject.startsWith('Aviso '));
    const twice = subjects.length - new Set(subjects).size;
    const [row] = await database.sql<{ sent: number; pending: number }>(
      `select count(*) filter (where status = 'SENT')::int as sent, count(*) filter (where status <> 'SENT')::int as pending from outbox_emails
        where event_id in (select id from notification_events where kind = 'message')`,
    );
    return [
      `${EMAILS.toLocaleString('en')} emails queued in one transaction, sent by ${PROCESSES} server processes on one PostgreSQL database to an smtp-server on the same machine (load average ${load1!.toFixed(1)} when the queue committed).`,
      '',
      '| Emails | Processes | Queue commit → last received | Emails/s | Received twice | Outbox SENT / not sent | Target |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| ${EMAILS.toLocaleString('en')} | ${PROCESSES} | ${seconds.toFixed(1)} s | ${Math.round(EMAILS / seconds)} | ${twice} | ${row!.sent} / ${row!.pending} | < 60 s, none twice |`,
    ].join('\n');
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await mail.close();
    await database.dispose();
  }
}
