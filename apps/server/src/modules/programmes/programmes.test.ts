import { ProgrammeMessages, type ProgrammeCoverage, type ProgrammeVersion, SiteMessages } from '@rondin/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder, scan } from '../../../test/orders.js';
import { createProduct } from '../../../test/products.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../../test/programmes.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { auditLog, controlProgrammes, sessionItems, sites, traps } from '../../db/schema.js';
import { ProgrammesRepository } from './programmes.repository.js';
import { ProgrammesService } from './programmes.service.js';

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t, { fullName: 'Olga Oficina' });
  manager = await createUser(t, { fullName: 'Raúl Responsable' });
  await makeTechnicalManager(t, manager);
  await createTrap(t, { code: 'CEB-1', type: 'CEBADERO', area: 'Bodega' });
});

const url = (path = '', siteId = DEFAULT_SITE_ID) => `/api/sites/${siteId}/programme${path}`;
const get = (path = '', user: TestUser = admin) => t.app.inject({ url: url(path), headers: user.headers });
const save = (body: object = programmeInput()) => saveProgramme(t, admin, DEFAULT_SITE_ID, body);
const approve = (version: number, user: TestUser = manager) =>
  t.app.inject({ method: 'POST', url: url(`/versions/${version}/approve`), headers: user.headers });
const accept = (version: number, payload: object, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: url(`/versions/${version}/accept`), headers: user.headers, payload });
const today = () => new Date().toISOString().slice(0, 10);

async function saved(body: object = programmeInput()): Promise<ProgrammeVersion> {
  const response = await save(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expectRefused(response: { statusCode: number; body: string }, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect([JSON.parse(response.body).message].flat()).toContain(message);
}

describe('GET and PUT /api/sites/:id/programme', () => {
  it('answers 404 in Spanish and an empty list while the site has no programme', async () => {
    expectRefused(await get(), 404, ProgrammeMessages.none);
    expect((await get('/versions')).json()).toEqual([]);
    expectRefused(await t.app.inject({ url: url('', 999), headers: admin.headers }), 404, SiteMessages.notFound);
  });

  it('keeps every save as a new version and never changes an old one', async () => {
    const product = await createProduct(t, admin, { name: 'Cebo Bloque' });
    const first = await saved(programmeInput({ permittedProductIds: [product.id], effectiveFrom: '2026-01-01' }));
    expect(first).toMatchObject({
      version: 1,
      effectiveFrom: '2026-01-01',
      savedBy: { id: admin.id, fullName: 'Olga Oficina' },
      permittedProducts: [{ id: product.id, name: 'Cebo Bloque', isActive: true }],
      approval: null,
      acceptance: null,
      inForce: false,
      frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'MENSUAL' }],
    });
    const second = await saved(
      programmeInput({
        scope: 'Solo roedores.',
        targetPestGroups: ['ROEDORES'],
        frequencies: [{ type: 'CEBADERO', zone: 'Bodega', frequency: 'QUINCENAL' }],
      }),
    );
    expect(second.version).toBe(2);
    expect(second.effectiveFrom).toBe(today());
    expect((await get()).json()).toEqual(second);
    const versions = (await get('/versions')).json<ProgrammeVersion[]>();
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
    // The first version reads as it was saved.
    expect(versions[1]).toEqual(first);
    const rows = await t.database.db.select().from(controlProgrammes).orderBy(controlProgrammes.version);
    expect(rows.map((row) => [row.version, row.scope])).toEqual([
      [1, programmeInput().scope],
      [2, 'Solo roedores.'],
    ]);
  });

  it('refuses, in Spanish, unknown products and areas, repeated rows and bad values', async () => {
    const product = await createProduct(t, admin);
    expectRefused(
      await save(programmeInput({ permittedProductIds: [product.id, 9999] })),
      400,
      ProgrammeMessages.unknownProducts([9999]),
    );
    expectRefused(
      await save(programmeInput({ frequencies: [{ type: 'CEBADERO', zone: 'Cocina', frequency: 'MENSUAL' }] })),
      400,
      ProgrammeMessages.areaNotInSite(['Cocina']),
    );
    const twice = [
      { type: 'CEBADERO', zone: 'Bodega', frequency: 'MENSUAL' },
      { type: 'CEBADERO', zone: 'Bodega', frequency: 'SEMANAL' },
    ] as const;
    expectRefused(
      await save(programmeInput({ frequencies: [...twice] })),
      400,
      ProgrammeMessages.repeatedFrequency('CEBADERO', 'Bodega'),
    );
    const bad: [object, string][] = [
      [
        { frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'DIARIA' }] },
        'La frecuencia debe ser una de: SEMANAL, QUINCENAL, MENSUAL, BIMESTRAL, TRIMESTRAL.',
      ],
      [{ targetPestGroups: [] }, 'Indica al menos un grupo de plagas objetivo.'],
      [{ targetPestGroups: ['ROEDORES', 'ROEDORES'] }, ProgrammeMessages.repeatedPestGroup],
      [{ responsibilities: [{ party: 'PLANTA', text: 'x' }] }, 'La parte responsable debe ser EMPRESA o CLIENTE.'],
      [{ responseTimeHours: 0 }, 'El tiempo de respuesta debe ser al menos 1 hora.'],
      [{ scope: '  ' }, 'El alcance es obligatorio.'],
      [{ effectiveFrom: '2026-02-30' }, 'La fecha no existe en el calendario.'],
    ];
    for (const [change, message] of bad) expectRefused(await save({ ...programmeInput(), ...change }), 400, message);
    expect(await t.database.db.select().from(controlProgrammes)).toEqual([]);
  });

  it('keeps an area the previous version named after its devices left', async () => {
    const trap = await createTrap(t, { code: 'LAM-1', type: 'LAMINA', area: 'Cocina' });
    const frequencies = [{ type: 'LAMINA', zone: 'Cocina', frequency: 'SEMANAL' }] as const;
    await saved(programmeInput({ frequencies: [...frequencies] }));
    await t.database.db.update(traps).set({ isActive: false }).where(eq(traps.id, trap.id));
    expect((await saved(programmeInput({ frequencies: [...frequencies] }))).version).toBe(2);
  });
});

describe('approval and acceptance', () => {
  it('is approved by a technical manager only, once, and only the latest version', async () => {
    await saved();
    expectRefused(await approve(1, admin), 403, ProgrammeMessages.notTechnicalManager);
    const approved = await approve(1);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ProgrammeVersion>().approval).toMatchObject({
      by: { id: manager.id, fullName: 'Raúl Responsable' },
    });
    const day = today().split('-').reverse().join('/');
    expectRefused(await approve(1), 409, ProgrammeMessages.alreadyApproved(1, 'Raúl Responsable', day));
    await saved();
    await saved();
    expectRefused(await approve(2), 409, ProgrammeMessages.notLatest(2, 3));
    expectRefused(await approve(9), 404, ProgrammeMessages.versionNotFound);
    // An administrator qualified as technical manager approves too.
    await makeTechnicalManager(t, admin);
    expect((await approve(3, admin)).statusCode).toBe(200);
  });

  it('is accepted by a contact of the site’s client or a name, after approval, once', async () => {
    await saved();
    expectRefused(await accept(1, { name: 'Clara Calidad', date: today() }), 409, ProgrammeMessages.notApproved(1));
    await approve(1);
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, DEFAULT_SITE_ID));
    const contact = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${site!.clientId}/contacts`,
      headers: admin.headers,
      payload: { name: 'Clara Calidad', role: 'Jefa de calidad' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin.headers,
      payload: { name: 'Otra Planta' },
    });
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${other.json<{ id: number }>().id}/contacts`,
      headers: admin.headers,
      payload: { name: 'Pedro Ajeno', role: 'Gerente' },
    });
    expectRefused(await accept(1, { date: today() }), 400, ProgrammeMessages.acceptedBy);
    expectRefused(
      await accept(1, { contactId: contact.json<{ id: number }>().id, name: 'X', date: today() }),
      400,
      ProgrammeMessages.contactAndName,
    );
    expectRefused(
      await accept(1, { contactId: stranger.json<{ id: number }>().id, date: today() }),
      400,
      ProgrammeMessages.contactNotOfSite,
    );
    expectRefused(await accept(1, { name: 'Clara', date: '2999-01-01' }), 400, ProgrammeMessages.acceptanceInFuture);
    expectRefused(
      await accept(1, { name: 'Clara', date: '2000-01-01' }),
      400,
      ProgrammeMessages.acceptanceBeforeApproval(today().split('-').reverse().join('/')),
    );
    expect((await accept(1, { name: 'Clara', date: today() }, manager)).statusCode).toBe(403);

    const accepted = await accept(1, { contactId: contact.json<{ id: number }>().id, date: today() });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ProgrammeVersion>().acceptance).toMatchObject({
      date: today(),
      name: 'Clara Calidad',
      role: 'Jefa de calidad',
      contactId: contact.json<{ id: number }>().id,
      recordedBy: { id: admin.id, fullName: 'Olga Oficina' },
    });
    expectRefused(
      await accept(1, { name: 'Otra', date: today() }),
      409,
      ProgrammeMessages.alreadyAccepted(1, 'Clara Calidad', today().split('-').reverse().join('/')),
    );
    // A name typed, on a later version.
    await saved();
    await approve(2);
    const typed = await accept(2, { name: 'Marta Planta', role: null, date: today() });
    expect(typed.json<ProgrammeVersion>().acceptance).toMatchObject({
      name: 'Marta Planta',
      role: null,
      contactId: null,
    });
  });

  it('logs each save, approval and acceptance as who made it', async () => {
    await saved();
    await approve(1);
    await accept(1, { name: 'Clara Calidad', date: today() });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'programme'))
      .orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.actorName])).toEqual([
      ['create', 'Olga Oficina'],
      ['update', 'Raúl Responsable'],
      ['update', 'Olga Oficina'],
    ]);
    expect(rows[1]!.after).toMatchObject({ approvedByName: 'Raúl Responsable', version: 1 });
    expect(rows[2]!.after).toMatchObject({ acceptedByName: 'Clara Calidad', acceptedOn: today() });
  });
});

describe('the version in force', () => {
  it('is the latest approved one whose effective date has come', async () => {
    await saved(programmeInput({ effectiveFrom: '2026-01-01' }));
    await approve(1);
    await saved(programmeInput({ effectiveFrom: '2026-03-01', responseTimeHours: 48 }));
    await approve(2);
    // Saved, not approved: never in force.
    await saved(programmeInput({ effectiveFrom: '2026-02-01', responseTimeHours: 72 }));
    const at = (date: string) => get(`?at=${date}`);
    expectRefused(await at('2025-12-31'), 404, ProgrammeMessages.noneInForce('31/12/2025'));
    expect((await at('2026-01-01')).json<ProgrammeVersion>().version).toBe(1);
    expect((await at('2026-02-15')).json<ProgrammeVersion>().version).toBe(1);
    expect((await at('2026-03-01')).json<ProgrammeVersion>().version).toBe(2);
    expect((await get()).json<ProgrammeVersion>().version).toBe(3);
    const versions = (await get('/versions')).json<ProgrammeVersion[]>();
    expect(versions.map((version) => [version.version, version.inForce])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);

    const service = new ProgrammesService(new ProgrammesRepository(t.database.db), { timeZone: 'UTC' });
    expect(await service.programmeInForce(DEFAULT_SITE_ID, '2025-06-01')).toBeNull();
    expect((await service.programmeInForce(DEFAULT_SITE_ID, '2026-02-28'))?.responseTimeHours).toBe(24);
  });
});

describe('who may read and write it', () => {
  it('lets a technician with an order at the site read it, and nobody but an administrator write it', async () => {
    await saved();
    const stranger = await createUser(t);
    const assigned = await createUser(t);
    const trap = await createTrap(t);
    await createOrder(t, admin, assigned.id, [trap.id]);
    expectRefused(await get('', stranger), 404, SiteMessages.notFound);
    expect((await get('/versions', stranger)).statusCode).toBe(404);
    expect((await get('', assigned)).statusCode).toBe(200);
    expect((await get('/versions', assigned)).json()).toHaveLength(1);
    // The technical manager reads every site's programme.
    expect((await get('', manager)).statusCode).toBe(200);
    expect((await saveProgramme(t, assigned, DEFAULT_SITE_ID, programmeInput())).statusCode).toBe(403);
    expect((await get('/coverage?from=2026-01-01&to=2026-01-31', assigned)).statusCode).toBe(403);
  });
});

describe('coverage against the contracted frequency', () => {
  /** Devices in service since December; orders whose inspections are moved to the given days. */
  async function fixture() {
    await t.database.db.update(sites).set({ timeZone: 'UTC' }).where(eq(sites.id, DEFAULT_SITE_ID));
    const tech = await createUser(t);
    const made = {
      c1: await createTrap(t, { code: 'CEB-B1', type: 'CEBADERO', area: 'Bodega' }),
      c2: await createTrap(t, { code: 'CEB-B2', type: 'CEBADERO', area: 'Bodega' }),
      c3: await createTrap(t, { code: 'CEB-P1', type: 'CEBADERO', area: 'Patio' }),
      l1: await createTrap(t, { code: 'LAM-B1', type: 'LAMINA', area: 'Bodega' }),
    };
    // The one of beforeEach is taken out of the count.
    await t.database.db.delete(traps).where(eq(traps.code, 'CEB-1'));
    await t.database.db.update(traps).set({ createdAt: new Date('2025-12-01T00:00:00Z') });
    const visit = async (day: string, inspected: (typeof made)[keyof typeof made][]) => {
      const order = await createOrder(
        t,
        admin,
        tech.id,
        inspected.map((trap) => trap.id),
      );
      for (const trap of inspected) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
      await t.database.db
        .update(sessionItems)
        .set({ completedAt: new Date(`${day}T10:00:00Z`) })
        .where(
          and(
            eq(sessionItems.sessionId, order.id),
            inArray(
              sessionItems.trapId,
              inspected.map((trap) => trap.id),
            ),
          ),
        );
      return order.id;
    };
    const a = await visit('2026-01-02', [made.c1, made.c2, made.c3, made.l1]);
    const b = await visit('2026-01-09', [made.c1]);
    const c = await visit('2026-01-16', [made.c1, made.c2]);
    return { ...made, orders: [a, b, c] };
  }

  it('counts windows owed, visits made and devices missed per type and area', async () => {
    const { c1, c2, l1 } = await fixture();
    await saved(
      programmeInput({
        effectiveFrom: '2026-01-01',
        frequencies: [
          { type: 'CEBADERO', zone: 'Bodega', frequency: 'SEMANAL' },
          { type: 'CEBADERO', zone: null, frequency: 'MENSUAL' },
          { type: 'LAMINA', zone: null, frequency: 'QUINCENAL' },
        ],
      }),
    );
    await approve(1);
    const response = await get('/coverage?from=2026-01-01&to=2026-01-31');
    expect(response.statusCode, response.body).toBe(200);
    const coverage = response.json<ProgrammeCoverage>();
    expect(coverage.versions).toEqual([{ version: 1, effectiveFrom: '2026-01-01' }]);
    const summary = coverage.rows.map(({ periods: _, missed, ...row }) => ({
      ...row,
      missed: missed.map((device) => [device.code, device.periods]),
    }));
    expect(summary).toEqual([
      {
        type: 'CEBADERO',
        zone: 'Bodega',
        frequency: 'SEMANAL',
        // 1–8, 8–15, 15–22, 22–29 January; 29–31 is no whole week.
        visitsOwed: 4,
        visitsMade: 3,
        periodsCovered: 2,
        inspectionsOwed: 8,
        inspectionsDone: 5,
        missed: [
          ['CEB-B1', ['2026-01-22']],
          ['CEB-B2', ['2026-01-08', '2026-01-22']],
        ],
      },
      {
        type: 'CEBADERO',
        zone: null,
        frequency: 'MENSUAL',
        // The patio's station only: the store's have a row of their own.
        visitsOwed: 1,
        visitsMade: 1,
        periodsCovered: 1,
        inspectionsOwed: 1,
        inspectionsDone: 1,
        missed: [],
      },
      {
        type: 'LAMINA',
        zone: null,
        frequency: 'QUINCENAL',
        visitsOwed: 2,
        visitsMade: 1,
        periodsCovered: 1,
        inspectionsOwed: 2,
        inspectionsDone: 1,
        missed: [['LAM-B1', ['2026-01-15']]],
      },
    ]);
    expect(coverage.rows[0]!.periods[1]).toEqual({
      from: '2026-01-08',
      to: '2026-01-15',
      version: 1,
      devices: 2,
      inspected: 1,
    });
    expect([c1.id, c2.id, l1.id]).toContain(coverage.rows[2]!.missed[0]!.trapId);
  });

  it('owes a window under the version in force on its first day, and nothing before any', async () => {
    await fixture();
    await saved(
      programmeInput({
        effectiveFrom: '2026-01-08',
        frequencies: [{ type: 'CEBADERO', zone: 'Bodega', frequency: 'SEMANAL' }],
      }),
    );
    await approve(1);
    await saved(
      programmeInput({
        effectiveFrom: '2026-01-15',
        frequencies: [{ type: 'CEBADERO', zone: 'Bodega', frequency: 'QUINCENAL' }],
      }),
    );
    await approve(2);
    const service = new ProgrammesService(new ProgrammesRepository(t.database.db), { timeZone: 'UTC' });
    const coverage = await service.contractedCoverage(DEFAULT_SITE_ID, '2026-01-01', '2026-01-28');
    expect(coverage.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(
      coverage.rows.map((row) => [row.frequency, row.periods.map((period) => [period.from, period.version])]),
    ).toEqual([
      // 1–8 January: nothing in force yet; 8–15 under version 1; from the 15th weekly is no longer contracted.
      ['SEMANAL', [['2026-01-08', 1]]],
      // Fortnights from the 1st: 1–15 began under no version, 15–29 under version 2.
      ['QUINCENAL', [['2026-01-15', 2]]],
    ]);
    expect((await service.contractedCoverage(DEFAULT_SITE_ID, '2025-12-01', '2025-12-31')).rows).toEqual([]);
    expectRefused(await get('/coverage?from=2026-02-01&to=2026-01-01'), 400, ProgrammeMessages.periodReversed);
    expectRefused(await get('/coverage?from=2020-01-01&to=2026-01-01'), 400, ProgrammeMessages.periodTooLong);
  });
});
