import type { CertificateSummary, NotificationsPage } from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contacts, correctiveActions, notificationEvents, sessions, sites, technicians } from '../../db/schema.js';
import { createFileStorage } from '../../files/create-storage.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { notificationKinds } from './notification-kinds.js';
import { recordPeriodicEvents } from './notification-scheduler.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxWorker } from './outbox-worker.js';
import { RecipientsRepository } from './recipients.repository.js';

/**
 * What each event tells whom, read at the test's own SMTP server and in the bell's API: a certificate to the
 * site's contacts with its PDF, an action a threshold or a sighting opened to the office and the contacts, the
 * periodic reminders once however often the scheduler runs. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let mail: TestMailServer;
let worker: OutboxWorker;
let admin: TestUser;
let tech: TestUser;
let clientId: number;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'avisos@rondin.test', PUBLIC_URL: 'https://rondin.test' });
  const db = t.database.db;
  const outbox = new OutboxRepository(db);
  const storage = createFileStorage(t.config, db);
  const service = new NotificationsService(new NotificationsRepository(db), outbox, {
    mail: true,
    kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: 'https://rondin.test' }),
  });
  const { createMailTransport } = await import('./mail-transport.js');
  worker = new OutboxWorker({
    db,
    outbox,
    transport: createMailTransport(mail.url),
    from: 'avisos@rondin.test',
    readFile: async (id) => (await storage.files.open(id))?.content,
    processEvents: () => service.processEvents(),
    log,
  });
});
afterAll(async () => {
  await worker.stop();
  await mail.close();
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  mail.received.length = 0;
  admin = await createAdmin(t, { email: 'oficina@rondin.test' });
  tech = await createUser(t);
  const [site] = await t.database.db
    .select({ clientId: sites.clientId })
    .from(sites)
    .where(eq(sites.id, DEFAULT_SITE_ID));
  clientId = site!.clientId;
});

/** Everything recorded so far, told and sent. */
async function drain(): Promise<void> {
  while (await worker.runOnce()) {}
}

async function addContact(values: Partial<typeof contacts.$inferInsert> & { email: string }) {
  await t.database.db.insert(contacts).values({ clientId, name: 'Contacto', role: 'Calidad', ...values });
}

const recipientsOf = (subject: RegExp) =>
  mail.received
    .filter((received) => subject.test(received.subject ?? ''))
    .map((received) => [received.to].flat()[0]?.text)
    .sort();

const bell = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })).json<NotificationsPage>();

describe('what each event tells', () => {
  it("emails a certificate, its PDF attached, to the site's contacts who asked for certificates, once", {
    timeout: 90_000,
  }, async () => {
    await addContact({ email: 'calidad@planta.test', notifyCertificates: true });
    await addContact({ email: 'Gerencia@Planta.test', notifyCertificates: true, siteIds: [DEFAULT_SITE_ID] });
    await addContact({ email: 'compras@planta.test', notifyCertificates: false, notifyActions: true });
    await addContact({ email: 'otra-planta@planta.test', notifyCertificates: true, siteIds: [999] });
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const certificate = (
      await t.app.inject({ method: 'GET', url: `/api/sessions/${order.id}/certificate`, headers: admin.headers })
    ).json<CertificateSummary>();
    await drain();

    expect(recipientsOf(/Certificado de servicio/)).toEqual(['calidad@planta.test', 'gerencia@planta.test']);
    const received = mail.received.find((each) => each.subject?.includes(certificate.folio))!;
    expect(received.subject).toBe(`Certificado de servicio ${certificate.folio} · Sitio principal`);
    expect(received.text).toContain('Se emitió el certificado del servicio realizado en Sitio principal');
    expect(received.attachments).toHaveLength(1);
    const [pdf] = received.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`certificado-${certificate.folio}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The bytes issued, not a copy drawn again.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${order.id}/certificate.pdf`,
      headers: admin.headers,
    });
    if (stored.statusCode === 200) expect(pdf!.content.equals(stored.rawPayload)).toBe(true);

    // Reading it again issues nothing new.
    await t.app.inject({ method: 'GET', url: `/api/sessions/${order.id}/certificate`, headers: admin.headers });
    await drain();
    expect(recipientsOf(/Certificado de servicio/)).toHaveLength(2);
  });

  it('tells the office and the contacts for actions of an action opened by a threshold, not one opened by hand', async () => {
    await addContact({ email: 'calidad@planta.test', notifyActions: true });
    await addContact({ email: 'certificados@planta.test', notifyCertificates: true });
    const action = (values: Partial<typeof correctiveActions.$inferInsert>) =>
      t.database.db.insert(correctiveActions).values({
        siteId: DEFAULT_SITE_ID,
        origin: 'UMBRAL',
        detectedAt: new Date(),
        severity: 'ALTA',
        description: 'Capturas sobre el umbral de acción en Bodega',
        area: 'Bodega',
        responsible: 'EMPRESA',
        dueDate: '2026-12-05',
        ...values,
      });
    await action({});
    await action({ origin: 'MANUAL', description: 'Sellar puerta', trapId: null });
    await drain();

    expect(recipientsOf(/Acción correctiva abierta/)).toEqual(['calidad@planta.test', 'oficina@rondin.test']);
    const received = mail.received.find((each) => each.to && [each.to].flat()[0]?.text === 'oficina@rondin.test')!;
    expect(received.subject).toBe('Acción correctiva abierta en Sitio principal, Bodega');
    expect(received.text).toContain('Severidad alta; plazo hasta el 05-12-2026.');
    expect(received.html).toContain('https://rondin.test/admin/actions/');
    expect(mail.received.some((each) => /Sellar puerta/.test(each.text ?? ''))).toBe(false);

    const page = await bell(admin);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'action-opened',
      link: expect.stringMatching(/^\/admin\/actions\/\d+$/),
    });
    // A technician is not the office.
    expect((await bell(tech)).unread).toBe(0);
  });

  it('tells a sighting as one, to the office and the contacts, with who reported it', async () => {
    await addContact({ email: 'calidad@planta.test', notifyActions: true });
    await t.database.db.insert(correctiveActions).values({
      siteId: DEFAULT_SITE_ID,
      origin: 'AVISTAMIENTO',
      detectedAt: new Date(),
      severity: 'MEDIA',
      description: 'Un ratón junto al andén',
      area: 'Andén',
      responsible: 'EMPRESA',
      dueDate: '2026-12-01',
    });
    await drain();
    expect(recipientsOf(/Avistamiento en Sitio principal, Andén/)).toEqual([
      'calidad@planta.test',
      'oficina@rondin.test',
    ]);
    expect((await bell(admin)).items[0]!.title).toBe('Avistamiento en Sitio principal, Andén');
  });

  it('records each periodic reminder once however many times, and at once, the scheduler runs', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(technicians).set({ licenceExpiresAt: soon }).where(eq(technicians.id, tech.id));
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id], '2026-01-05T09:00:00Z');
    await t.database.db
      .update(sessions)
      .set({ scheduledAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.id, order.id));
    const [recommendation] = await t.database.db
      .insert(correctiveActions)
      .values({
        siteId: DEFAULT_SITE_ID,
        origin: 'RECOMENDACION',
        detectedAt: new Date(),
        severity: 'MEDIA',
        description: 'Reparar la malla de la ventana de bodega',
        responsible: 'CLIENTE',
        dueDate: '2026-12-20',
        createdAt: sql`now() - interval '8 days'`,
      })
      .returning({ id: correctiveActions.id });
    await t.database.db.insert(technicians).values({
      email: 'qa@planta.test',
      fullName: 'Lucía Ferrer',
      role: 'CLIENTE',
      clientId,
      passwordHash: 'x',
    });
    await addContact({ email: 'calidad@planta.test', notifyActions: true });

    const sources = {
      db: t.database.db,
      recipients: new RecipientsRepository(),
      reminders: async () => ({
        today: new Date().toISOString().slice(0, 10),
        licences: [
          { technicianId: tech.id, fullName: tech.fullName, licenceNumber: null, expiresOn: soon, daysLeft: 10 },
        ],
        products: [],
        overdueOrders: 1,
        overdueActions: 0,
        visitsThisWeek: 0,
      }),
      assessmentsDue: async () => ({
        asOf: '2026-11-29',
        items: [
          {
            site: { id: DEFAULT_SITE_ID, name: 'Sitio principal' },
            kind: 'DIAGNOSTICO' as const,
            state: 'DUE' as const,
            dueDate: '2026-12-10',
            periodFrom: null,
            periodTo: null,
            draftId: null,
          },
        ],
      }),
    };
    const counts = await Promise.all([recordPeriodicEvents(sources), recordPeriodicEvents(sources)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(4);
    expect(await recordPeriodicEvents(sources)).toBe(0);
    await drain();

    const titles = (await bell(admin)).items.map((item) => item.title).sort();
    expect(titles).toEqual(
      [
        'Evaluación pendiente: diagnóstico de Sitio principal',
        'Resumen del día: 1 orden atrasada',
        `El carné de ${tech.fullName} vence el ${soon.split('-').reverse().join('-')}`,
      ].sort(),
    );
    const digest = mail.received.find((each) => each.subject === 'Resumen del día: 1 orden atrasada')!;
    expect(digest.text).toContain(`Sitio principal: orden ${order.id}, programada el`);
    // The client's contacts for actions and its portal accounts, by email; the portal's also under its bell.
    expect(recipientsOf(/Recomendación pendiente/)).toEqual(['calidad@planta.test', 'qa@planta.test']);
    const reminded = await t.database.db
      .select({ key: notificationEvents.dedupKey })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'recommendation-waiting'));
    expect(reminded).toEqual([{ key: `recommendation-waiting:${recommendation!.id}` }]);
  });

  it('emails a portal invitation to the invited person with its single-use link, and only when issued', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/portal-accounts`,
      headers: admin.headers,
      payload: { email: 'QA@planta.test', fullName: 'Lucía Ferrer' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { invitationUrl } = response.json<{ invitationUrl: string }>();
    // Refused (the same address again): nothing is recorded.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/portal-accounts`,
      headers: admin.headers,
      payload: { email: 'qa@planta.test', fullName: 'Otra persona' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    await drain();
    expect(mail.received).toHaveLength(1);
    const [invitation] = mail.received;
    expect([invitation!.to].flat()[0]?.text).toBe('qa@planta.test');
    expect(invitation!.subject).toMatch(/^Invitación al portal de .+ en Rondín$/);
    expect(invitation!.text).toContain('Hola, Lucía Ferrer');
    expect(invitation!.text).toContain('El enlace sirve una sola vez, hasta el');
    expect(invitation!.html).toContain(`href="${invitationUrl}"`);
  });

  it('tells the office a webhook switched off after 3 days of failures, by email and in the bell', async () => {
    await t.database.db.transaction((tx) =>
      recordNotificationEvent(tx, {
        kind: 'webhook-disabled',
        webhookId: 1,
        url: 'https://erp.ejemplo.cl/rondin',
        failingSince: '2026-11-26T10:00:00.000Z',
      }),
    );
    await drain();
    expect(recipientsOf(/webhook/)).toEqual(['oficina@rondin.test']);
    const [email] = mail.received;
    expect(email!.subject).toBe('Un webhook se desactivó por fallar durante 3 días');
    expect(email!.text).toContain('https://erp.ejemplo.cl/rondin falló en todos sus intentos desde el 26-11-2026');
    expect(email!.html).toContain('href="https://rondin.test/admin/settings/integrations"');
    expect((await bell(admin)).items).toMatchObject([
      { kind: 'webhook-disabled', title: email!.subject, link: '/admin/settings/integrations' },
    ]);
    expect((await bell(tech)).items).toEqual([]);
  });
});
