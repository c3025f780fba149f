import { MAX_TRAPS_PER_ORDER, SessionMessages, TrapMessages, type ScanResponse, type Session } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, sites } from '../../db/schema.js';
import { createOrder, scan } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

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
  admin = await createAdmin(t, { fullName: 'Jefa de planta' });
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  otherTech = await createUser(t, { fullName: 'Bruno Campo' });
});

async function otherSite(name = 'Planta Norte') {
  const [row] = await t.database.db.insert(sites).values({ name }).returning();
  return row!;
}

const addItem = (user: TestUser, sessionId: number, trapId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/items`,
    headers: user.headers,
    payload: { trapId },
  });

describe('a refused scan says what the code read is (issue 26, defect 7)', () => {
  it('a device of the site in another open order: names that order and its technician', async () => {
    const [mine, theirs] = [await createTrap(t), await createTrap(t, { area: 'Andén 2' })];
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    const other = await createOrder(t, admin, otherTech.id, [theirs.id]);
    const response = await scan(t, tech, order.id, theirs.qrSlug);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'TRAP_IN_OTHER_ORDER',
      message: SessionMessages.trapInOtherOrder(`${theirs.code} (Andén 2)`, other.id, 'Bruno Campo'),
      device: { id: theirs.id, code: theirs.code, area: 'Andén 2' },
    });
  });

  it('a device only in closed orders is just not in this one', async () => {
    const [mine, done] = [await createTrap(t), await createTrap(t, { area: null })];
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    const closed = await createOrder(t, admin, otherTech.id, [done.id]);
    await t.database.db.update(sessions).set({ status: 'COMPLETED' }).where(eq(sessions.id, closed.id));
    const response = await scan(t, tech, order.id, done.qrSlug);
    expect(response.json()).toMatchObject({
      code: 'TRAP_NOT_IN_ORDER',
      message: SessionMessages.trapNotInThisOrder(done.code),
      device: { id: done.id, code: done.code, area: null },
    });
  });

  it('a device of another site: its code and site, and nothing of that site’s orders', async () => {
    const north = await otherSite();
    const [mine, far] = [await createTrap(t), await createTrap(t, { siteId: north.id, area: 'Silo' })];
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    await createOrder(t, admin, otherTech.id, [far.id]);
    const response = await scan(t, tech, order.id, far.qrSlug);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'TRAP_OF_OTHER_SITE',
      message: SessionMessages.trapOfOtherSite(far.code, 'Planta Norte', 'Sitio principal'),
      device: { id: far.id, code: far.code, area: 'Silo' },
    });
  });

  it('a device taken out of service', async () => {
    const [mine, retired] = [await createTrap(t), await createTrap(t, { isActive: false })];
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    const response = await scan(t, tech, order.id, retired.qrSlug);
    expect(response.json()).toMatchObject({
      code: 'TRAP_INACTIVE',
      message: SessionMessages.trapInactive(retired.code),
      device: { id: retired.id, code: retired.code },
    });
  });

  it('the printed code of one of the order’s devices, in any case, says to record it as typed', async () => {
    const mine = await createTrap(t, { code: 'TRP-113' });
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    const response = await scan(t, tech, order.id, ' trp-113 ');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'TRAP_CODE_TYPED',
      message: SessionMessages.printedCodeTyped('TRP-113'),
      device: { id: mine.id, code: 'TRP-113', area: 'Bodega' },
    });
    // Another site's TRP-113 is not the order's: an unknown code.
    const north = await otherSite();
    await createTrap(t, { code: 'TRP-114', siteId: north.id });
    expect((await scan(t, tech, order.id, 'TRP-114')).json().code).toBe('UNKNOWN_CODE');
  });

  it('a technician scanning another’s order still learns nothing of it', async () => {
    const [mine, elsewhere] = [await createTrap(t), await createTrap(t)];
    const order = await createOrder(t, admin, tech.id, [mine.id]);
    const response = await scan(t, otherTech, order.id, elsewhere.qrSlug);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: SessionMessages.notFound });
  });
});

describe('POST /api/sessions/:id/items (a device added on the spot)', () => {
  it('adds a device of the site, pending and addedOnSite, counted in the order; then it scans', async () => {
    const [planned, found] = [await createTrap(t), await createTrap(t, { area: 'Andén 2' })];
    const order = await createOrder(t, admin, tech.id, [planned.id]);
    expect(order.items[0]!.addedOnSite).toBe(false);
    const response = await addItem(tech, order.id, found.id);
    expect(response.statusCode).toBe(201);
    const added: ScanResponse = response.json();
    expect(added.session).toMatchObject({ id: order.id, itemCount: 2, completedCount: 0 });
    expect(added.item).toMatchObject({
      trapId: found.id,
      status: 'PENDING',
      addedOnSite: true,
      outcome: null,
      manual: null,
      trap: { code: found.code, area: 'Andén 2' },
    });
    const scanned = await scan(t, tech, order.id, found.qrSlug);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().item).toMatchObject({ id: added.item.id, outcome: 'SCANNED', addedOnSite: true });
    const read: Session = (await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers })).json();
    expect(read.items.map((item) => [item.trapId, item.addedOnSite])).toEqual(
      expect.arrayContaining([
        [planned.id, false],
        [found.id, true],
      ]),
    );
  });

  it('an administrator adds one too; a device in another open order is still addable', async () => {
    const [planned, theirs] = [await createTrap(t), await createTrap(t)];
    const order = await createOrder(t, admin, tech.id, [planned.id]);
    await createOrder(t, admin, otherTech.id, [theirs.id]);
    expect((await addItem(admin, order.id, theirs.id)).statusCode).toBe(201);
  });

  it('refuses a device already in the order, inactive, unknown, or of another site', async () => {
    const north = await otherSite();
    const planned = await createTrap(t);
    const retired = await createTrap(t, { isActive: false });
    const far = await createTrap(t, { siteId: north.id });
    const order = await createOrder(t, admin, tech.id, [planned.id]);
    const refused = async (user: TestUser, trapId: number, status: number, message: string) => {
      const response = await addItem(user, order.id, trapId);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refused(tech, planned.id, 409, SessionMessages.trapAlreadyInOrder(planned.code));
    await refused(tech, retired.id, 409, SessionMessages.trapInactive(retired.code));
    await refused(tech, 424242, 404, TrapMessages.notFound);
    await refused(admin, far.id, 400, SessionMessages.trapOfOtherSite(far.code, 'Planta Norte', 'Sitio principal'));
    // A technician cannot learn another site's devices by trying ids.
    await refused(tech, far.id, 404, TrapMessages.notFound);
    expect((await addItem(tech, order.id, 'uno')).statusCode).toBe(400);
    const read: Session = (await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers })).json();
    expect(read.itemCount).toBe(1);
  });

  it('refuses a closed order (409), another technician (404) and a full order (409)', async () => {
    const [planned, found] = [await createTrap(t), await createTrap(t)];
    const order = await createOrder(t, admin, tech.id, [planned.id]);
    const other = await addItem(otherTech, order.id, found.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SessionMessages.notFound);
    await t.database.db.update(sessions).set({ itemCount: MAX_TRAPS_PER_ORDER }).where(eq(sessions.id, order.id));
    const full = await addItem(tech, order.id, found.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(SessionMessages.orderFull(MAX_TRAPS_PER_ORDER));
    await t.database.db.update(sessions).set({ status: 'COMPLETED', itemCount: 1 }).where(eq(sessions.id, order.id));
    const closed = await addItem(tech, order.id, found.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SessionMessages.alreadyClosed);
  });
});
