import { AUDIT_ENTITIES, type AuditLogEntry, type AuditLogPage } from '@rondin/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notFoundException, recordException } from '../../../test/findings.js';
import { createOrder } from '../../../test/orders.js';
import { createPlan, placeTrap } from '../../../test/plans.js';
import { createProduct } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { untilWaitingForLock } from '../../../test/lock-wait.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLogService } from './audit-log.service.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t, { fullName: 'Lucía Administradora' });
});

const rows = async <Row>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The change log through the API, as the office reads it. */
async function log(query = ''): Promise<AuditLogPage> {
  const response = await t.app.inject({ url: `/api/audit-log?pageSize=200&${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

/** The newest row of one record's history. */
async function latest(entity: string, entityId: number | null): Promise<AuditLogEntry> {
  const page = await log(`entity=${entity}${entityId === null ? '' : `&entityId=${entityId}`}`);
  const entry = page.items.find((item) => item.entityId === entityId);
  if (!entry) throw new Error(`no row for ${entity} ${entityId}`);
  return entry;
}

/**
 * Runs `work` while every append to audit_log fails, as a full disk or a bug in it would: a change that cannot be
 * logged must not happen either, since both are one transaction.
 */
async function withLogRefusing<T>(work: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql`create function rondin_test_refuse() returns trigger language plpgsql as $$
    begin raise exception 'registro de cambios no disponible'; end $$`);
  await t.database.db.execute(
    sql`create trigger audit_log_test_refuse before insert on audit_log for each row execute function rondin_test_refuse()`,
  );
  try {
    return await work();
  } finally {
    await t.database.db.execute(sql`drop trigger audit_log_test_refuse on audit_log`);
    await t.database.db.execute(sql`drop function rondin_test_refuse()`);
  }
}

const checkChain = () => new AuditLogService(new AuditLogRepository(t.database.db)).check();

/** POST /api/traps/import with a CSV file as its body. */
const importTraps = (csv: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/traps/import',
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: Buffer.from(csv),
  });

const send = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function signaturePng(): Promise<string> {
  const stroke =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 80 10, 150 90, 290 20" stroke="#000" stroke-width="4" fill="none"/></svg>';
  return (await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64');
}

/** A site's own limit: action once an outdoor bait station is a quarter eaten. */
const STATION_LIMIT = {
  trapType: 'CEBADERO',
  zone: 'EXTERIOR',
  riskLevel: null,
  metric: 'CONSUMO_CEBO',
  pestGroup: null,
  level: 'ACCION',
  value: 25,
};

interface Case {
  /** What a person does: one request through the API. */
  change(): Promise<LightMyRequestResponse>;
  /** The record as stored, to see that a change that could not be logged left it as it was. */
  state(): Promise<unknown>;
  /** The row the change leaves, for `latest`. */
  entity: string;
  entityId(): number | null;
  expected(): Partial<AuditLogEntry>;
}

/** One change of each audited record, each through its own route. */
const CASES: Record<string, () => Promise<Case>> = {
  'a site renamed': async () => ({
    change: () => send(admin, 'PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { name: 'Planta Norte' }),
    state: () => rows(sql`select * from sites order by id`),
    entity: 'site',
    entityId: () => DEFAULT_SITE_ID,
    expected: () => ({
      action: 'update',
      before: { name: 'Sitio principal' },
      after: { name: 'Planta Norte' },
    }),
  }),
  'a trap created': async () => {
    let id = 0;
    return {
      change: async () => {
        const response = await send(admin, 'POST', '/api/traps', { code: 'TRP-900', area: 'Muelle' });
        if (response.statusCode === 201) id = response.json<{ id: number }>().id;
        return response;
      },
      state: () => rows(sql`select * from traps order by id`),
      entity: 'trap',
      entityId: () => id,
      expected: () => ({
        action: 'create',
        before: null,
        after: expect.objectContaining({
          id,
          code: 'TRP-900',
          area: 'Muelle',
          siteId: DEFAULT_SITE_ID,
          isActive: true,
        }),
      }),
    };
  },
  'traps imported from a file': async () => ({
    change: () => importTraps('codigo,area\nIMP-1,Patio\nIMP-2,Patio\n'),
    state: () => rows(sql`select * from traps order by id`),
    entity: 'trap',
    entityId: () => null,
    expected: () => ({ action: 'create', after: expect.objectContaining({ code: 'IMP-2', area: 'Patio' }) }),
  }),
  'a plan renamed': async () => {
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    return {
      change: () => send(admin, 'PATCH', `/api/plans/${plan.id}`, { name: 'Nave 1' }),
      state: () => rows(sql`select id, name, file_id from plans order by id`),
      entity: 'plan',
      entityId: () => plan.id,
      expected: () => ({ action: 'update', before: { name: 'Planta baja' }, after: { name: 'Nave 1' } }),
    };
  },
  'a device placed on a plan': async () => {
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    const trap = await createTrap(t);
    return {
      change: () => placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.25, y: 0.5 }),
      state: () => rows(sql`select trap_id, plan_id, x, y from trap_placements order by trap_id`),
      entity: 'placement',
      entityId: () => trap.id,
      expected: () => ({
        action: 'create',
        before: null,
        after: { trapId: trap.id, planId: plan.id, x: 0.25, y: 0.5 },
      }),
    };
  },
  'a product edited': async () => {
    const product = await createProduct(t, admin);
    return {
      change: () => send(admin, 'PATCH', `/api/products/${product.id}`, { safetyIntervalHours: 24 }),
      state: () => rows(sql`select * from products order by id`),
      entity: 'product',
      entityId: () => product.id,
      expected: () => ({
        action: 'update',
        before: { name: product.name, safetyIntervalHours: 12 },
        after: { name: product.name, safetyIntervalHours: 24 },
      }),
    };
  },
  "a site's thresholds replaced": async () => ({
    change: () => send(admin, 'PUT', `/api/sites/${DEFAULT_SITE_ID}/thresholds`, { thresholds: [STATION_LIMIT] }),
    state: () => rows(sql`select * from thresholds where site_id is not null order by id`),
    entity: 'threshold',
    entityId: () => DEFAULT_SITE_ID,
    expected: () => ({
      action: 'update',
      before: { thresholds: [] },
      after: { thresholds: [STATION_LIMIT] },
    }),
  }),
  'a corrective action closed, with its note as the reason': async () => {
    const opened = await send(admin, 'POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      description: 'Sellar la puerta del muelle.',
      dueDate: '2030-01-31',
    });
    const id = opened.json<{ id: number }>().id;
    return {
      change: () =>
        send(admin, 'PATCH', `/api/actions/${id}`, {
          status: 'CERRADA',
          closingNote: 'Puerta sellada y revisada.',
          verificationResult: 'Sin capturas en dos visitas.',
          verifiedBy: 'Calidad',
          verifiedOn: '2026-01-02',
        }),
      state: () => rows(sql`select * from corrective_actions order by id`),
      entity: 'action',
      entityId: () => id,
      expected: () => ({
        action: 'update',
        before: expect.objectContaining({ status: 'ABIERTA', closingNote: null }),
        after: expect.objectContaining({ status: 'CERRADA', closingNote: 'Puerta sellada y revisada.' }),
        reason: 'Verificada el 02/01/2026 por Calidad: Sin capturas en dos visitas.\nPuerta sellada y revisada.',
      }),
    };
  },
  'the company settings saved': async () => ({
    change: () => send(admin, 'PUT', '/api/settings/company', { name: 'Plagas Levante S.L.', taxId: 'B12345678' }),
    state: () => rows(sql`select * from company_settings`),
    entity: 'settings',
    entityId: () => 1,
    expected: () => ({
      action: 'create',
      before: null,
      after: expect.objectContaining({ id: 1, name: 'Plagas Levante S.L.', taxId: 'B12345678' }),
    }),
  }),
  'an account made administrator and deactivated': async () => {
    const tech = await createUser(t, { fullName: 'Pedro Técnico' });
    return {
      change: () => send(admin, 'PATCH', `/api/technicians/${tech.id}`, { role: 'ADMIN', isActive: false }),
      state: () => rows(sql`select * from technicians order by id`),
      entity: 'account',
      entityId: () => tech.id,
      expected: () => ({
        action: 'update',
        before: { fullName: 'Pedro Técnico', role: 'TECH', isActive: true },
        after: { fullName: 'Pedro Técnico', role: 'ADMIN', isActive: false },
      }),
    };
  },
  "an account's own password changed": async () => ({
    change: async () => {
      const response = await send(admin, 'PATCH', '/api/technicians/me/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'una-clave-nueva-y-larga',
      });
      // Every earlier sign-in ends: the office reads the log with the new one.
      if (response.statusCode === 200) {
        admin.headers.authorization = `Bearer ${response.json<{ accessToken: string }>().accessToken}`;
      }
      return response;
    },
    state: () => rows(sql`select * from technicians order by id`),
    entity: 'account',
    entityId: () => admin.id,
    expected: () => ({ action: 'password', before: null, after: null }),
  }),
  "an account's own signature saved": async () => {
    const image = await signaturePng();
    return {
      change: () => send(admin, 'PUT', '/api/technicians/me/signature', { imagePng: image }),
      state: () => rows(sql`select * from technicians order by id`),
      entity: 'account',
      entityId: () => admin.id,
      expected: () => ({
        action: 'update',
        before: { fullName: 'Lucía Administradora', signatureFileId: null },
        after: { fullName: 'Lucía Administradora', signatureFileId: expect.any(Number) },
      }),
    };
  },
};

describe('the change log', () => {
  it.each(Object.keys(CASES))('logs %s in the same transaction, with who made it', async (name) => {
    const change = await CASES[name]!();
    const unchanged = await change.state();
    const logged = (await log()).total;
    await withLogRefusing(async () => {
      const refused = await change.change();
      expect(refused.statusCode, refused.body).toBe(500);
    });
    expect(await change.state()).toEqual(unchanged);
    expect((await log()).total).toBe(logged);

    const response = await change.change();
    expect(response.statusCode, response.body).toBeLessThan(300);
    const entityId = change.entityId();
    const entry =
      entityId === null ? (await log(`entity=${change.entity}`)).items[0]! : await latest(change.entity, entityId);
    expect(entry).toMatchObject({
      actor: { id: admin.id, fullName: 'Lucía Administradora' },
      entity: change.entity,
      ...change.expected(),
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    expect((await checkChain()).broken).toBeUndefined();
  });

  it('logs each trap of an import, and none when the import is refused', async () => {
    expect((await importTraps('codigo,area\nIMP-1,Patio\nIMP-1,Patio\n')).statusCode).toBe(422);
    expect((await log('entity=trap')).total).toBe(0);
    expect((await importTraps('codigo,area\nIMP-1,Patio\nIMP-2,Patio\nIMP-3,Nave\n')).statusCode).toBe(201);
    const page = await log('entity=trap');
    expect(page.items.map((item) => [item.action, item.after?.code, item.actor?.id])).toEqual([
      ['create', 'IMP-3', admin.id],
      ['create', 'IMP-2', admin.id],
      ['create', 'IMP-1', admin.id],
    ]);
  });

  it('keeps of an update only what changed and the name of the record, and nothing for a change to nothing', async () => {
    const trap = await createTrap(t, { code: 'TRP-100', area: 'Bodega' });
    expect((await send(admin, 'PATCH', `/api/traps/${trap.id}`, { area: 'Cocina' })).statusCode).toBe(200);
    expect(await latest('trap', trap.id)).toMatchObject({
      action: 'update',
      before: { code: 'TRP-100', area: 'Bodega' },
      after: { code: 'TRP-100', area: 'Cocina' },
    });
    const rowsBefore = (await log()).total;
    expect((await send(admin, 'PATCH', `/api/traps/${trap.id}`, { area: 'Cocina' })).statusCode).toBe(200);
    expect((await log()).total).toBe(rowsBefore);
    expect((await send(admin, 'DELETE', `/api/traps/${trap.id}`)).statusCode).toBe(204);
    expect(await latest('trap', trap.id)).toMatchObject({
      action: 'delete',
      before: expect.objectContaining({ code: 'TRP-100', area: 'Cocina', qrSlug: trap.qrSlug }),
      after: null,
    });
  });

  it('never holds a password nor its hash, and says when one was changed', async () => {
    const created = await send(admin, 'POST', '/api/technicians', {
      email: 'marta@planta.test',
      fullName: 'Marta Ruiz',
      password: 'primera-clave-muy-larga',
      role: 'TECH',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const reset = await send(admin, 'PATCH', `/api/technicians/${id}`, {
      fullName: 'Marta Ruiz Gil',
      password: 'segunda-clave-muy-larga',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const history = (await log(`entity=account&entityId=${id}`)).items;
    expect(history.map((item) => item.action)).toEqual(['update', 'password', 'create']);
    expect(history[0]).toMatchObject({ before: { fullName: 'Marta Ruiz' }, after: { fullName: 'Marta Ruiz Gil' } });
    expect(history[1]).toMatchObject({ before: null, after: null, actor: { id: admin.id } });
    const [stored] = await rows<{ hash: string }>(sql`select password_hash as hash from technicians where id = ${id}`);
    const text = JSON.stringify(await rows(sql`select * from audit_log`));
    for (const secret of ['primera-clave', 'segunda-clave', stored!.hash, 'scrypt', 'passwordHash', 'tokenVersion']) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs an action a threshold opened as the system, in the transaction that crossed it', async () => {
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    const lost = await recordException(t, tech, order.id, order.items[0]!.id, notFoundException());
    expect(lost.statusCode, lost.body).toBe(200);
    const [action] = await rows<{ id: number }>(sql`select id from corrective_actions where trap_id = ${trap.id}`);
    expect(action).toBeDefined();
    expect(await latest('action', action!.id)).toMatchObject({
      actor: null,
      action: 'create',
      after: expect.objectContaining({ origin: 'UMBRAL', trapId: trap.id, detectedById: tech.id }),
    });
  });

  it('writes one row for the global thresholds when they change, and none for a save that changes nothing', async () => {
    const current = await t.app.inject({ url: '/api/thresholds', headers: admin.headers });
    const thresholds = current.json<{ thresholds: { metric: string; level: string; value: number }[] }>().thresholds;
    expect((await send(admin, 'PUT', '/api/thresholds', { thresholds })).statusCode).toBe(200);
    expect((await log('entity=threshold')).total).toBe(0);
    const raising = thresholds.findIndex((one) => one.metric === 'CAPTURAS' && one.level === 'ACCION');
    const raised = thresholds.map((threshold, index) =>
      index === raising ? { ...threshold, value: threshold.value + 1 } : threshold,
    );
    expect((await send(admin, 'PUT', '/api/thresholds', { thresholds: raised })).statusCode).toBe(200);
    const page = await log('entity=threshold');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ entityId: null, action: 'update', actor: { id: admin.id } });
    const set = (record: AuditLogEntry['before']) => (record as { thresholds: { value: number }[] }).thresholds;
    expect(set(page.items[0]!.before)).toHaveLength(thresholds.length);
    expect(
      set(page.items[0]!.after)
        .map((threshold) => threshold.value)
        .sort(),
    ).toEqual(raised.map((threshold) => threshold.value).sort());
  });
});

describe('what is audited', () => {
  it('has a trigger for every entity the API names but the thresholds, which the server appends, and no other', async () => {
    const triggers = await rows<{ table: string; entity: string }>(sql`select c.relname as table,
        split_part(encode(t.tgargs, 'escape'), '\\000', 1) as entity
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'rondin_audit_row' order by 2`);
    expect(triggers.map((trigger) => trigger.entity).sort()).toEqual(
      AUDIT_ENTITIES.filter((entity) => entity !== 'threshold').toSorted(),
    );
  });
});

describe('GET /api/audit-log', () => {
  it('pages one record, one kind or a period, newest first, and refuses technicians', async () => {
    const traps = [await createTrap(t), await createTrap(t)];
    for (const area of ['A', 'B', 'C']) {
      expect((await send(admin, 'PATCH', `/api/traps/${traps[0]!.id}`, { area })).statusCode).toBe(200);
    }
    expect((await send(admin, 'PATCH', `/api/traps/${traps[1]!.id}`, { area: 'Z' })).statusCode).toBe(200);
    const one = await log(`entity=trap&entityId=${traps[0]!.id}`);
    expect(one.items.map((item) => item.after?.area)).toEqual(['C', 'B', 'A', 'Bodega']);
    const paged = await t.app.inject({
      url: `/api/audit-log?entity=trap&entityId=${traps[0]!.id}&page=2&pageSize=3`,
      headers: admin.headers,
    });
    expect(paged.json<AuditLogPage>()).toMatchObject({
      total: 4,
      page: 2,
      pageSize: 3,
      items: [{ after: { area: 'Bodega' } }],
    });
    const all = await log();
    expect(all.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id).toSorted((a, b) => b - a));
    const [last] = all.items;
    expect((await log(`from=${last!.at}`)).items.map((item) => item.id)).toEqual([last!.id]);
    expect((await log(`to=${last!.at}`)).items.map((item) => item.id)).not.toContain(last!.id);

    const tech = await createUser(t);
    expect((await t.app.inject({ url: '/api/audit-log', headers: tech.headers })).statusCode).toBe(403);
    const refused = await t.app.inject({ url: '/api/audit-log?entityId=3', headers: admin.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string[] }>().message).toEqual([
      'entityId va con entity: di de qué tipo es el registro.',
    ]);
    expect((await t.app.inject({ url: '/api/audit-log?entity=cliente', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('the chain', () => {
  /** A few changes by two people, so the log has rows of several kinds. */
  async function someChanges() {
    const trap = await createTrap(t, { code: 'TRP-1' });
    await send(admin, 'PATCH', `/api/traps/${trap.id}`, { area: 'Cocina' });
    await send(admin, 'PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { client: 'Conservas del Sur' });
    await send(admin, 'PUT', '/api/settings/company', { name: 'Plagas Levante S.L.' });
    await send(admin, 'PATCH', `/api/traps/${trap.id}`, { description: 'Junto a la puerta «B»' });
    const ids = (await rows<{ id: number | string }>(sql`select id from audit_log order by id`)).map((row) =>
      Number(row.id),
    );
    expect(ids).toEqual(ids.map((_, index) => index + 1));
    return ids;
  }

  /** Changes rows behind the guard's back, as someone with the database's password could. */
  async function tamper(statement: ReturnType<typeof sql>) {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_log enable always trigger audit_log_immutable`);
    });
  }

  it('refuses to update, delete or truncate a row, whatever the session says', async () => {
    await someChanges();
    const before = await rows(sql`select * from audit_log order by id`);
    for (const statement of [
      sql`update audit_log set reason = 'otra cosa' where id = 2`,
      sql`delete from audit_log where id = 5`,
      sql`truncate audit_log`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
      await expect(
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(statement);
        }),
      ).rejects.toThrow();
    }
    const refusal = await t.database.db.execute(sql`update audit_log set reason = 'x'`).catch((error: Error) => error);
    expect(String((refusal as Error).cause)).toMatch(/no se modifica ni se borra/);
    expect(await rows(sql`select * from audit_log order by id`)).toEqual(before);
  });

  it('holds after changes, and finds a row edited behind the guard', async () => {
    const ids = await someChanges();
    expect(await checkChain()).toMatchObject({ rows: ids.length, broken: undefined });
    await tamper(sql`update audit_log set after = jsonb_set(after, '{area}', '"Patio"') where id = 3`);
    expect(await checkChain()).toMatchObject({
      rows: ids.length,
      broken: { id: 3, problem: 'altered', rowsBefore: 2, entity: 'trap', action: 'update' },
    });
  });

  it('finds a row taken out of the middle, and the first rows taken out', async () => {
    const ids = await someChanges();
    await tamper(sql`delete from audit_log where id in (3, 4)`);
    expect((await checkChain()).broken).toMatchObject({ id: 5, problem: 'missing', missing: { from: 3, to: 4 } });
    await tamper(sql`delete from audit_log where id = 1`);
    expect(await checkChain()).toMatchObject({
      rows: ids.length - 3,
      broken: { id: 2, problem: 'missing', missing: { from: 1, to: 1 }, rowsBefore: 0 },
    });
  });

  it('finds a row put in with a gap, and a row rewritten with its own hash made again', async () => {
    const ids = await someChanges();
    const last = ids.at(-1)!;
    // A forged row whose hash is right for its content, numbered after a gap: the gap shows.
    await t.database.db.execute(sql`insert into audit_log (id, at, actor_id, actor_name, entity, entity_id, action,
        before, after, reason, prev_hash, hash)
      select id + 2, at, actor_id, actor_name, entity, entity_id, action, before, after, reason, hash,
        rondin_audit_hash(id + 2, at, actor_id, actor_name, entity, entity_id, action, before, after, reason, hash)
      from audit_log where id = ${last}`);
    expect((await checkChain()).broken).toMatchObject({
      id: last + 2,
      problem: 'missing',
      missing: { from: last + 1 },
    });
    // Row 2 rewritten with a hash made again for its new content: row 3 no longer links to it.
    await tamper(sql`update audit_log set reason = 'sin motivo',
      hash = rondin_audit_hash(id, at, actor_id, actor_name, entity, entity_id, action, before, after, 'sin motivo',
        prev_hash) where id = 2`);
    expect((await checkChain()).broken).toMatchObject({ id: 3, problem: 'unlinked', rowsBefore: 2 });
  });

  it.runIf(process.env.DATABASE_URL)('stays one line when two transactions append at once', async () => {
    if (t.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const trap = await createTrap(t);
    const [first, second] = [await t.database.pool.connect(), await t.database.pool.connect()];
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(`update sites set client = 'Primero' where id = ${DEFAULT_SITE_ID}`);
      const pid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const waiting = second.query(`update traps set area = 'Segundo' where id = ${trap.id}`);
      // The second waits for the first's commit (the log's lock), then appends after its row.
      await untilWaitingForLock(t.database.pool, pid);
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    const appended = await rows<{ id: number | string; entity: string; prev_hash: string; hash: string }>(
      sql`select id, entity, prev_hash, hash from audit_log order by id desc limit 2`,
    );
    expect(appended.map((row) => row.entity)).toEqual(['trap', 'site']);
    expect(appended[0]!.prev_hash).toBe(appended[1]!.hash);
    expect((await checkChain()).broken).toBeUndefined();
  });
});
