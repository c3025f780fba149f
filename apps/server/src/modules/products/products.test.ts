import { randomUUID } from 'node:crypto';
import {
  ApplicationMessages,
  ProductMessages,
  SessionMessages,
  type Application,
  type Product,
  type Session,
} from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pests, sessions, technicians } from '../../db/schema.js';
import { createOrder, scan } from '../../../test/orders.js';
import {
  applicationInput,
  createProduct,
  productInput,
  putApplication,
  putDocument,
  tinyPdf,
} from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { ApplicationsRepository } from './applications.repository.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let otherTech: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  otherTech = await createUser(t);
});

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const messageOf = (response: { json: () => { message: string | string[] } }) => response.json().message;

async function openOrder(user: TestUser = tech) {
  const traps = [await createTrap(t), await createTrap(t)];
  const order: Session = await createOrder(
    t,
    admin,
    user.id,
    traps.map((trap) => trap.id),
  );
  return { order, traps };
}

describe('products catalogue', () => {
  it('lets an administrator add, change and deactivate a product, and technicians read the active ones', async () => {
    const created = await createProduct(t, admin, { type: 'tp18', name: 'Gel Cucarachas' });
    expect(created).toMatchObject({ type: 'TP18', isActive: true, sds: null, label: null, anticoagulant: true });
    const list = await get('/api/products', tech);
    expect(list.json<Product[]>().map((product) => product.name)).toEqual(['Gel Cucarachas']);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${created.id}`,
      headers: admin.headers,
      payload: { isActive: false, safetyIntervalHours: 24 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ isActive: false, safetyIntervalHours: 24 });
    expect((await get('/api/products', tech)).json()).toEqual([]);
    expect((await get(`/api/products/${created.id}`, tech)).statusCode).toBe(404);
    expect((await get('/api/products?all=true', tech)).statusCode).toBe(403);
    expect((await get('/api/products?all=true', admin)).json()).toHaveLength(1);
  });

  it('refuses a technician writing, a repeated name and invalid fields, in Spanish', async () => {
    const byTech = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: tech.headers,
      payload: productInput(),
    });
    expect(byTech.statusCode).toBe(403);
    await createProduct(t, admin);
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: productInput({ name: 'BRODIFACOUM bloque 25' }),
    });
    expect(repeated.statusCode).toBe(409);
    expect(messageOf(repeated)).toBe(ProductMessages.nameTaken);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: productInput({
        name: 'Otro',
        type: 'TP99',
        userCategory: 'AFICIONADO' as never,
        safetyIntervalHours: -1,
        registrationNumber: ' ',
      }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(messageOf(invalid)).toEqual(
      expect.arrayContaining([
        'El tipo de producto debe ser TP seguido de su número (TP1 a TP22).',
        'La categoría de usuario debe ser PROFESIONAL o ESPECIALIZADO.',
        'El plazo de seguridad no puede ser negativo.',
        'El número de registro es obligatorio.',
      ]),
    );
  });

  it('keeps a dated PDF safety data sheet, replaces it, and refuses what is not a PDF', async () => {
    const product = await createProduct(t, admin);
    const notPdf = await putDocument(t, admin, product.id, 'sds', {
      issuedOn: '2025-03-01',
      file: Buffer.from('hola'),
    });
    expect(notPdf.statusCode).toBe(415);
    expect(messageOf(notPdf)).toBe(ProductMessages.documentWrongType);
    const noDate = await putDocument(t, admin, product.id, 'sds', { file: tinyPdf });
    expect(noDate.statusCode).toBe(400);
    expect(messageOf(noDate)).toBe(ProductMessages.documentDateRequired);
    const future = await putDocument(t, admin, product.id, 'sds', { issuedOn: '2999-01-01', file: tinyPdf });
    expect(messageOf(future)).toBe(ProductMessages.documentDateFuture);
    const byTech = await putDocument(t, tech, product.id, 'sds', { issuedOn: '2025-03-01', file: tinyPdf });
    expect(byTech.statusCode).toBe(403);
    const tooLarge = await putDocument(t, admin, product.id, 'label', {
      issuedOn: '2025-03-01',
      file: Buffer.concat([tinyPdf, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(messageOf(tooLarge)).toBe(ProductMessages.documentTooLarge);
    expect((await get(`/api/products/${product.id}/documents/sds`, tech)).statusCode).toBe(404);

    const stored = await putDocument(t, admin, product.id, 'sds', { issuedOn: '2025-03-01', file: tinyPdf });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json<Product>().sds).toMatchObject({ issuedOn: '2025-03-01', size: tinyPdf.length });
    const second = Buffer.concat([tinyPdf, Buffer.from('% revisión 2\n')]);
    const replaced = await putDocument(t, admin, product.id, 'sds', { issuedOn: '2025-06-01', file: second });
    expect(replaced.json<Product>().sds).toMatchObject({ issuedOn: '2025-06-01', size: second.length });
    const download = await get(`/api/products/${product.id}/documents/sds`, tech);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(second)).toBe(true);
    const { rows } = (await t.database.db.execute('select count(*)::int as n from files')) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBe(1);
  });
});

describe('applications', () => {
  it('records an application with its re-entry time, answers a replay with what it stored, and lists it', async () => {
    const product = await createProduct(t, admin);
    const { order, traps } = await openOrder();
    const [mouse] = await t.database.db.select({ id: pests.id }).from(pests).where(eq(pests.name, 'Ratón doméstico'));
    const id = randomUUID();
    const body = applicationInput(product.id, {
      trapId: traps[0]!.id,
      targetPestId: mouse!.id,
      startedAt: '2026-01-10T09:00:00Z',
      endedAt: '2026-01-10T09:30:00Z',
    });
    const first = await putApplication(t, tech, order.id, body, id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Application>()).toMatchObject({
      product: { name: product.name, registrationNumber: product.registrationNumber },
      batch: 'L-2291',
      quantity: 120,
      unit: 'g',
      trap: { id: traps[0]!.id, code: traps[0]!.code },
      targetPest: { id: mouse!.id },
      safetyIntervalHours: 12,
      reEntryAt: '2026-01-10T21:30:00.000Z',
      applicator: { id: tech.id, fullName: 'Ana Técnica' },
    });
    const again = await putApplication(t, tech, order.id, { ...body, quantity: 999 }, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = await get(`/api/sessions/${order.id}/applications`, tech);
    expect(list.json()).toEqual([first.json()]);

    const other = await openOrder();
    const reused = await putApplication(t, tech, other.order.id, body, id);
    expect(reused.statusCode).toBe(409);
    expect(messageOf(reused)).toBe(ApplicationMessages.clientIdReused);
  });

  it('refuses each rule with its Spanish message', async () => {
    const { order, traps } = await openOrder();
    const elsewhere = await createTrap(t);
    const refused = async (productId: number, overrides: object, status: number, message: string) => {
      const response = await putApplication(t, tech, order.id, { ...applicationInput(productId), ...overrides });
      expect(response.statusCode, response.body).toBe(status);
      expect([messageOf(response)].flat()).toContain(message);
    };
    const ok = await createProduct(t, admin);
    const inactive = await createProduct(t, admin, { name: 'Inactivo', isActive: false });
    const expired = await createProduct(t, admin, { name: 'Vencido', authorisationExpiresAt: '2026-01-09' });
    const notFood = await createProduct(t, admin, { name: 'Sin alimentaria', foodIndustryAllowed: false });
    const specialised = await createProduct(t, admin, { name: 'Especializado', userCategory: 'ESPECIALIZADO' });
    const toxic = await createProduct(t, admin, { name: 'Tóxico', toxic: true });

    await refused(inactive.id, {}, 409, ApplicationMessages.productInactive);
    await refused(
      expired.id,
      { startedAt: '2026-01-10T09:00:00Z', endedAt: '2026-01-10T09:10:00Z' },
      409,
      ApplicationMessages.authorisationExpired('2026-01-09'),
    );
    await refused(notFood.id, {}, 409, ApplicationMessages.notForFood);
    await refused(specialised.id, {}, 409, ApplicationMessages.needsQualification);
    await refused(toxic.id, {}, 409, ApplicationMessages.needsSpecial);
    await refused(ok.id, { trapId: elsewhere.id }, 400, ApplicationMessages.trapNotInOrder);
    await refused(ok.id, { quantity: 0 }, 400, 'La cantidad debe ser mayor que cero.');
    await refused(ok.id, { unit: 'cucharadas' }, 400, 'La unidad debe ser una de: g, kg, ml, l, unidades.');
    await refused(
      ok.id,
      { startedAt: '2026-01-10T10:00:00Z', endedAt: '2026-01-10T09:00:00Z' },
      400,
      ApplicationMessages.endBeforeStart,
    );
    await refused(
      ok.id,
      { endedAt: new Date(Date.now() + 3_600_000).toISOString() },
      400,
      ApplicationMessages.endInFuture,
    );
    await refused(999_999, {}, 400, ApplicationMessages.productNotFound);
    expect((await get(`/api/sessions/${order.id}/applications`, tech)).json()).toEqual([]);

    // The day the authorisation ends is still within it; a qualification lets the applicator use the others.
    const lastDay = await putApplication(t, tech, order.id, {
      ...applicationInput(expired.id),
      startedAt: '2026-01-09T12:00:00Z',
      endedAt: '2026-01-09T12:10:00Z',
    });
    expect(lastDay.statusCode, lastDay.body).toBe(201);
    await t.database.db.update(technicians).set({ qualification: 'APLICADOR' }).where(eq(technicians.id, tech.id));
    expect((await putApplication(t, tech, order.id, applicationInput(specialised.id))).statusCode).toBe(201);
    await refused(toxic.id, {}, 409, ApplicationMessages.needsSpecial);
    await t.database.db.update(technicians).set({ qualification: 'ESPECIAL' }).where(eq(technicians.id, tech.id));
    const special = await putApplication(t, tech, order.id, applicationInput(toxic.id, { trapId: traps[1]!.id }));
    expect(special.statusCode, special.body).toBe(201);
  });

  it("hides another technician's order, lets the office record for the technician, and refuses a closed order", async () => {
    const product = await createProduct(t, admin);
    const { order, traps } = await openOrder();
    const stranger = await putApplication(t, otherTech, order.id, applicationInput(product.id));
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe(SessionMessages.notFound);
    expect((await get(`/api/sessions/${order.id}/applications`, otherTech)).statusCode).toBe(404);

    const id = randomUUID();
    const byOffice = await putApplication(t, admin, order.id, applicationInput(product.id), id);
    expect(byOffice.statusCode).toBe(201);
    expect(byOffice.json<Application>().applicator.id).toBe(tech.id);
    const kept = randomUUID();
    expect((await putApplication(t, tech, order.id, applicationInput(product.id), kept)).statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${order.id}/applications/${id}`,
      headers: tech.headers,
    });
    expect(removed.statusCode).toBe(204);

    for (const trap of traps) await scan(t, tech, order.id, trap.qrSlug);
    // Closed as the close leaves it (the close itself, with its certificate, is tested with sessions).
    await t.database.db
      .update(sessions)
      .set({ status: 'COMPLETED', closedAt: new Date(), closedById: tech.id })
      .where(eq(sessions.id, order.id));
    const late = await putApplication(t, tech, order.id, applicationInput(product.id));
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(SessionMessages.alreadyClosed);
    expect((await putApplication(t, tech, order.id, applicationInput(product.id), kept)).statusCode).toBe(200);
    const deleteClosed = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${order.id}/applications/${kept}`,
      headers: admin.headers,
    });
    expect(deleteClosed.statusCode).toBe(409);
  });

  it('totals what was applied per product and unit, for an order and for a site over a period', async () => {
    const bait = await createProduct(t, admin);
    const gel = await createProduct(t, admin, { name: 'Gel', type: 'TP18', anticoagulant: false });
    const { order } = await openOrder();
    const at = (time: string) => ({ startedAt: time, endedAt: time });
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(bait.id, { quantity: 100, ...at('2026-02-01T10:00:00Z') }),
    );
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(bait.id, { quantity: 50.5, ...at('2026-02-01T11:00:00Z') }),
    );
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(bait.id, { quantity: 1, unit: 'kg', ...at('2026-02-01T11:00:00Z') }),
    );
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(gel.id, { quantity: 5, unit: 'ml', ...at('2026-03-01T10:00:00Z') }),
    );
    const repository = new ApplicationsRepository(t.database.db);

    const report = await repository.orderReport(order.id);
    expect(report.applications).toHaveLength(4);
    expect(report.totals.map((row) => [row.name, row.unit, row.quantity, row.applications])).toEqual([
      ['Brodifacoum Bloque 25', 'g', 150.5, 2],
      ['Brodifacoum Bloque 25', 'kg', 1, 1],
      ['Gel', 'ml', 5, 1],
    ]);
    // A site's period holds what its orders of the period applied, whenever the applications are dated: the
    // order (undated: by its creation) is of January, its applications of February and March.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date('2026-01-31T10:00:00Z') })
      .where(eq(sessions.id, order.id));
    const totals = (siteId: number, from: string, to: string) =>
      repository.siteTotals({ siteId, from: new Date(from), to: new Date(to), now: new Date() });
    const january = await totals(1, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
    expect(january.map((row) => [row.name, row.unit, row.quantity])).toEqual([
      ['Brodifacoum Bloque 25', 'g', 150.5],
      ['Brodifacoum Bloque 25', 'kg', 1],
      ['Gel', 'ml', 5],
    ]);
    expect(await totals(1, '2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([]);
    expect(await totals(2, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
  });
});
