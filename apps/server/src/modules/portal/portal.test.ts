import {
  ACTION_PHOTOS_MAX,
  ActionMessages,
  type CorrectiveActionDetail,
  type PortalActionList,
  PortalMessages,
  type PortalSiteOverview,
} from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, clients, correctiveActions, sessions, sites } from '../../db/schema.js';
import { multipartForm } from '../../../test/multipart.js';
import { close, createOrder } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { ActionsRepository } from '../actions/actions.repository.js';

let t: TestApp;
let admin: TestUser;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await planImage(40, 30, 'jpeg');
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

/** A second site of the default client, and a site of another client. */
async function sitesOfTwoClients() {
  const db = t.database.db;
  const [other] = await db.insert(clients).values({ name: 'Otra empresa' }).returning();
  const [second] = await db.insert(sites).values({ name: 'Planta dos', clientId: 1 }).returning();
  const [foreign] = await db.insert(sites).values({ name: 'Planta ajena', clientId: other!.id }).returning();
  return { second: second!, foreign: foreign! };
}

async function action(siteId: number, responsible: 'EMPRESA' | 'CLIENTE', createdAt = new Date()) {
  const [row] = await t.database.db
    .insert(correctiveActions)
    .values({
      siteId,
      origin: responsible === 'CLIENTE' ? 'RECOMENDACION' : 'MANUAL',
      detectedAt: createdAt,
      createdAt,
      severity: 'MEDIA',
      description: responsible === 'CLIENTE' ? 'Reparar la puerta del muelle' : 'Revisar cebos',
      responsible,
      dueDate: '2040-01-31',
    })
    .returning();
  return row!;
}

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });

describe('GET /api/portal/sites', () => {
  it("lists the account's sites at a glance and nothing of another client's", async () => {
    const { second, foreign } = await sitesOfTwoClients();
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const closed = await createOrder(t, admin, tech.id, [trap.id]);
    await close(t, admin, closed.id, { force: true });
    const next = await createOrder(t, admin, tech.id, [trap.id]);
    await t.database.db
      .update(sessions)
      .set({ scheduledAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.id, next.id));
    await action(DEFAULT_SITE_ID, 'CLIENTE');
    await action(DEFAULT_SITE_ID, 'EMPRESA');
    await action(foreign.id, 'CLIENTE');
    // A sighting phoned in to the office: open until its action closes.
    const sighting = multipartForm([
      { name: 'area', value: 'Bodega' },
      { name: 'description', value: 'Un ratón junto a los palés.' },
      { name: 'seenAt', value: new Date(Date.now() - 3_600_000).toISOString() },
    ]);
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/sightings`,
      headers: { ...admin.headers, ...sighting.headers },
      payload: sighting.payload(),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const person = await createPortalUser(t);

    const response = await get(person, '/api/portal/sites');
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: PortalSiteOverview[] }>().items;
    expect(items.map((site) => site.id)).toEqual([second.id, DEFAULT_SITE_ID]);
    const main = items.find((site) => site.id === DEFAULT_SITE_ID)!;
    expect(main).toMatchObject({
      client: { id: 1 },
      lastVisit: { id: closed.id, certificateId: expect.any(Number) },
      nextVisit: { id: next.id },
      compliance12m: { dueOrders: 1, completedOrders: 0, percent: 0 },
      openActions: 3,
      recommendationsAwaiting: 1,
      openSightings: 1,
    });
    expect(items.find((site) => site.id === second.id)).toMatchObject({
      lastVisit: null,
      nextVisit: null,
      compliance12m: { dueOrders: 0, completedOrders: 0, percent: null },
      openActions: 0,
      openSightings: 0,
    });
    const one = await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}`);
    expect(one.json()).toEqual(main);
    const other = await get(person, `/api/portal/sites/${foreign.id}`);
    expect([other.statusCode, other.json().message]).toEqual([404, PortalMessages.siteNotFound]);
  });

  it('shows only the chosen sites of an account given some', async () => {
    const { second } = await sitesOfTwoClients();
    const person = await createPortalUser(t, { siteIds: [second.id] });
    const items = (await get(person, '/api/portal/sites')).json<{ items: PortalSiteOverview[] }>().items;
    expect(items.map((site) => site.id)).toEqual([second.id]);
    expect((await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}`)).statusCode).toBe(404);
    expect((await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/actions`)).statusCode).toBe(404);
  });
});

describe('recommendations in the portal', () => {
  it('are acknowledged once, with who and when, in the change log as the person', async () => {
    const recommendation = await action(DEFAULT_SITE_ID, 'CLIENTE');
    const person = await createPortalUser(t);
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/portal/actions/${recommendation.id}/acknowledge`,
      headers: person.headers,
      payload: { note: 'Lo vemos con mantenimiento.' },
    });
    expect(acknowledged.statusCode).toBe(200);
    const first = acknowledged.json<CorrectiveActionDetail>().acknowledgement;
    expect(first).toMatchObject({ by: { id: person.id }, note: 'Lo vemos con mantenimiento.' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/portal/actions/${recommendation.id}/acknowledge`,
      headers: person.headers,
      payload: {},
    });
    expect(again.json<CorrectiveActionDetail>().acknowledgement).toEqual(first);
    const logged = await t.database.db
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'action' and ${auditLog.entityId} = ${recommendation.id}`);
    expect(logged.filter((row) => row.actorId === person.id)).toEqual([
      { actorId: person.id, after: expect.objectContaining({ acknowledgedById: person.id }) },
    ]);
    const list = (await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/actions`)).json<PortalActionList>();
    expect(list.items.find((item) => item.id === recommendation.id)?.acknowledgement).toEqual(first);
    const overview = (await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}`)).json<PortalSiteOverview>();
    expect(overview.recommendationsAwaiting).toBe(0);
  });

  it("refuses the company's own actions (409) and another client's (404)", async () => {
    const { foreign } = await sitesOfTwoClients();
    const own = await action(DEFAULT_SITE_ID, 'EMPRESA');
    const theirs = await action(foreign.id, 'CLIENTE');
    const person = await createPortalUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/portal/actions/${own.id}/acknowledge`,
      headers: person.headers,
      payload: {},
    });
    expect([refused.statusCode, refused.json().message]).toEqual([409, PortalMessages.notRecommendation]);
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/portal/actions/${theirs.id}/acknowledge`,
      headers: person.headers,
      payload: {},
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('take a response with photos that the office reads on the action', async () => {
    const recommendation = await action(DEFAULT_SITE_ID, 'CLIENTE');
    const person = await createPortalUser(t);
    const respond = (photos: number, note = 'Puerta reparada y sellada.') => {
      const form = multipartForm([
        { name: 'note', value: note },
        ...Array.from({ length: photos }, (_, index) => ({
          name: 'file',
          filename: `foto${index}.jpg`,
          contentType: 'image/jpeg',
          data: photo,
        })),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/portal/actions/${recommendation.id}/responses`,
        headers: { ...person.headers, ...form.headers },
        payload: form.payload(),
      });
    };
    const tooMany = await respond(4);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, PortalMessages.tooManyPhotos]);
    expect((await respond(0, '   ')).statusCode).toBe(400);
    const answered = await respond(2);
    expect(answered.statusCode).toBe(201);
    const office = await t.app.inject({ url: `/api/actions/${recommendation.id}`, headers: admin.headers });
    const detail = office.json<CorrectiveActionDetail>();
    expect(detail.responses).toEqual([
      expect.objectContaining({ note: 'Puerta reparada y sellada.', by: { id: person.id, fullName: person.fullName } }),
    ]);
    const [photoId] = detail.responses[0]!.photoIds;
    expect(detail.responses[0]!.photoIds).toHaveLength(2);
    const seen = await get(person, `/api/portal/actions/${recommendation.id}/photos/${photoId}`);
    expect([seen.statusCode, seen.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // The plant's evidence is not the office's to take back: its photos stay while the action is open.
    const taken = await t.app.inject({
      method: 'DELETE',
      url: `/api/actions/${recommendation.id}/photos/${photoId}`,
      headers: admin.headers,
    });
    expect([taken.statusCode, taken.json().message]).toEqual([409, ActionMessages.responsePhotoKept]);
    const after = await t.app.inject({ url: `/api/actions/${recommendation.id}`, headers: admin.headers });
    expect(after.json<CorrectiveActionDetail>().responses[0]!.photoIds).toContain(photoId);
    expect((await get(person, `/api/portal/actions/${recommendation.id}/photos/${photoId}`)).statusCode).toBe(200);
  });

  it("show among the action's photos, and leave the office its own limit", async () => {
    const recommendation = await action(DEFAULT_SITE_ID, 'CLIENTE');
    const person = await createPortalUser(t);
    const form = multipartForm([
      { name: 'note', value: 'Rejilla cambiada.' },
      ...[0, 1, 2].map((index) => ({
        name: 'file',
        filename: `f${index}.jpg`,
        contentType: 'image/jpeg',
        data: photo,
      })),
    ]);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/portal/actions/${recommendation.id}/responses`,
      headers: { ...person.headers, ...form.headers },
      payload: form.payload(),
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const addPhoto = () => {
      const one = multipartForm([{ name: 'file', filename: 'oficina.jpg', contentType: 'image/jpeg', data: photo }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/actions/${recommendation.id}/photos`,
        headers: { ...admin.headers, ...one.headers },
        payload: one.payload(),
      });
    };
    // The plant's three take none of the office's ten.
    for (let index = 0; index < ACTION_PHOTOS_MAX; index++) expect((await addPhoto()).statusCode).toBe(201);
    const over = await addPhoto();
    expect([over.statusCode, over.json().message]).toEqual([409, ActionMessages.photosTooMany(ACTION_PHOTOS_MAX)]);
    // The office's evidence shows the plant's photos with its own.
    const detail = (
      await t.app.inject({ url: `/api/actions/${recommendation.id}`, headers: admin.headers })
    ).json<CorrectiveActionDetail>();
    expect(detail.photos).toHaveLength(ACTION_PHOTOS_MAX + 3);
    expect(detail.photos.slice(0, 3).map((each) => each.id)).toEqual(detail.responses[0]!.photoIds);
    expect(detail.photos[0]!.by).toEqual({ id: person.id, fullName: person.fullName });
  });
});

describe('recommendations waiting for the client', () => {
  it('are those open, unacknowledged, made at least the given days ago', async () => {
    const old = await action(DEFAULT_SITE_ID, 'CLIENTE', new Date(Date.now() - 8 * 86_400_000));
    await action(DEFAULT_SITE_ID, 'CLIENTE', new Date(Date.now() - 2 * 86_400_000));
    await action(DEFAULT_SITE_ID, 'EMPRESA', new Date(Date.now() - 30 * 86_400_000));
    const repository = new ActionsRepository(t.database.db, 'Europe/Madrid');
    expect(await repository.unacknowledgedRecommendations(7)).toEqual([
      expect.objectContaining({ id: old.id, siteId: DEFAULT_SITE_ID, clientId: 1, daysWaiting: 8 }),
    ]);
  });
});
