import type { Reminders } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { correctiveActions, products, servicePlans, sessions, technicians } from '../../db/schema.js';
import { localDate } from '../../lib/time-zone.js';
import { RemindersRepository } from './reminders.repository.js';
import { RemindersService } from './reminders.service.js';

const ZONE = 'Europe/Madrid';
/** Monday 15 June 2026, 12:00 in Madrid. */
const NOW = new Date('2026-06-15T10:00:00Z');

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

const remindersAt = (now: Date) =>
  new RemindersService(new RemindersRepository(t.database.db, ZONE), ZONE, () => now).reminders();

async function technicianWithLicence(fullName: string, licenceExpiresAt: string | null, isActive = true) {
  const user = await createUser(t, { fullName, isActive });
  await t.database.db
    .update(technicians)
    .set({ licenceExpiresAt, licenceNumber: `L-${fullName}` })
    .where(eq(technicians.id, user.id));
  return user;
}

describe('reminders: licences and product authorisations', () => {
  it('lists licences whose last day is within 30 days or past, soonest first, with the days left', async () => {
    const expired = await technicianWithLicence('Ayer', '2026-06-14');
    const today = await technicianWithLicence('Hoy', '2026-06-15');
    const day30 = await technicianWithLicence('Día 30', '2026-07-15');
    await technicianWithLicence('Día 31', '2026-07-16');
    await technicianWithLicence('Sin fecha', null);
    await technicianWithLicence('Inactivo', '2026-01-01', false);
    const { today: day, licences } = await remindersAt(NOW);
    expect(day).toBe('2026-06-15');
    expect(licences).toEqual([
      { technicianId: expired.id, fullName: 'Ayer', licenceNumber: 'L-Ayer', expiresOn: '2026-06-14', daysLeft: -1 },
      { technicianId: today.id, fullName: 'Hoy', licenceNumber: 'L-Hoy', expiresOn: '2026-06-15', daysLeft: 0 },
      { technicianId: day30.id, fullName: 'Día 30', licenceNumber: 'L-Día 30', expiresOn: '2026-07-15', daysLeft: 30 },
    ]);
  });

  it("counts days in the server's zone: just after midnight in Madrid is already the next day", async () => {
    await technicianWithLicence('Frontera', '2026-07-16');
    // 22:30 UTC on 15 June is 00:30 on 16 June in Madrid: 16 July is now 30 days away.
    const { today, licences } = await remindersAt(new Date('2026-06-15T22:30:00Z'));
    expect(today).toBe('2026-06-16');
    expect(licences.map((licence) => [licence.fullName, licence.daysLeft])).toEqual([['Frontera', 30]]);
  });

  it('lists active products whose authorisation ends within 30 days or has ended', async () => {
    const ended = await createProduct(t, admin, { name: 'Caducado', authorisationExpiresAt: '2026-01-31' });
    const day30 = await createProduct(t, admin, { name: 'Día 30', authorisationExpiresAt: '2026-07-15' });
    await createProduct(t, admin, { name: 'Día 31', authorisationExpiresAt: '2026-07-16' });
    const retired = await createProduct(t, admin, { name: 'Retirado', authorisationExpiresAt: '2026-02-01' });
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, retired.id));
    const { products: found } = await remindersAt(NOW);
    expect(found).toEqual([
      {
        productId: ended.id,
        name: 'Caducado',
        registrationNumber: 'ES/RM-2020-14-00123',
        expiresOn: '2026-01-31',
        daysLeft: -135,
      },
      {
        productId: day30.id,
        name: 'Día 30',
        registrationNumber: 'ES/RM-2020-14-00123',
        expiresOn: '2026-07-15',
        daysLeft: 30,
      },
    ]);
  });
});

describe('reminders: what is due', () => {
  it('counts overdue orders, overdue actions and the service plans’ visits from today to Sunday', async () => {
    const tech = await createUser(t);
    const order = (values: Partial<typeof sessions.$inferInsert>) =>
      t.database.db.insert(sessions).values({ siteId: DEFAULT_SITE_ID, technicianId: tech.id, ...values });
    // Overdue: scheduled before now and not completed; a completed or later one is not.
    await order({ scheduledAt: new Date('2026-06-15T09:00:00Z') });
    await order({ scheduledAt: new Date('2026-06-10T09:00:00Z'), status: 'IN_PROGRESS' });
    await order({ scheduledAt: new Date('2026-06-15T11:00:00Z') });
    await order({ scheduledAt: new Date('2026-06-01T09:00:00Z'), status: 'COMPLETED' });

    const [plan] = await t.database.db
      .insert(servicePlans)
      .values({
        siteId: DEFAULT_SITE_ID,
        name: 'Mensual',
        technicianId: tech.id,
        frequency: 'SEMANAL',
        startDate: '2026-01-05',
        time: '08:00',
      })
      .returning();
    const visit = (plannedDate: string, status: 'PENDING' | 'COMPLETED' = 'PENDING') =>
      order({ servicePlanId: plan!.id, plannedDate, status });
    await visit('2026-06-15');
    await visit('2026-06-21');
    await visit('2026-06-16', 'COMPLETED');
    await visit('2026-06-14');
    await visit('2026-06-22');

    const action = (dueDate: string, status: 'ABIERTA' | 'EN_CURSO' | 'CERRADA' = 'ABIERTA') =>
      t.database.db.insert(correctiveActions).values({
        siteId: DEFAULT_SITE_ID,
        origin: 'MANUAL',
        detectedAt: new Date('2026-06-01T09:00:00Z'),
        severity: 'MEDIA',
        description: 'Puerta sin burlete',
        responsible: 'CLIENTE',
        dueDate,
        status,
        ...(status === 'CERRADA' ? { closedAt: new Date('2026-06-02T09:00:00Z'), closure: 'Burlete puesto' } : {}),
      });
    await action('2026-06-14');
    await action('2026-06-10', 'EN_CURSO');
    await action('2026-06-15');
    await action('2026-06-01', 'CERRADA');

    const reminders = await remindersAt(NOW);
    // The visit of 14 June has no scheduled time of its own here, so only the two orders count as overdue.
    expect(reminders).toMatchObject({ overdueOrders: 2, overdueActions: 2, visitsThisWeek: 2 });
  });

  it('answers an office with nothing due through the API, counted from today', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reports/reminders', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Reminders>()).toEqual({
      today: localDate(new Date(), t.config.TIME_ZONE),
      licences: [],
      products: [],
      overdueOrders: 0,
      overdueActions: 0,
      visitsThisWeek: 0,
    });
  });
});
