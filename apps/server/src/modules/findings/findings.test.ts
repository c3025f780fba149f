import {
  CADENCE_MAX_DEVICES,
  FindingMessages,
  PhotoMessages,
  SessionMessages,
  type Finding,
  type FindingResponse,
  type Photo,
  type PutFindingInput,
  type ScanResponse,
  type Session,
  type TrapHistoryPage,
  type TrapType,
} from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, findings, pests, photos, sessions } from '../../db/schema.js';
import { FindingsRepository, type FindingWrite } from './findings.repository.js';
import { notFoundException, nothingFound, postPhoto, putFinding, recordException } from '../../../test/findings.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
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
let jpeg: Buffer;
let webp: Buffer;
/** Pest ids by name, from the catalogue the migration seeds. */
let pest: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  jpeg = await planImage(64, 48, 'jpeg');
  webp = await planImage(64, 48, 'webp');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  otherTech = await createUser(t);
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  pest = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** An order for the technician with one trap of each given type, every trap scanned unless told otherwise. */
async function orderWith(types: TrapType[], options: { scanned?: boolean } = {}) {
  const traps = [];
  for (const type of types) traps.push(await createTrap(t, { type }));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  // Created two hours ago: device times of the last two hours are plausible.
  await t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '2 hours'` })
    .where(eq(sessions.id, order.id));
  if (options.scanned ?? true) {
    for (const trap of traps) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  }
  const itemOf = (trapId: number) => order.items.find((item) => item.trapId === trapId)!.id;
  return { order, traps, items: traps.map((trap) => itemOf(trap.id)) };
}

async function stored(user: TestUser, sessionId: number, itemId: number, body: PutFindingInput) {
  const response = await putFinding(t, user, sessionId, itemId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FindingResponse>();
}

async function refused(sessionId: number, itemId: number, body: Partial<PutFindingInput>, status = 400) {
  const response = await putFinding(t, tech, sessionId, itemId, nothingFound(body));
  expect(response.statusCode, response.body).toBe(status);
  return [response.json().message].flat().join(' ');
}

const orderOf = async (id: number, user = tech) => (await get(`/api/sessions/${id}`, user)).json<Session>();
const versionsOf = async (sessionId: number, itemId: number, user = tech) =>
  (await get(`/api/sessions/${sessionId}/items/${itemId}/findings`, user)).json<Finding[]>();
const findingRows = () => t.database.db.select().from(findings);

describe('PUT /api/sessions/:id/items/:itemId/finding', () => {
  it('records "sin novedad" in one call: device OK, no activity, and the order carries it on the item', async () => {
    const { order, items } = await orderWith(['CEBADERO']);
    const { finding, item } = await stored(tech, order.id, items[0]!, nothingFound({ baitConsumption: 0 }));
    expect(finding).toMatchObject({
      itemId: items[0],
      deviceStatus: 'OK',
      activity: 'NINGUNA',
      derivedActivity: 'NINGUNA',
      baitConsumption: 0,
      captures: [],
      evidence: [],
      actions: [],
      notes: null,
      flags: [],
      isCurrent: true,
      isCorrection: false,
      versionCount: 1,
      recordedBy: { id: tech.id, fullName: 'Ana Técnica' },
    });
    expect(item).toMatchObject({ outcome: 'SCANNED', exception: null, finding, photoIds: [] });
    const [listed] = (await orderOf(order.id)).items;
    expect(listed).toEqual(item);
    // The open orders the phone downloads carry it too.
    const [active] = (await get('/api/sessions/me/active', tech)).json<Session[]>();
    expect(active!.items[0]!.finding).toEqual(finding);
  });

  it('answers a second delivery of the same clientFindingId with the version it stored, and stores nothing more', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const body = nothingFound({ captures: [{ pestId: pest['Cucaracha alemana']!, count: 3 }] });
    const first = await stored(tech, order.id, items[0]!, body);
    // A retry whose first answer was lost: same id, even if the phone changed what it sends.
    const again = await stored(tech, order.id, items[0]!, { ...body, captures: [], notes: 'otra cosa' });
    expect(again.finding).toEqual(first.finding);
    expect(await findingRows()).toHaveLength(1);
  });

  it('refuses a clientFindingId already used on another trap', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA']);
    const body = nothingFound();
    await stored(tech, order.id, items[0]!, body);
    const response = await putFinding(t, tech, order.id, items[1]!, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FindingMessages.clientFindingIdReused);
  });

  it('keeps every version; the latest by device time is current, even when an older one arrives last', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const itemId = items[0]!;
    const first = await stored(tech, order.id, itemId, nothingFound({ recordedAt: minutesFromNow(-30) }));
    const newest = await stored(
      tech,
      order.id,
      itemId,
      nothingFound({ recordedAt: minutesFromNow(-10), captures: [{ pestId: pest.Moscas!, count: 12 }] }),
    );
    // Queued on a second phone and delivered last, though recorded in between.
    const late = await stored(
      tech,
      order.id,
      itemId,
      nothingFound({ recordedAt: minutesFromNow(-20), notes: 'tarde' }),
    );
    expect(late.finding.isCurrent).toBe(false);
    expect(late.item.finding!.id).toBe(newest.finding.id);
    expect((await orderOf(order.id)).items[0]!.finding).toMatchObject({
      id: newest.finding.id,
      activity: 'MEDIA',
      versionCount: 3,
    });
    const versions = await versionsOf(order.id, itemId);
    expect(versions.map((version) => [version.id, version.isCurrent])).toEqual([
      [newest.finding.id, true],
      [late.finding.id, false],
      [first.finding.id, false],
    ]);
    // Device and server times are both kept.
    for (const version of versions)
      expect(Date.parse(version.receivedAt)).toBeGreaterThanOrEqual(Date.parse(version.recordedAt));
  });

  it('applies the device type’s fields: bait on bait stations, captures elsewhere, statuses and actions by type', async () => {
    const { order, items } = await orderWith(['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO']);
    const [station, snap, board, lamp, pheromone, other] = items as [number, number, number, number, number, number];
    const mouse = { pestId: pest['Ratón doméstico']!, count: 1 };

    expect(await refused(order.id, station, { captures: [mouse] })).toContain('no registra capturas');
    expect(await refused(order.id, board, { baitConsumption: 25 })).toBe(FindingMessages.baitOnlyStations);
    expect(await refused(order.id, lamp, { baitState: 'CEBO_AUSENTE' })).toBe(FindingMessages.baitOnlyStations);
    expect(await refused(order.id, station, { baitState: 'CEBO_AUSENTE', baitConsumption: 100 })).toBe(
      FindingMessages.absentBaitConsumption,
    );
    expect(await refused(order.id, station, { baitConsumption: 30 as 25 })).toMatch(/0, 25, 50, 75 o 100/);
    expect(await refused(order.id, snap, { captures: [{ pestId: mouse.pestId, band: '1-10' }] })).toBe(
      FindingMessages.noBands,
    );
    expect(await refused(order.id, pheromone, { captures: [{ pestId: pest.Polillas!, band: '>50' }] })).toBe(
      FindingMessages.noBands,
    );
    expect(await refused(order.id, board, { deviceStatus: 'DISPARADA_SIN_CAPTURA' })).toContain(
      'Disparada sin captura',
    );
    expect(await refused(order.id, snap, { deviceStatus: 'DISPARADA_SIN_CAPTURA', captures: [mouse] })).toBe(
      FindingMessages.triggeredWithCaptures,
    );
    expect(await refused(order.id, station, { actions: ['TUBO_CAMBIADO'] })).toContain('Tubo cambiado');
    expect(await refused(order.id, board, { captures: [mouse, mouse] })).toBe(FindingMessages.repeatedPest);
    expect(await refused(order.id, board, { captures: [{ pestId: mouse.pestId, count: 2, band: '1-10' }] })).toMatch(
      /count.*band/,
    );
    expect(await findingRows()).toHaveLength(0);

    await stored(tech, order.id, station, nothingFound({ baitState: 'CEBO_AUSENTE', actions: ['CEBO_REPUESTO'] }));
    await stored(tech, order.id, snap, nothingFound({ deviceStatus: 'DISPARADA_SIN_CAPTURA' }));
    await stored(tech, order.id, lamp, nothingFound({ actions: ['TUBO_CAMBIADO', 'LAMINA_CAMBIADA'] }));
    await stored(tech, order.id, pheromone, nothingFound({ actions: ['CEBO_REPUESTO'] }));
    // A device nobody classified takes anything.
    await stored(tech, order.id, other, nothingFound({ baitConsumption: 50, captures: [mouse] }));
  });

  it('accepts bands for a saturated glue board or light trap and derives the activity from them', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LUZ_UV', 'LUZ_UV', 'LUZ_UV']);
    const board = await stored(
      tech,
      order.id,
      items[0]!,
      nothingFound({ captures: [{ pestId: pest['Cucaracha alemana']!, band: '>50' }], actions: ['LAMINA_CAMBIADA'] }),
    );
    expect(board.finding).toMatchObject({
      activity: 'ALTA',
      captures: [
        { pestId: pest['Cucaracha alemana'], name: 'Cucaracha alemana', group: 'RASTREROS', count: null, band: '>50' },
      ],
    });
    const bands = [
      ['0', 'NINGUNA'],
      ['1-10', 'BAJA'],
      ['11-50', 'MEDIA'],
    ] as const;
    for (const [index, [band, activity]] of bands.entries()) {
      const { finding } = await stored(
        tech,
        order.id,
        items[index + 1]!,
        nothingFound({ captures: [{ pestId: pest.Moscas!, band }] }),
      );
      expect(finding).toMatchObject({ activity, captures: [{ band, count: null }] });
    }
  });

  it('derives the activity from consumption, captures and evidence; the technician may only raise it', async () => {
    const { order, items } = await orderWith(['CEBADERO', 'CAPTURA', 'CAPTURA', 'LAMINA', 'CEBADERO', 'LAMINA']);
    const activityOf = async (itemId: number, body: Partial<PutFindingInput>) =>
      (await stored(tech, order.id, itemId, nothingFound(body))).finding;
    expect((await activityOf(items[0]!, { baitConsumption: 50 })).activity).toBe('MEDIA');
    expect((await activityOf(items[1]!, { captures: [{ pestId: pest['Rata parda']!, count: 1 }] })).activity).toBe(
      'MEDIA',
    );
    expect((await activityOf(items[2]!, { captures: [{ pestId: pest['Rata parda']!, count: 2 }] })).activity).toBe(
      'ALTA',
    );
    expect((await activityOf(items[3]!, { evidence: ['NIDO'] })).activity).toBe('MEDIA');

    const lowered = await refused(order.id, items[4]!, { baitConsumption: 100, activity: 'BAJA' });
    expect(lowered).toBe(FindingMessages.activityBelowDerived('actividad alta'));
    const raised = await activityOf(items[4]!, { baitConsumption: 25, activity: 'ALTA' });
    expect(raised).toMatchObject({ activity: 'ALTA', derivedActivity: 'BAJA' });
    const asSeen = await activityOf(items[5]!, { evidence: ['EXCREMENTOS', 'EXCREMENTOS'], activity: 'BAJA' });
    expect(asSeen).toMatchObject({ activity: 'BAJA', evidence: ['EXCREMENTOS'] });
  });

  it('names only pests that exist and are active', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    await t.database.db.update(pests).set({ isActive: false }).where(eq(pests.id, pest.Hormigas!));
    for (const pestId of [pest.Hormigas!, 999_999]) {
      expect(await refused(order.id, items[0]!, { captures: [{ pestId, count: 1 }] })).toBe(
        FindingMessages.pestsUnavailable,
      );
    }
  });

  it('keeps notes up to 1,000 characters, trimmed, and refuses longer ones', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA']);
    const { finding } = await stored(tech, order.id, items[0]!, nothingFound({ notes: `  ${'n'.repeat(1000)}  ` }));
    expect(finding.notes).toHaveLength(1000);
    expect(await refused(order.id, items[1]!, { notes: 'n'.repeat(1001) })).toMatch(/1000 caracteres/);
    expect((await stored(tech, order.id, items[1]!, nothingFound({ notes: '   ' }))).finding.notes).toBeNull();
  });

  it('needs the trap scanned first, and takes none for a trap recorded as an exception', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA'], { scanned: false });
    expect(await refused(order.id, items[0]!, {}, 409)).toBe(FindingMessages.notScanned);
    expect((await recordException(t, tech, order.id, items[1]!, notFoundException())).statusCode).toBe(200);
    expect(await refused(order.id, items[1]!, {}, 409)).toBe(FindingMessages.isException);
    expect(await refused(order.id, 999_999, {}, 404)).toBe(FindingMessages.itemNotFound);
  });

  it('is for the assigned technician or an administrator: another technician is told the order does not exist', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const response = await putFinding(t, otherTech, order.id, items[0]!, nothingFound());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SessionMessages.notFound);
    expect((await get(`/api/sessions/${order.id}/items/${items[0]}/findings`, otherTech)).statusCode).toBe(404);
    expect(await findingRows()).toHaveLength(0);
    const byAdmin = await stored(admin, order.id, items[0]!, nothingFound());
    expect(byAdmin.finding.recordedBy!.id).toBe(admin.id);
  });

  it('writes nothing when what the finding was checked against changed before the write', async () => {
    const { order, items } = await orderWith(['CAPTURA']);
    const [rat] = await t.database.db
      .select({ id: pests.id, group: pests.group })
      .from(pests)
      .where(eq(pests.id, pest['Ratón doméstico']!));
    const repository = new FindingsRepository(t.database.db);
    const checked: FindingWrite = {
      sessionId: order.id,
      itemId: items[0]!,
      user: { id: tech.id, tokenVersion: 0 },
      correction: false,
      trapType: 'CAPTURA',
      pests: [rat!],
      finding: {
        clientFindingId: randomUUID(),
        deviceTime: new Date().toISOString(),
        deviceStatus: 'OK',
        activity: 'ALTA',
        derivedActivity: 'ALTA',
        baitConsumption: null,
        baitState: null,
        evidence: [],
        actions: [],
        notes: null,
        reason: null,
        captures: [{ pestId: rat!.id, count: 1, band: null }],
        currentFindingId: null,
      },
      rules: { lateDeliveryMs: 86_400_000, cadenceWindowMs: 180_000, cadenceMaxDevices: 40 },
    };
    const changed = { result: 'CHANGED', technicianId: null, finding: null, item: null };
    // Checked as another device type, as an order still open, with the pest in another group, by a stale token.
    expect(await repository.writeFinding({ ...checked, trapType: 'LAMINA' })).toEqual(changed);
    expect(await repository.writeFinding({ ...checked, correction: true })).toEqual(changed);
    expect(await repository.writeFinding({ ...checked, pests: [{ id: rat!.id, group: 'VOLADORES' }] })).toEqual(
      changed,
    );
    expect(await repository.writeFinding({ ...checked, user: { id: tech.id, tokenVersion: 1 } })).toEqual(changed);
    // Checked against a current version the item does not have.
    expect(await repository.writeFinding({ ...checked, finding: { ...checked.finding, currentFindingId: 1 } })).toEqual(
      changed,
    );
    await t.database.db.update(pests).set({ isActive: false }).where(eq(pests.id, rat!.id));
    expect(await repository.writeFinding(checked)).toEqual(changed);
    await t.database.db.update(pests).set({ isActive: true }).where(eq(pests.id, rat!.id));
    expect(await findingRows()).toHaveLength(0);
    expect(await repository.writeFinding(checked)).toMatchObject({ result: 'RECORDED', technicianId: tech.id });
    expect(await repository.writeFinding(checked)).toMatchObject({ result: 'REPLAYED', technicianId: tech.id });
    // A second version checked before the first was written: the first is now current, so it is read again.
    expect(
      await repository.writeFinding({ ...checked, finding: { ...checked.finding, clientFindingId: randomUUID() } }),
    ).toEqual(changed);
    expect(await findingRows()).toHaveLength(1);
  });

  it('after close, takes only an administrator’s correction with a reason, current, and keeps the earlier version', async () => {
    const { order, items } = await orderWith(['CEBADERO']);
    const original = await stored(tech, order.id, items[0]!, nothingFound({ baitConsumption: 25 }));
    expect((await close(t, tech, order.id)).statusCode).toBe(200);

    expect(await refused(order.id, items[0]!, { baitConsumption: 0 }, 409)).toBe(FindingMessages.closedForTechnician);
    const withoutReason = await putFinding(t, admin, order.id, items[0]!, nothingFound({ baitConsumption: 0 }));
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().message).toBe(FindingMessages.reasonRequired);

    // Recorded on a clock behind the original's: a correction is current all the same.
    const correction = await stored(
      admin,
      order.id,
      items[0]!,
      nothingFound({
        baitConsumption: 0,
        reason: 'El técnico marcó 25 % por error.',
        recordedAt: original.finding.recordedAt,
      }),
    );
    expect(correction.finding).toMatchObject({
      isCorrection: true,
      isCurrent: true,
      reason: 'El técnico marcó 25 % por error.',
      activity: 'NINGUNA',
      versionCount: 2,
    });
    const versions = await versionsOf(order.id, items[0]!);
    expect(versions.map((version) => version.id)).toEqual([correction.finding.id, original.finding.id]);
    expect(versions[1]).toEqual({ ...original.finding, isCurrent: false, versionCount: 2 });
    // A replay of what the technician sent before the close is still answered as it was.
    const replay = await putFinding(t, tech, order.id, items[0]!, {
      ...nothingFound(),
      clientFindingId: original.finding.clientFindingId,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<FindingResponse>().finding.id).toBe(original.finding.id);
  });
});

describe('lowering what was recorded in an open order', () => {
  const lowerRefused = async (sessionId: number, itemId: number, body: PutFindingInput) => {
    const response = await putFinding(t, tech, sessionId, itemId, body);
    expect(response.statusCode, response.body).toBe(422);
    return response.json();
  };

  it('needs a reason to replace 4 catches by «Sin novedad», and keeps the catches current until one is given', async () => {
    const { order, traps, items } = await orderWith(['LAMINA']);
    const caught = await stored(
      tech,
      order.id,
      items[0]!,
      nothingFound({ captures: [{ pestId: pest['Cucaracha alemana']!, count: 4 }] }),
    );

    expect(await lowerRefused(order.id, items[0]!, nothingFound())).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      code: 'REASON_REQUIRED',
      message: FindingMessages.lowerNeedsReason(traps[0]!.code),
    });
    // A reason of blanks is no reason.
    await lowerRefused(order.id, items[0]!, nothingFound({ reason: '   ' }));
    expect((await orderOf(order.id)).items[0]!.finding!.id).toBe(caught.finding.id);
    expect(await findingRows()).toHaveLength(1);

    const corrected = await stored(tech, order.id, items[0]!, nothingFound({ reason: ' Era polvo, no insectos. ' }));
    expect(corrected.finding).toMatchObject({
      activity: 'NINGUNA',
      reason: 'Era polvo, no insectos.',
      isCurrent: true,
    });
    expect(corrected.item.finding!.id).toBe(corrected.finding.id);
    expect(await versionsOf(order.id, items[0]!)).toHaveLength(2);
  });

  it('counts as lowering a lower activity, fewer catches, a sign removed and less bait eaten', async () => {
    const { order, items } = await orderWith(['LAMINA', 'CEBADERO', 'OTRO', 'LAMINA']);
    const moth = pest['Polilla india de la harina']!;
    await stored(tech, order.id, items[0]!, nothingFound({ captures: [{ pestId: moth, band: '11-50' }] }));
    // 11–50 to 12 counted is not fewer (a band counts as its least); 12 to 11 is.
    await stored(tech, order.id, items[0]!, nothingFound({ captures: [{ pestId: moth, count: 12 }] }));
    await lowerRefused(order.id, items[0]!, nothingFound({ captures: [{ pestId: moth, count: 11 }] }));

    await stored(tech, order.id, items[1]!, nothingFound({ baitConsumption: 50 }));
    await lowerRefused(order.id, items[1]!, nothingFound({ baitConsumption: 25 }));
    await lowerRefused(order.id, items[1]!, nothingFound({ baitState: 'CEBO_AUSENTE' }));
    await stored(tech, order.id, items[1]!, nothingFound({ baitConsumption: 75 }));

    await stored(tech, order.id, items[2]!, nothingFound({ evidence: ['EXCREMENTOS', 'ROEDURAS'] }));
    // The same activity (low) with one sign less is still lowering.
    await lowerRefused(order.id, items[2]!, nothingFound({ evidence: ['ROEDURAS'] }));
    await stored(tech, order.id, items[2]!, nothingFound({ evidence: ['ROEDURAS', 'EXCREMENTOS', 'HUELLAS'] }));

    await stored(tech, order.id, items[3]!, nothingFound({ activity: 'ALTA' }));
    await lowerRefused(order.id, items[3]!, nothingFound({ activity: 'MEDIA' }));
    // What is not lowering needs nothing: the same again, more, a note, an action.
    await stored(tech, order.id, items[3]!, nothingFound({ activity: 'ALTA', notes: 'Revisada de nuevo.' }));
    await stored(tech, order.id, items[3]!, nothingFound({ activity: 'ALTA', actions: ['LAMINA_CAMBIADA'] }));
  });

  it('answers a replay as stored, and takes without a reason a version recorded before the current one', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const first = nothingFound({ recordedAt: minutesFromNow(-30) });
    const none = await stored(tech, order.id, items[0]!, first);
    const catches = nothingFound({ captures: [{ pestId: pest['Cucaracha alemana']!, count: 4 }] });
    const current = await stored(tech, order.id, items[0]!, catches);
    // The first «Sin novedad» delivered again (a lost answer): the version it stored, not a lowering.
    const replay = await stored(tech, order.id, items[0]!, first);
    expect(replay.finding).toMatchObject({ id: none.finding.id, isCurrent: false });
    // Recorded offline an hour ago, delivered now: kept as history, the catches stay current.
    const late = await stored(tech, order.id, items[0]!, nothingFound({ recordedAt: minutesFromNow(-60) }));
    expect(late.finding.isCurrent).toBe(false);
    expect(late.item.finding!.id).toBe(current.finding.id);
    // A device clock ahead of the server's is the server's time: it would be current, so it needs a reason.
    await lowerRefused(order.id, items[0]!, nothingFound({ recordedAt: minutesFromNow(60) }));
  });

  it('asks the same of an administrator in an open order', async () => {
    const { order, items } = await orderWith(['CEBADERO']);
    await stored(tech, order.id, items[0]!, nothingFound({ baitConsumption: 100 }));
    const response = await putFinding(t, admin, order.id, items[0]!, nothingFound({ baitConsumption: 0 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('REASON_REQUIRED');
  });
});

describe('flags the office sees', () => {
  it('uses the server’s time for a device time ahead of it or before the order, and flags it', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA']);
    for (const [index, recordedAt] of [minutesFromNow(60), '2020-01-01T00:00:00Z'].entries()) {
      const { finding } = await stored(tech, order.id, items[index]!, nothingFound({ recordedAt }));
      expect(finding.flags).toEqual(['HORA_IMPLAUSIBLE']);
      expect(finding.recordedAt).toBe(finding.receivedAt);
    }
    const [row] = await t.database.db.select().from(findings).where(eq(findings.itemId, items[1]!));
    expect(row!.deviceTime.toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });

  it('flags a finding received more than a day after it was recorded', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA']);
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(sessions.id, order.id));
    const late = await stored(tech, order.id, items[0]!, nothingFound({ recordedAt: minutesFromNow(-2 * 24 * 60) }));
    expect(late.finding.flags).toEqual(['ENVIO_TARDIO']);
    const recent = await stored(tech, order.id, items[1]!, nothingFound({ recordedAt: minutesFromNow(-23 * 60) }));
    expect(recent.finding.flags).toEqual([]);
  });

  it(`flags an implausible cadence: the ${CADENCE_MAX_DEVICES}th device within 3 minutes`, async () => {
    const count = CADENCE_MAX_DEVICES + 1;
    const { order, items } = await orderWith(Array.from({ length: count }, () => 'LAMINA' as const));
    const start = Date.now() - 10 * 60_000;
    const flags = [];
    for (const [index, itemId] of items.entries()) {
      // One every 4 seconds: 40 devices take 156 s; the last one is 4 minutes after the first.
      const recordedAt = new Date(start + index * (index === count - 1 ? 6_000 : 4_000)).toISOString();
      flags.push((await stored(tech, order.id, itemId, nothingFound({ recordedAt }))).finding.flags);
    }
    expect(flags.slice(0, CADENCE_MAX_DEVICES - 1).every((flag) => flag.length === 0)).toBe(true);
    expect(flags[CADENCE_MAX_DEVICES - 1]).toEqual(['CADENCIA_IMPLAUSIBLE']);
    // 40 s later the window holds fewer devices again.
    expect(flags[count - 1]).toEqual([]);
  });

  it('marks a tampered device without a photo until a photo of it arrives', async () => {
    const { order, items } = await orderWith(['CEBADERO']);
    const { finding } = await stored(tech, order.id, items[0]!, nothingFound({ deviceStatus: 'MANIPULADA' }));
    expect(finding.flags).toEqual(['FOTO_PENDIENTE']);
    const photo = await postPhoto(t, tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg });
    expect(photo.statusCode, photo.body).toBe(201);
    expect((await orderOf(order.id)).items[0]!.finding!.flags).toEqual([]);
  });
});

describe('POST /api/sessions/:id/items/:itemId/exception', () => {
  it('completes a trap without a scan, counts it, and lets the technician close the order', async () => {
    const { order, items, traps } = await orderWith(['CEBADERO', 'LAMINA'], { scanned: false });
    expect((await scan(t, tech, order.id, traps[0]!.qrSlug)).statusCode).toBe(200);
    const body = notFoundException({ reason: 'INACCESIBLE', note: 'Zona cerrada con llave.' });
    const response = await recordException(t, tech, order.id, items[1]!, body);
    expect(response.statusCode, response.body).toBe(200);
    const { session, item } = response.json<ScanResponse>();
    expect(session).toMatchObject({ completedCount: 2, status: 'IN_PROGRESS' });
    expect(item).toMatchObject({
      status: 'COMPLETED',
      outcome: 'EXCEPTION',
      exception: { reason: 'INACCESIBLE', note: 'Zona cerrada con llave.' },
      completedBy: { id: tech.id },
      finding: null,
    });
    expect(Date.parse(item.completedAt!)).toBe(Date.parse(body.recordedAt));

    const again = await recordException(t, tech, order.id, items[1]!, { ...body, note: 'otra' });
    expect(again.statusCode).toBe(200);
    expect(again.json<ScanResponse>()).toEqual({ session, item });

    const closed = await close(t, tech, order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Session>().items.map((listed) => listed.outcome)).toEqual(['SCANNED', 'EXCEPTION']);
  });

  it('requires a note and a known reason', async () => {
    const { order, items } = await orderWith(['LAMINA'], { scanned: false });
    for (const body of [
      notFoundException({ note: '   ' }),
      { ...notFoundException(), reason: 'PERDIDA' },
      { ...notFoundException(), note: undefined },
      notFoundException({ note: 'n'.repeat(1001) }),
    ]) {
      const response = await recordException(t, tech, order.id, items[0]!, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await orderOf(order.id)).completedCount).toBe(0);
  });

  it('takes a preset detail without a note, and answers each exception with its detail and its note or null', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA', 'LAMINA', 'LAMINA'], { scanned: false });
    const record = async (itemId: number, fields: object) => {
      const response = await recordException(t, tech, order.id, itemId, { ...notFoundException(), ...fields });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ScanResponse>().item.exception;
    };
    // A preset detail says why: no note needed, and none is invented.
    expect(await record(items[0]!, { reason: 'INACCESIBLE', reasonDetail: 'AREA_CERRADA', note: undefined })).toEqual({
      reason: 'INACCESIBLE',
      reasonDetail: 'AREA_CERRADA',
      note: null,
    });
    expect(
      await record(items[1]!, { reasonDetail: 'RETIRADO_CLIENTE', note: '  Lo quitaron en la reforma. ' }),
    ).toEqual({ reason: 'NO_ENCONTRADO', reasonDetail: 'RETIRADO_CLIENTE', note: 'Lo quitaron en la reforma.' });
    expect(await record(items[2]!, { reasonDetail: 'OTRO', note: 'Inundado.' })).toEqual({
      reason: 'NO_ENCONTRADO',
      reasonDetail: 'OTRO',
      note: 'Inundado.',
    });
    // A phone from before details sends its note alone.
    expect(await record(items[3]!, {})).toEqual({
      reason: 'NO_ENCONTRADO',
      reasonDetail: null,
      note: 'La trampa no estaba en su lugar.',
    });
    const answered = (await t.app.inject({ url: `/api/sessions/${order.id}`, headers: tech.headers })).json<Session>();
    expect(answered.items.map((item) => item.exception?.reasonDetail)).toEqual([
      'AREA_CERRADA',
      'RETIRADO_CLIENTE',
      'OTRO',
      null,
    ]);
  });

  it('needs a note with «Otro» or without a detail, and a known detail', async () => {
    const { order, items } = await orderWith(['LAMINA'], { scanned: false });
    for (const [fields, message] of [
      [{ reasonDetail: 'OTRO', note: undefined }, FindingMessages.exceptionNoteRequired],
      [{ reasonDetail: 'OTRO', note: '   ' }, FindingMessages.exceptionNoteRequired],
      [{ note: undefined }, FindingMessages.exceptionNoteRequired],
      [{ reasonDetail: 'CERRADO' }, 'El detalle del motivo debe ser uno de'],
    ] as const) {
      const response = await recordException(t, tech, order.id, items[0]!, { ...notFoundException(), ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain(message);
    }
    expect((await orderOf(order.id)).completedCount).toBe(0);
  });

  it('shares the id space with scans: an id a scan used, or used on another trap, is refused', async () => {
    const { order, items, traps } = await orderWith(['LAMINA', 'LAMINA', 'LAMINA'], { scanned: false });
    const scanId = randomUUID();
    const scanned = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${order.id}/scan`,
      headers: tech.headers,
      payload: { qrSlug: traps[0]!.qrSlug, clientScanId: scanId },
    });
    expect(scanned.statusCode).toBe(200);
    const reused = await recordException(t, tech, order.id, items[1]!, notFoundException({ clientScanId: scanId }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(SessionMessages.clientScanIdReused);

    const exceptionId = randomUUID();
    expect(
      (await recordException(t, tech, order.id, items[1]!, notFoundException({ clientScanId: exceptionId })))
        .statusCode,
    ).toBe(200);
    expect(
      (await recordException(t, tech, order.id, items[2]!, notFoundException({ clientScanId: exceptionId })))
        .statusCode,
    ).toBe(409);
    const scanWithExceptionId = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${order.id}/scan`,
      headers: tech.headers,
      payload: { qrSlug: traps[2]!.qrSlug, clientScanId: exceptionId },
    });
    expect(scanWithExceptionId.statusCode).toBe(409);
    expect((await orderOf(order.id)).completedCount).toBe(2);
  });

  it('refuses a trap already completed, a closed order and another technician', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA'], { scanned: false });
    const { order: scannedOrder, items: scannedItems } = await orderWith(['LAMINA']);
    const done = await recordException(t, tech, scannedOrder.id, scannedItems[0]!, notFoundException());
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(FindingMessages.alreadyCompleted);

    const other = await recordException(t, otherTech, order.id, items[0]!, notFoundException());
    expect(other.statusCode).toBe(404);
    expect((await close(t, admin, order.id, { force: true })).statusCode).toBe(200);
    const afterClose = await recordException(t, tech, order.id, items[0]!, notFoundException());
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().message).toBe(SessionMessages.alreadyClosed);
    expect((await orderOf(order.id)).items.every((item) => item.outcome === null)).toBe(true);
  });
});

describe('photos', () => {
  const upload = (user: TestUser, sessionId: number, itemId: number, fields: Parameters<typeof postPhoto>[4]) =>
    postPhoto(t, user, sessionId, itemId, fields);

  it('keeps a JPEG or WebP photo, once per clientPhotoId, shown on the item and served to its technician', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const clientPhotoId = randomUUID();
    const first = await upload(tech, order.id, items[0]!, { clientPhotoId, file: jpeg });
    expect(first.statusCode, first.body).toBe(201);
    const photo = first.json<Photo>();
    expect(photo).toMatchObject({ itemId: items[0], sessionId: order.id, mediaType: 'image/jpeg', size: jpeg.length });
    const replay = await upload(tech, order.id, items[0]!, { clientPhotoId, file: jpeg });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Photo>().id).toBe(photo.id);
    const second = await upload(tech, order.id, items[0]!, {
      clientPhotoId: randomUUID(),
      file: webp,
      filename: 'x.webp',
    });
    expect(second.json<Photo>().mediaType).toBe('image/webp');
    expect((await orderOf(order.id)).items[0]!.photoIds).toEqual([photo.id, second.json<Photo>().id]);

    const served = await get(`/api/photos/${photo.id}`, tech);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await get(`/api/photos/${photo.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/photos/${photo.id}`, otherTech)).statusCode).toBe(404);
    const cached = await t.app.inject({
      url: `/api/photos/${photo.id}`,
      headers: { ...tech.headers, 'if-none-match': served.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('checks the bytes, not the name: an HTML page named .jpg and a PNG are refused (415), over 2 MB is 413', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const png = await planImage(64, 48, 'png');
    for (const file of [html, png]) {
      const response = await upload(tech, order.id, items[0]!, {
        clientPhotoId: randomUUID(),
        file,
        filename: 'foto.jpg',
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json().message).toBe(PhotoMessages.wrongType);
    }
    const large = Buffer.concat([jpeg.subarray(0, 16), Buffer.alloc(2 * 1024 * 1024 - 15)]);
    const tooLarge = await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: large });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(PhotoMessages.tooLarge);
    // A photo of exactly 2 MB: a real one (photos are decoded whole), padded after its end of image.
    const exactly = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024 - jpeg.length)]);
    expect((await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: exactly })).statusCode).toBe(
      201,
    );
    const missing = await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID() });
    expect(missing.json().message).toBe(PhotoMessages.fileRequired);
    const badId = await upload(tech, order.id, items[0]!, { clientPhotoId: 'foto-1', file: jpeg });
    expect(badId.statusCode).toBe(400);
    expect(await t.database.db.select().from(photos)).toHaveLength(1);
    // The photo and the thumbnail certificates print.
    expect(await t.database.db.select().from(files)).toHaveLength(2);
  });

  it('takes at most 5 photos of a trap: the 6th is refused, a replay of the 5th still answered', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const ids = Array.from({ length: 5 }, () => randomUUID());
    for (const clientPhotoId of ids) {
      expect((await upload(tech, order.id, items[0]!, { clientPhotoId, file: jpeg })).statusCode).toBe(201);
    }
    const sixth = await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(PhotoMessages.tooMany);
    expect((await upload(tech, order.id, items[0]!, { clientPhotoId: ids[4]!, file: jpeg })).statusCode).toBe(200);
    // Five photos, each with the thumbnail certificates print.
    expect(await t.database.db.select().from(files)).toHaveLength(10);
  });

  it('needs the trap completed and the order open; another technician is told the order does not exist', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA'], { scanned: false });
    const pending = await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(PhotoMessages.notCompleted);
    expect((await recordException(t, tech, order.id, items[1]!, notFoundException())).statusCode).toBe(200);
    // A photo of why the device could not be reached.
    expect((await upload(tech, order.id, items[1]!, { clientPhotoId: randomUUID(), file: jpeg })).statusCode).toBe(201);
    expect((await upload(otherTech, order.id, items[1]!, { clientPhotoId: randomUUID(), file: jpeg })).statusCode).toBe(
      404,
    );
    expect((await close(t, admin, order.id, { force: true })).statusCode).toBe(200);
    const closed = await upload(tech, order.id, items[1]!, { clientPhotoId: randomUUID(), file: jpeg });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SessionMessages.alreadyClosed);
  });

  it('deletes a photo and its file while the order is open, by its technician or an administrator', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    const photoIds = [];
    for (let index = 0; index < 3; index++) {
      photoIds.push(
        (await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg })).json<Photo>().id,
      );
    }
    const remove = (user: TestUser, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/photos/${id}`, headers: user.headers });
    expect((await remove(otherTech, photoIds[0]!)).statusCode).toBe(404);
    expect((await remove(tech, photoIds[0]!)).statusCode).toBe(204);
    expect((await remove(admin, photoIds[1]!)).statusCode).toBe(204);
    expect((await remove(tech, photoIds[1]!)).statusCode).toBe(404);
    expect((await get(`/api/photos/${photoIds[0]}`, tech)).statusCode).toBe(404);
    // The photo left, and its thumbnail.
    expect(await t.database.db.select().from(files)).toHaveLength(2);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const afterClose = await remove(admin, photoIds[2]!);
    expect(afterClose.statusCode).toBe(409);
    expect((await orderOf(order.id)).items[0]!.photoIds).toEqual([photoIds[2]]);
  });

  it('deletes the photos’ files with an order deleted in the database', async () => {
    const { order, items } = await orderWith(['LAMINA']);
    await upload(tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg });
    await stored(tech, order.id, items[0]!, nothingFound());
    // The API refuses (an order in progress is not deleted); an operator's cleanup still leaves no file behind.
    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${order.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
    await t.database.db.delete(sessions).where(eq(sessions.id, order.id));
    expect(await t.database.db.select().from(files)).toHaveLength(0);
    expect(await findingRows()).toHaveLength(0);
  });
});

describe('deliveries at once (a phone retrying while the first answer is on its way)', () => {
  it('stores each of 10 findings sent twice at the same moment exactly once', async () => {
    const { order, items } = await orderWith(Array.from({ length: 10 }, () => 'LAMINA' as const));
    const bodies = items.map(() => nothingFound({ captures: [{ pestId: pest.Moscas!, count: 2 }] }));
    // Each pair side by side: the two deliveries of one finding race each other.
    const responses = await Promise.all(
      items.flatMap((itemId, index) => [0, 1].map(() => putFinding(t, tech, order.id, itemId, bodies[index]!))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const ids = responses.map((response) => response.json<FindingResponse>().finding.id);
    expect(ids.filter((_, index) => index % 2 === 0)).toEqual(ids.filter((_, index) => index % 2 === 1));
    expect(await findingRows()).toHaveLength(items.length);
  });

  it('keeps 5 of 7 photos of one trap sent at once, and records an exception sent twice once', async () => {
    const { order, items } = await orderWith(['LAMINA', 'LAMINA'], { scanned: false });
    const body = notFoundException();
    const exceptions = await Promise.all([0, 1].map(() => recordException(t, tech, order.id, items[0]!, body)));
    expect(exceptions.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await orderOf(order.id)).completedCount).toBe(1);
    const uploads = await Promise.all(
      Array.from({ length: 7 }, () =>
        postPhoto(t, tech, order.id, items[0]!, { clientPhotoId: randomUUID(), file: jpeg }),
      ),
    );
    expect(uploads.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    // Five photos with their thumbnails: the two refused left neither.
    expect(await t.database.db.select().from(files)).toHaveLength(10);
  });
});

describe('GET /api/traps/:id/history', () => {
  it('gives each visit’s outcome and current finding', async () => {
    const { order, items, traps } = await orderWith(['LAMINA']);
    const { finding } = await stored(
      tech,
      order.id,
      items[0]!,
      nothingFound({ captures: [{ pestId: pest['Cucaracha alemana']!, count: 4 }] }),
    );
    const second = await createOrder(t, admin, tech.id, [traps[0]!.id]);
    const secondItem = second.items[0]!.id;
    expect((await recordException(t, tech, second.id, secondItem, notFoundException())).statusCode).toBe(200);
    const history = (await get(`/api/traps/${traps[0]!.id}/history`, admin)).json<TrapHistoryPage>();
    expect(history.items.map((entry) => [entry.sessionId, entry.outcome, entry.finding?.id ?? null])).toEqual([
      [second.id, 'EXCEPTION', null],
      [order.id, 'SCANNED', finding.id],
    ]);
    expect(history.items[0]!.exception).toEqual({
      reason: 'NO_ENCONTRADO',
      reasonDetail: null,
      note: 'La trampa no estaba en su lugar.',
    });
    expect(history.items[1]!.finding).toMatchObject({ activity: 'BAJA', captures: [{ count: 4 }] });
    const rows = await t.database.db
      .select()
      .from(findings)
      .where(inArray(findings.itemId, [items[0]!]));
    expect(rows[0]).toMatchObject({ trapId: traps[0]!.id, trapType: 'LAMINA', siteId: traps[0]!.siteId });
  });
});
