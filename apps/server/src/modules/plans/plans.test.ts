import type { Placement, PlacementEvent, Plan, PlanDetail } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { multipartForm, pieces } from '../../../test/multipart.js';
import { createOrder } from '../../../test/orders.js';
import { createPlan, placeMany, placeTrap, planForm, planImage, postPlan } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t, { fullName: 'Ana Oficina' });
});
afterAll(() => t.close());

const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

async function otherSite(name = 'Planta Norte'): Promise<number> {
  const [row] = await t.database.db.insert(sites).values({ name }).returning();
  return row!.id;
}

async function count(table: 'files' | 'file_chunks' | 'plans' | 'placement_events'): Promise<number> {
  const { rows } = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]!.n;
}

describe('uploading a plan', () => {
  it('keeps the image with its pixel size and type read from its bytes, and lists it in its site', async () => {
    const image = await planImage(1200, 800, 'webp');
    const response = await postPlan(t, admin, DEFAULT_SITE_ID, {
      name: '  Planta baja  ',
      file: image,
      filename: 'plano.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    const plan: Plan = response.json();
    expect(plan).toMatchObject({
      siteId: DEFAULT_SITE_ID,
      name: 'Planta baja',
      width: 1200,
      height: 800,
      mediaType: 'image/webp',
      size: image.length,
      placedCount: 0,
    });
    const list = await get(admin, `/api/sites/${DEFAULT_SITE_ID}/plans`);
    expect(list.json()).toEqual([plan]);
    const served = await get(admin, `/api/plans/${plan.id}/image`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('stores the size a photo is shown at: turned by its EXIF orientation', async () => {
    const photo = await sharp(await planImage(600, 400, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Foto del plano', photo);
    expect(plan).toMatchObject({ width: 400, height: 600, mediaType: 'image/jpeg' });
  });

  it('refuses HTML named .png and sent as image/png with 415, and stores nothing', async () => {
    const response = await postPlan(t, admin, DEFAULT_SITE_ID, {
      name: 'Plano',
      file: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      filename: 'plano.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('El plano debe ser una imagen PNG, JPEG o WebP.');
    expect(await count('files')).toBe(0);
  });

  it('refuses a PDF (the browser turns one into an image first) and an SVG with 415', async () => {
    for (const file of [
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const response = await postPlan(t, admin, DEFAULT_SITE_ID, { name: 'Plano', file });
      expect(response.statusCode).toBe(415);
    }
  });

  it('refuses an image over 15 MB with 413 while it arrives', async () => {
    const head = (await planImage(100, 100)).subarray(0, 64);
    const form = multipartForm([
      { name: 'name', value: 'Enorme' },
      { name: 'file', filename: 'plano.png', contentType: 'image/png', data: pieces(head, 16) },
    ]);
    const { stream, sent } = form.stream();
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/plans`,
      headers: { ...admin.headers, ...form.headers },
      payload: stream,
    });
    expect(sent()).toBeLessThan(16 * 1024 * 1024);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('La imagen del plano supera los 15 MB.');
    expect(await count('files')).toBe(0);
  });

  it('answers a missing file or name, an empty file, a cut or oversized image with a Spanish 400', async () => {
    const png = await planImage(300, 200);
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const cases: [Parameters<typeof postPlan>[3], string][] = [
      [{ name: 'Plano' }, 'Adjunta la imagen del plano en el campo file.'],
      [{ file: png }, 'El nombre del plano es obligatorio.'],
      [{ name: '   ', file: png }, 'El nombre del plano es obligatorio.'],
      [{ name: 'x'.repeat(121), file: png }, 'El nombre del plano admite como máximo 120 caracteres.'],
      [{ name: 'Plano', file: Buffer.alloc(0) }, 'La imagen del plano está vacía.'],
      [{ name: 'Plano', file: png.subarray(0, png.length - 40) }, 'No se pudo leer el tamaño de la imagen del plano.'],
      [{ name: 'Plano', file: huge }, 'La imagen del plano supera los 40 megapíxeles: redúcela antes de subirla.'],
    ];
    for (const [fields, message] of cases) {
      const response = await postPlan(t, admin, DEFAULT_SITE_ID, fields);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 400, message });
    }
    expect(await count('files')).toBe(0);
  });

  it('refuses a name already used in the site, ignoring case, but not one used in another site', async () => {
    await createPlan(t, admin, DEFAULT_SITE_ID, 'Bodega');
    const again = await postPlan(t, admin, DEFAULT_SITE_ID, { name: 'BODEGA', file: await planImage(10, 10) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya existe un plano con ese nombre en este sitio.');
    const elsewhere = await postPlan(t, admin, await otherSite(), { name: 'Bodega', file: await planImage(10, 10) });
    expect(elsewhere.statusCode).toBe(201);
    expect(await count('plans')).toBe(2);
  });

  it('answers 404 for a site that does not exist, and 415 for a JSON body', async () => {
    const missing = await postPlan(t, admin, 999, { name: 'Plano', file: await planImage(10, 10) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El sitio no existe.');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/plans`,
      headers: admin.headers,
      payload: { name: 'Plano' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envía el formulario como multipart/form-data.');
  });
});

describe('serving the image', () => {
  it('sends the stored type, nosniff, its name and an ETag, and 304 to a client whose copy is current', async () => {
    const image = await planImage(200, 100);
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja', image);
    const first = await get(admin, `/api/plans/${plan.id}/image`);
    expect(first.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'content-length': String(image.length),
    });
    expect(first.headers['content-disposition']).toContain(`filename*=UTF-8''Planta%20baja.png`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(admin, `/api/plans/${plan.id}/image`, { 'if-none-match': `W/${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await get(admin, `/api/plans/${plan.id}/image`, { 'if-none-match': '"otra"' });
    expect(stale.statusCode).toBe(200);
  });
});

describe('renaming, replacing and deleting a plan', () => {
  async function planWithDevices() {
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    const traps = [await createTrap(t, { code: 'B-2' }), await createTrap(t, { code: 'A-1' })];
    for (const [index, trap] of traps.entries()) {
      expect((await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.25 * (index + 1), y: 0.5 })).statusCode).toBe(
        200,
      );
    }
    return { plan, traps };
  }

  it('renames a plan and keeps its devices where they were', async () => {
    const { plan } = await planWithDevices();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/plans/${plan.id}`,
      headers: admin.headers,
      payload: { name: 'Nivel 1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Nivel 1', placedCount: 2 });
    expect(Date.parse(response.json().updatedAt)).toBeGreaterThan(Date.parse(plan.updatedAt));
    const detail: PlanDetail = (await get(admin, `/api/plans/${plan.id}`)).json();
    expect(detail.devices.map((device) => [device.number, device.code, device.x])).toEqual([
      [1, 'A-1', 0.5],
      [2, 'B-2', 0.25],
    ]);
  });

  it('refuses to rename a plan to another plan of the site, and answers 404 for a missing one', async () => {
    await createPlan(t, admin, DEFAULT_SITE_ID, 'Bodega');
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Oficinas');
    const patch = (id: number, name: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/plans/${id}`, headers: admin.headers, payload: { name } });
    expect((await patch(plan.id, 'bodega')).statusCode).toBe(409);
    expect((await patch(plan.id, 'OFICINAS')).json().name).toBe('OFICINAS');
    const missing = await patch(999, 'Otro');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El plano no existe.');
  });

  it('replaces the image: new size, type and bytes, the old file gone, the devices where they were', async () => {
    const { plan } = await planWithDevices();
    const oldEtag = (await get(admin, `/api/plans/${plan.id}/image`)).headers.etag;
    const image = await planImage(800, 600, 'jpeg');
    const form = planForm({ file: image, filename: 'nuevo.jpg', contentType: 'image/jpeg' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.id}/image`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Planta baja',
      width: 800,
      height: 600,
      mediaType: 'image/jpeg',
      size: image.length,
      placedCount: 2,
    });
    const served = await get(admin, `/api/plans/${plan.id}/image`, { 'if-none-match': oldEtag as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(await count('files')).toBe(1);
    const detail: PlanDetail = (await get(admin, `/api/plans/${plan.id}`)).json();
    expect(detail.devices.map((device) => [device.code, device.x, device.y])).toEqual([
      ['A-1', 0.5, 0.5],
      ['B-2', 0.25, 0.5],
    ]);
  });

  it('refuses a replacement that is not an image, keeping the old one', async () => {
    const { plan } = await planWithDevices();
    const form = planForm({ file: Buffer.from('<html></html>') });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.id}/image`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload(),
    });
    expect(response.statusCode).toBe(415);
    expect((await get(admin, `/api/plans/${plan.id}`)).json()).toMatchObject({ width: 400, height: 300 });
  });

  it('deletes a plan with its image: its devices become unplaced, and their history says so', async () => {
    const { plan, traps } = await planWithDevices();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/plans/${plan.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(204);
    expect((await get(admin, `/api/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/placements`)).json()).toEqual([]);
    expect([await count('files'), await count('file_chunks'), await count('plans')]).toEqual([0, 0, 0]);
    const unplaced = await t.app.inject({
      url: `/api/traps?siteId=${DEFAULT_SITE_ID}&placed=false`,
      headers: admin.headers,
    });
    expect(unplaced.json().total).toBe(2);
    for (const trap of traps) {
      const events: PlacementEvent[] = (await get(admin, `/api/traps/${trap.id}/placement-events`)).json();
      expect(events.map((event) => [event.planId, event.planName, event.x, event.by?.fullName])).toEqual([
        [null, null, null, 'Ana Oficina'],
        [plan.id, null, expect.any(Number), 'Ana Oficina'],
      ]);
    }
    const again = await t.app.inject({ method: 'DELETE', url: `/api/plans/${plan.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });
});

describe('placing devices', () => {
  let plan: Plan;
  beforeEach(async () => {
    plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
  });

  it('places a device at a point of the plan and answers where', async () => {
    const trap = await createTrap(t);
    const response = await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0, y: 1 });
    expect(response.statusCode).toBe(200);
    const placement: Placement = response.json();
    expect(placement).toMatchObject({ trapId: trap.id, planId: plan.id, x: 0, y: 1 });
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/placements`)).json()).toEqual([placement]);
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/plans`)).json()[0].placedCount).toBe(1);
  });

  it('refuses a point outside the image with a Spanish 400, and writes nothing', async () => {
    const trap = await createTrap(t);
    const cases: [object, string][] = [
      [{ planId: plan.id, x: 1.2, y: 0.5 }, 'x debe estar entre 0 y 1.'],
      [{ planId: plan.id, x: 0.5, y: -0.01 }, 'y debe estar entre 0 y 1.'],
      [{ planId: plan.id, x: '0.5', y: 0.5 }, 'x debe ser un número entre 0 y 1.'],
      [{ planId: plan.id, x: 0.5 }, 'y debe ser un número entre 0 y 1.'],
    ];
    for (const [body, message] of cases) {
      const response = await placeTrap(t, admin, trap.id, body);
      expect(response.statusCode).toBe(400);
      expect([response.json().message].flat()).toContain(message);
    }
    expect(await count('placement_events')).toBe(0);
  });

  it('refuses a plan of another site with 400, and unknown traps and plans with 404', async () => {
    const elsewhere = await createTrap(t, { siteId: await otherSite() });
    const response = await placeTrap(t, admin, elsewhere.id, { planId: plan.id, x: 0.5, y: 0.5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('La trampa y el plano deben ser del mismo sitio.');
    const trap = await createTrap(t);
    expect((await placeTrap(t, admin, 999, { planId: plan.id, x: 0.5, y: 0.5 })).json().message).toBe(
      'La trampa no existe.',
    );
    const noPlan = await placeTrap(t, admin, trap.id, { planId: 999, x: 0.5, y: 0.5 });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().message).toBe('El plano no existe.');
    expect(await count('placement_events')).toBe(0);
  });

  it('keeps a device on one plan at most: placing it on another moves it', async () => {
    const upstairs = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta alta');
    const trap = await createTrap(t);
    await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.1, y: 0.1 });
    await placeTrap(t, admin, trap.id, { planId: upstairs.id, x: 0.9, y: 0.9 });
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/placements`)).json()).toEqual([
      expect.objectContaining({ trapId: trap.id, planId: upstairs.id, x: 0.9, y: 0.9 }),
    ]);
    const plans: Plan[] = (await get(admin, `/api/sites/${DEFAULT_SITE_ID}/plans`)).json();
    expect(plans.map((each) => [each.name, each.placedCount])).toEqual([
      ['Planta alta', 1],
      ['Planta baja', 0],
    ]);
  });

  it('keeps every change with who and when, newest first; the same place again records nothing', async () => {
    const other = await createAdmin(t, { fullName: 'Bruno Jefe' });
    const trap = await createTrap(t);
    const before = Date.now();
    await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.1, y: 0.2 });
    await placeTrap(t, other, trap.id, { planId: plan.id, x: 0.3, y: 0.4 });
    const repeated = await placeTrap(t, other, trap.id, { planId: plan.id, x: 0.3, y: 0.4 });
    expect(repeated.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/traps/${trap.id}/placement`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const events: PlacementEvent[] = (await get(admin, `/api/traps/${trap.id}/placement-events`)).json();
    expect(events.map((event) => [event.planId, event.planName, event.x, event.y, event.by?.fullName])).toEqual([
      [null, null, null, null, 'Ana Oficina'],
      [plan.id, 'Planta baja', 0.3, 0.4, 'Bruno Jefe'],
      [plan.id, 'Planta baja', 0.1, 0.2, 'Ana Oficina'],
    ]);
    for (const event of events) expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/traps/${trap.id}/placement`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('La trampa no está ubicada en ningún plano.');
    expect((await get(admin, '/api/traps/999/placement-events')).statusCode).toBe(404);
  });

  it('numbers the devices of a plan by their codes, in code order, and leaves retired ones off the plan and its counts', async () => {
    const codes = ['b-10', 'A-2', 'a-1', 'B-9'];
    const traps = [];
    for (const code of codes) traps.push(await createTrap(t, { code }));
    for (const trap of traps) await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.5, y: 0.5 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/traps/${traps[3]!.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    const detail: PlanDetail = (await get(admin, `/api/plans/${plan.id}`)).json();
    expect(detail.placedCount).toBe(3);
    // Each mark is its code's number (b-10 is 10, B-9 retired leaves no gap to fill)…
    expect(detail.devices.map((device) => `${device.number} ${device.code}`)).toEqual(['1 a-1', '2 A-2', '10 b-10']);
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/placements`)).json()).toHaveLength(3);
    // …unless two codes share a number or one has none: then 1…n in code order.
    const twin = await createTrap(t, { code: 'c-10' });
    await placeTrap(t, admin, twin.id, { planId: plan.id, x: 0.2, y: 0.2 });
    const twins: PlanDetail = (await get(admin, `/api/plans/${plan.id}`)).json();
    expect(twins.devices.map((device) => `${device.number} ${device.code}`)).toEqual([
      '1 a-1',
      '2 A-2',
      '3 b-10',
      '4 c-10',
    ]);
  });

  it('lets two devices be placed on one plan at once', async () => {
    const traps = [await createTrap(t), await createTrap(t), await createTrap(t)];
    const answers = await Promise.all(
      traps.map((trap, index) => placeTrap(t, admin, trap.id, { planId: plan.id, x: index / 3, y: 0.5 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await count('placement_events')).toBe(3);
  });
});

describe('placing many devices at once', () => {
  let plan: Plan;
  beforeEach(async () => {
    plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
  });

  const auditOf = async (trapId: number) => {
    const response = await get(admin, `/api/audit-log?entity=placement&entityId=${trapId}&pageSize=50`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { action: string; actor: { fullName: string } | null; after: unknown }[] }>().items;
  };

  it("places every device named, moves one from another plan, and keeps each one's history and change log", async () => {
    const upstairs = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta alta');
    const traps = [await createTrap(t), await createTrap(t), await createTrap(t)];
    await placeTrap(t, admin, traps[2]!.id, { planId: upstairs.id, x: 0.9, y: 0.9 });
    const response = await placeMany(t, admin, plan.id, {
      placements: traps.map((trap, index) => ({ trapId: trap.id, x: 0.1 + index * 0.2, y: 0.5 })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer: Placement[] = response.json();
    expect(answer.map(({ trapId, planId, x, y }) => ({ trapId, planId, x, y }))).toEqual(
      traps.map((trap, index) => ({ trapId: trap.id, planId: plan.id, x: 0.1 + index * 0.2, y: 0.5 })),
    );
    const detail: PlanDetail = (await get(admin, `/api/plans/${plan.id}`)).json();
    expect(detail.devices.map((device) => device.trapId)).toEqual(traps.map((trap) => trap.id));
    const plans: Plan[] = (await get(admin, `/api/sites/${DEFAULT_SITE_ID}/plans`)).json();
    expect(plans.map((each) => [each.name, each.placedCount])).toEqual([
      ['Planta alta', 0],
      ['Planta baja', 3],
    ]);
    const moved: PlacementEvent[] = (await get(admin, `/api/traps/${traps[2]!.id}/placement-events`)).json();
    expect(moved.map((event) => [event.planName, event.x, event.by?.fullName])).toEqual([
      ['Planta baja', 0.5, 'Ana Oficina'],
      ['Planta alta', 0.9, 'Ana Oficina'],
    ]);
    expect(await count('placement_events')).toBe(4);
    const audit = await auditOf(traps[0]!.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        actor: expect.objectContaining({ fullName: 'Ana Oficina' }),
        after: expect.objectContaining({ trapId: traps[0]!.id, planId: plan.id, x: 0.1, y: 0.5 }),
      }),
    ]);
  });

  it('records nothing for a device already at its point', async () => {
    const [still, moving] = [await createTrap(t), await createTrap(t)];
    await placeTrap(t, admin, still.id, { planId: plan.id, x: 0.3, y: 0.3 });
    const response = await placeMany(t, admin, plan.id, {
      placements: [
        { trapId: still.id, x: 0.3, y: 0.3 },
        { trapId: moving.id, x: 0.6, y: 0.6 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Placement[]>().map((each) => each.trapId)).toEqual([still.id, moving.id]);
    expect(await count('placement_events')).toBe(2);
  });

  it('refuses the whole request for one device of another site, one unknown, one repeated or a point off the plan', async () => {
    const ours = await createTrap(t);
    const foreign = await createTrap(t, { siteId: await otherSite(), code: 'NORTE-1' });
    const cases: [object, number, string][] = [
      [
        {
          placements: [
            { trapId: ours.id, x: 0.5, y: 0.5 },
            { trapId: foreign.id, x: 0.2, y: 0.2 },
          ],
        },
        400,
        'Los dispositivos deben ser del sitio del plano; no lo es: NORTE-1.',
      ],
      [
        {
          placements: [
            { trapId: ours.id, x: 0.5, y: 0.5 },
            { trapId: 999, x: 0.2, y: 0.2 },
          ],
        },
        404,
        'La trampa 999 no existe.',
      ],
      [
        {
          placements: [
            { trapId: ours.id, x: 0.5, y: 0.5 },
            { trapId: ours.id, x: 0.2, y: 0.2 },
          ],
        },
        400,
        `La trampa ${ours.id} aparece más de una vez: cada dispositivo va en un solo lugar.`,
      ],
      [{ placements: [{ trapId: ours.id, x: 1.5, y: 0.5 }] }, 400, 'x debe estar entre 0 y 1.'],
      [{ placements: [] }, 400, 'Indica al menos un dispositivo que ubicar.'],
      [{}, 400, 'Indica al menos un dispositivo que ubicar.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await placeMany(t, admin, plan.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect([response.json().message].flat()).toContain(message);
    }
    const noPlan = await placeMany(t, admin, 999, { placements: [{ trapId: ours.id, x: 0.5, y: 0.5 }] });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().message).toBe('El plano no existe.');
    expect(await count('placement_events')).toBe(0);
    expect((await get(admin, `/api/sites/${DEFAULT_SITE_ID}/placements`)).json()).toEqual([]);
    expect(await auditOf(ours.id)).toEqual([]);
  });

  it('places a whole site of 500 devices in one request', async () => {
    const traps = [];
    for (let index = 0; index < 500; index += 1) traps.push(await createTrap(t));
    const response = await placeMany(t, admin, plan.id, {
      placements: traps.map((trap, index) => ({
        trapId: trap.id,
        x: (index % 25) / 25,
        y: Math.floor(index / 25) / 20,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toHaveLength(500);
    expect(await count('placement_events')).toBe(500);
  });

  it('is for administrators only', async () => {
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const response = await placeMany(t, tech, plan.id, { placements: [{ trapId: trap.id, x: 0.5, y: 0.5 }] });
    expect(response.statusCode).toBe(403);
    expect(await count('placement_events')).toBe(0);
  });
});

describe('who may read plans', () => {
  it('lets a technician read the plans of the sites of their orders only; writes are for administrators', async () => {
    const assigned = await createUser(t);
    const other = await createUser(t);
    const north = await otherSite();
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    const northPlan = await createPlan(t, admin, north, 'Norte');
    const trap = await createTrap(t);
    await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.5, y: 0.5 });
    await createOrder(t, admin, assigned.id, [trap.id]);

    const reads = [
      `/api/sites/${DEFAULT_SITE_ID}/plans`,
      `/api/sites/${DEFAULT_SITE_ID}/placements`,
      `/api/plans/${plan.id}`,
      `/api/plans/${plan.id}/image`,
      `/api/plans/${plan.id}/map.pdf`,
    ];
    for (const url of reads) {
      expect((await get(assigned, url)).statusCode, url).toBe(200);
      expect((await get(other, url)).statusCode, url).toBe(404);
    }
    for (const url of [`/api/sites/${north}/plans`, `/api/plans/${northPlan.id}`, `/api/plans/${northPlan.id}/image`]) {
      expect((await get(assigned, url)).statusCode, url).toBe(404);
    }
    expect((await get(assigned, `/api/plans/${plan.id}`)).json().devices).toHaveLength(1);
    expect((await get(assigned, `/api/traps/${trap.id}/placement-events`)).statusCode).toBe(403);
    expect((await placeTrap(t, assigned, trap.id, { planId: plan.id, x: 0.1, y: 0.1 })).statusCode).toBe(403);
    const upload = await postPlan(t, assigned, DEFAULT_SITE_ID, { name: 'Mío', file: await planImage(10, 10) });
    expect(upload.statusCode).toBe(403);
    expect(await count('plans')).toBe(2);
  });
});
