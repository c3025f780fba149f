import {
  AssessmentMessages,
  type Assessment,
  type AssessmentDueList,
  type CorrectiveActionDetail,
  type CreateAssessmentInput,
  type SiteAssessments,
} from '@rondin/contracts';
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sites, technicians } from '../../db/schema.js';
import { photoForm } from '../../../test/findings.js';
import { createOrder, storeOwnSignature } from '../../../test/orders.js';
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
let tech: TestUser;
/** A technical manager (RESPONSABLE_TECNICO) with a stored signature. */
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  manager = await createUser(t, { fullName: 'Marta Responsable' });
  await t.database.db
    .update(technicians)
    .set({ qualification: 'RESPONSABLE_TECNICO' })
    .where(eq(technicians.id, manager.id));
  await storeOwnSignature(t, manager);
});

const request = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const diagnosis = (overrides: Partial<CreateAssessmentInput> = {}): CreateAssessmentInput => ({
  kind: 'DIAGNOSTICO',
  areas: [
    {
      area: 'Bodega de harinas',
      pressure: 'MEDIA',
      conditions: ['ALMACENAMIENTO', 'ESTRUCTURA'],
      notes: 'Sacos apoyados en la pared; rendija bajo la puerta norte.',
    },
    { area: 'Patio de carga', pressure: 'BAJA', conditions: ['ENTORNO'] },
  ],
  conclusions: 'Presión media en la bodega por el almacenamiento.',
  recommendations: [
    { text: 'Separar los sacos 50 cm de la pared.', dueDate: '2027-01-15' },
    { text: 'Colocar burlete en la puerta norte.', dueDate: '2027-02-01' },
  ],
  ...overrides,
});

const create = (user: TestUser, body: CreateAssessmentInput, siteId = DEFAULT_SITE_ID) =>
  request(user, 'POST', `/api/sites/${siteId}/assessments`, body);
const sign = (user: TestUser, id: number) => request(user, 'POST', `/api/assessments/${id}/sign`);

async function signed(body: CreateAssessmentInput = diagnosis()): Promise<Assessment> {
  const draft = await ok<Assessment>(await create(tech, body), 201);
  return ok<Assessment>(await sign(manager, draft.id));
}

function expectRefusal(response: Awaited<ReturnType<typeof request>>, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string | string[] }>();
  expect([body.message].flat()).toContain(message);
}

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer();

async function postPhoto(user: TestUser, id: number, clientPhotoId: string) {
  const form = photoForm({ clientPhotoId, file: await jpeg() });
  return t.app.inject({
    method: 'POST',
    url: `/api/assessments/${id}/photos`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload(),
  });
}

describe('creating an assessment', () => {
  it('opens a draft with what was walked, once per client id however often the phone retries', async () => {
    const clientAssessmentId = randomUUID();
    const first = await ok<Assessment>(await create(tech, diagnosis({ clientAssessmentId })), 201);
    expect(first).toMatchObject({
      kind: 'DIAGNOSTICO',
      status: 'BORRADOR',
      site: { id: DEFAULT_SITE_ID },
      periodFrom: null,
      performedBy: { id: tech.id, fullName: 'Ana Técnica' },
      clientAssessmentId,
      revisionOf: null,
      supersededBy: null,
      signedAt: null,
      reportSha256: null,
      figures: null,
    });
    expect(first.areas[0]).toEqual({
      area: 'Bodega de harinas',
      pressure: 'MEDIA',
      conditions: ['ALMACENAMIENTO', 'ESTRUCTURA'],
      notes: 'Sacos apoyados en la pared; rendija bajo la puerta norte.',
      photoIds: [],
    });
    expect(first.recommendations).toEqual([
      { text: 'Separar los sacos 50 cm de la pared.', dueDate: '2027-01-15', actionId: null },
      { text: 'Colocar burlete en la puerta norte.', dueDate: '2027-02-01', actionId: null },
    ]);
    const retries = await Promise.all([1, 2].map(() => create(tech, diagnosis({ clientAssessmentId }))));
    expect(retries.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(retries.map((response) => response.json<Assessment>().id)).toEqual([first.id, first.id]);
    const list = await ok<SiteAssessments>(await request(admin, 'GET', `/api/sites/${DEFAULT_SITE_ID}/assessments`));
    expect(list.items.map((item) => item.id)).toEqual([first.id]);
    // The same id for another site is someone else's.
    const [other] = await t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
    expectRefusal(
      await create(tech, diagnosis({ clientAssessmentId }), other!.id),
      409,
      AssessmentMessages.clientIdReused,
    );
    // Logged as the change it is, by whom.
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'assessment'));
    expect(logged).toMatchObject([{ action: 'create', entityId: first.id, actorId: tech.id }]);
  });

  it('refuses in Spanish what is not an assessment', async () => {
    const site = `/api/sites/${DEFAULT_SITE_ID}/assessments`;
    expectRefusal(
      await request(tech, 'POST', site, { kind: 'OTRA' }),
      400,
      'El tipo de evaluación debe ser uno de: DIAGNOSTICO, REVISION_ANUAL, REVISION_TRIMESTRAL.',
    );
    expectRefusal(
      await create(tech, diagnosis({ periodFrom: '2026-01-01' })),
      400,
      AssessmentMessages.diagnosisNoPeriod,
    );
    expectRefusal(await create(tech, { kind: 'REVISION_TRIMESTRAL' }), 400, AssessmentMessages.quarterRequired);
    expectRefusal(
      await create(tech, { kind: 'REVISION_TRIMESTRAL', periodFrom: '2026-02-01' }),
      400,
      AssessmentMessages.quarterStart,
    );
    expectRefusal(
      await create(tech, { kind: 'REVISION_TRIMESTRAL', periodFrom: '2026-01-01', periodTo: '2026-02-28' }),
      400,
      AssessmentMessages.quarterEnd,
    );
    expectRefusal(
      await create(tech, { kind: 'REVISION_TRIMESTRAL', periodFrom: '2999-01-01' }),
      400,
      AssessmentMessages.quarterFuture,
    );
    expectRefusal(
      await create(tech, { kind: 'REVISION_ANUAL', periodFrom: '2026-05-01', periodTo: '2026-04-01' }),
      400,
      AssessmentMessages.periodReversed,
    );
    expectRefusal(
      await create(
        tech,
        diagnosis({
          areas: [
            { area: 'Cocina', pressure: 'BAJA' },
            { area: 'cocina', pressure: 'ALTA' },
          ],
        }),
      ),
      400,
      AssessmentMessages.areaRepeated,
    );
    expectRefusal(
      await create(tech, diagnosis({ areas: [{ area: 'Cocina', pressure: 'MUCHA' as 'ALTA' }] })),
      400,
      'La presión de plagas debe ser uno de: NINGUNA, BAJA, MEDIA, ALTA.',
    );
    expectRefusal(
      await create(tech, diagnosis({ areas: [{ area: 'Cocina', pressure: 'BAJA', conditions: ['RUIDO' as 'OTRA'] }] })),
      400,
      'La condición debe ser uno de: ESTRUCTURA, HIGIENE, ALMACENAMIENTO, ENTORNO, PROCESO, OTRA.',
    );
    expectRefusal(
      await create(tech, diagnosis({ recommendations: [{ text: 'Sellar', dueDate: '2027-02-30' }] })),
      400,
      AssessmentMessages.day('La fecha límite de la recomendación'),
    );
    expectRefusal(
      await create(tech, diagnosis({ areas: [{ area: 'Cocina', pressure: 'BAJA', photoIds: ['foto-1'] }] })),
      400,
      AssessmentMessages.photoId,
    );
    expectRefusal(await create(tech, diagnosis({ performedBy: 999_999 })), 400, AssessmentMessages.performedByNotFound);
    expectRefusal(await create(tech, diagnosis(), 999_999), 404, AssessmentMessages.siteNotFound);
  });
});

describe('a draft', () => {
  it('changes as the person writes it, field by field', async () => {
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    const changed = await ok<Assessment>(
      await request(tech, 'PATCH', `/api/assessments/${draft.id}`, {
        conclusions: 'Presión alta en la bodega.',
        areas: [{ area: 'Bodega de harinas', pressure: 'ALTA', conditions: ['HIGIENE', 'HIGIENE'] }],
        performedBy: manager.id,
      }),
    );
    expect(changed.conclusions).toBe('Presión alta en la bodega.');
    expect(changed.areas).toEqual([
      { area: 'Bodega de harinas', pressure: 'ALTA', conditions: ['HIGIENE'], notes: null, photoIds: [] },
    ]);
    expect(changed.performedBy).toEqual({ id: manager.id, fullName: 'Marta Responsable' });
    // What was not sent stays.
    expect(changed.recommendations).toHaveLength(2);
    expectRefusal(
      await request(tech, 'PATCH', `/api/assessments/${draft.id}`, { periodFrom: '2026-01-01' }),
      400,
      AssessmentMessages.diagnosisNoPeriod,
    );
    expectRefusal(await request(tech, 'PATCH', '/api/assessments/999999', {}), 404, AssessmentMessages.notFound);
  });
});

describe('signing', () => {
  it('is for a technical manager only', async () => {
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    await storeOwnSignature(t, tech);
    await storeOwnSignature(t, admin);
    expectRefusal(await sign(tech, draft.id), 403, AssessmentMessages.signNotQualified);
    expectRefusal(await sign(admin, draft.id), 403, AssessmentMessages.signNotQualified);
    await t.database.db.update(technicians).set({ qualification: 'APLICADOR' }).where(eq(technicians.id, tech.id));
    expectRefusal(await sign(tech, draft.id), 403, AssessmentMessages.signNotQualified);
    expect((await ok<Assessment>(await request(tech, 'GET', `/api/assessments/${draft.id}`))).status).toBe('BORRADOR');
  });

  it('needs the signer’s stored signature', async () => {
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    const other = await createUser(t, { fullName: 'Sin Firma' });
    await t.database.db
      .update(technicians)
      .set({ qualification: 'RESPONSABLE_TECNICO' })
      .where(eq(technicians.id, other.id));
    expectRefusal(await sign(other, draft.id), 409, AssessmentMessages.signNoSignature);
  });

  it('needs areas, conclusions and every photo the areas name', async () => {
    const empty = await ok<Assessment>(await create(tech, { kind: 'DIAGNOSTICO' }), 201);
    expectRefusal(await sign(manager, empty.id), 409, AssessmentMessages.signNeedsAreas);
    const noConclusions = await ok<Assessment>(await create(tech, diagnosis({ conclusions: null })), 201);
    expectRefusal(await sign(manager, noConclusions.id), 409, AssessmentMessages.signNeedsConclusions);
    // Written offline: the area names its photo before the photo goes up.
    const photoId = randomUUID();
    const draft = await ok<Assessment>(
      await create(tech, diagnosis({ areas: [{ area: 'Cocina', pressure: 'BAJA', photoIds: [photoId] }] })),
      201,
    );
    expectRefusal(await sign(manager, draft.id), 409, AssessmentMessages.signPhotosMissing(1));
    const photo = await ok<{ id: number; clientPhotoId: string }>(await postPhoto(tech, draft.id, photoId), 201);
    expect(photo.clientPhotoId).toBe(photoId);
    // The queue delivering it again answers what was stored.
    expect((await ok<{ id: number }>(await postPhoto(tech, draft.id, photoId))).id).toBe(photo.id);
    const thumbnail = await t.app.inject({
      url: `/api/assessments/${draft.id}/photos/${photo.id}?size=thumb`,
      headers: tech.headers,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect((await ok<Assessment>(await sign(manager, draft.id))).status).toBe('FIRMADA');
  });

  it('fixes the assessment, issues its report and makes each recommendation a client action', async () => {
    const done = await signed();
    expect(done).toMatchObject({
      status: 'FIRMADA',
      signedBy: { id: manager.id, fullName: 'Marta Responsable', qualification: 'RESPONSABLE_TECNICO' },
    });
    expect(done.signedAt).not.toBeNull();
    // The report as issued: the same bytes each time, whose hash the assessment carries.
    const downloads = await Promise.all(
      [1, 2].map(() => t.app.inject({ url: `/api/assessments/${done.id}/report.pdf`, headers: tech.headers })),
    );
    for (const download of downloads) {
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(done.reportSha256);
    }
    // Each recommendation: a CLIENTE action of origin RECOMENDACION with its due date, linked to the assessment.
    expect(done.recommendations.map((each) => each.actionId)).toEqual([expect.any(Number), expect.any(Number)]);
    const actions = await Promise.all(
      done.recommendations.map(async (each) =>
        ok<CorrectiveActionDetail>(await request(admin, 'GET', `/api/actions/${each.actionId}`)),
      ),
    );
    expect(actions.map((action) => [action.origin, action.responsible, action.dueDate, action.description])).toEqual([
      ['RECOMENDACION', 'CLIENTE', '2027-01-15', 'Separar los sacos 50 cm de la pared.'],
      ['RECOMENDACION', 'CLIENTE', '2027-02-01', 'Colocar burlete en la puerta norte.'],
    ]);
    expect(actions[0]!.history).toMatchObject([
      { toStatus: 'ABIERTA', note: `Recomendación de la evaluación N.º ${done.id}.`, by: { id: manager.id } },
    ]);
    const linked = await t.database.db.execute(
      sql`select count(*)::int as n from corrective_actions where assessment_id = ${done.id}`,
    );
    expect((linked as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);

    // Never changes again.
    expectRefusal(
      await request(tech, 'PATCH', `/api/assessments/${done.id}`, { conclusions: 'Otra cosa.' }),
      409,
      AssessmentMessages.signedReadOnly,
    );
    expectRefusal(await sign(manager, done.id), 409, AssessmentMessages.notDraft);
    expectRefusal(await postPhoto(tech, done.id, randomUUID()), 409, AssessmentMessages.photoSigned);
    const again = await ok<Assessment>(await request(tech, 'GET', `/api/assessments/${done.id}`));
    expect(again.conclusions).toBe('Presión media en la bodega por el almacenamiento.');
    expect(again.updatedAt).toBe(done.updatedAt);
  });

  it('leaves nothing half done when the signature cannot be stored', async () => {
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    // An action that cannot be written (a site with no such row is impossible; a due date the column refuses is).
    await t.database.db.execute(
      sql`alter table corrective_actions add constraint test_no_2027 check (due_date < '2027-01-01') not valid`,
    );
    try {
      expect((await sign(manager, draft.id)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table corrective_actions drop constraint test_no_2027`);
    }
    const after = await ok<Assessment>(await request(tech, 'GET', `/api/assessments/${draft.id}`));
    expect(after).toMatchObject({ status: 'BORRADOR', reportSha256: null, signedAt: null });
    const open = await t.database.db.execute(sql`select count(*)::int as n from corrective_actions`);
    expect((open as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('a correction', () => {
  it('is a new revision that supersedes the signed one, which stays readable', async () => {
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    expectRefusal(await create(tech, diagnosis({ revisionOf: draft.id })), 409, AssessmentMessages.revisionOfDraft);
    const original = await ok<Assessment>(await sign(manager, draft.id));
    expectRefusal(
      await create(tech, { kind: 'REVISION_ANUAL', revisionOf: original.id }),
      400,
      AssessmentMessages.revisionKind,
    );
    const revision = await ok<Assessment>(await create(tech, { kind: 'DIAGNOSTICO', revisionOf: original.id }), 201);
    expect(revision).toMatchObject({ status: 'BORRADOR', revisionOf: original.id, conclusions: original.conclusions });
    expect(revision.areas).toEqual(original.areas);
    // The copied recommendations are the revision's own until it is signed.
    expect(revision.recommendations.map((each) => each.actionId)).toEqual([null, null]);
    expectRefusal(
      await create(tech, { kind: 'DIAGNOSTICO', revisionOf: original.id }),
      409,
      AssessmentMessages.revisionOpen,
    );
    // Until the revision is signed, the original is the one in force.
    expect(
      (await ok<Assessment>(await request(tech, 'GET', `/api/assessments/${original.id}`))).supersededBy,
    ).toBeNull();
    await ok(
      await request(tech, 'PATCH', `/api/assessments/${revision.id}`, { conclusions: 'Corregido: presión baja.' }),
    );
    await ok(await sign(manager, revision.id));
    const old = await ok<Assessment>(await request(tech, 'GET', `/api/assessments/${original.id}`));
    expect(old).toMatchObject({ status: 'FIRMADA', supersededBy: revision.id, conclusions: original.conclusions });
    const report = await t.app.inject({ url: `/api/assessments/${original.id}/report.pdf`, headers: tech.headers });
    expect(createHash('sha256').update(report.rawPayload).digest('hex')).toBe(original.reportSha256);
    expectRefusal(
      await create(tech, { kind: 'DIAGNOSTICO', revisionOf: original.id }),
      409,
      AssessmentMessages.revisionOfSuperseded,
    );
    const [other] = await t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
    expectRefusal(
      await create(tech, { kind: 'DIAGNOSTICO', revisionOf: revision.id }, other!.id),
      400,
      AssessmentMessages.revisionOfNotFound,
    );
  });
});

describe('what a site owes', () => {
  const due = () => request(admin, 'GET', '/api/assessments/due').then((response) => ok<AssessmentDueList>(response));

  it('a diagnosis before the first visit: late once the visit has come, gone once signed', async () => {
    let list = await due();
    expect(list.items).toEqual([
      {
        site: { id: DEFAULT_SITE_ID, name: expect.any(String) },
        kind: 'DIAGNOSTICO',
        state: 'DUE',
        dueDate: null,
        periodFrom: null,
        periodTo: null,
        draftId: null,
      },
    ]);
    const trap = await createTrap(t);
    await createOrder(t, admin, tech.id, [trap.id], '2026-01-10T10:00:00Z');
    list = await due();
    const diagnosisDue = list.items.find((item) => item.kind === 'DIAGNOSTICO');
    expect(diagnosisDue).toMatchObject({ state: 'LATE', dueDate: '2026-01-10' });
    const draft = await ok<Assessment>(await create(tech, diagnosis()), 201);
    expect((await due()).items.find((item) => item.kind === 'DIAGNOSTICO')?.draftId).toBe(draft.id);
    await ok(await sign(manager, draft.id));
    list = await due();
    expect(list.items.find((item) => item.kind === 'DIAGNOSTICO')).toBeUndefined();
    // The ended quarters since the first visit owe their reviews; the site's answer says the same.
    expect(list.items.filter((item) => item.kind === 'REVISION_TRIMESTRAL').length).toBeGreaterThan(0);
    const site = await ok<SiteAssessments>(await request(tech, 'GET', `/api/sites/${DEFAULT_SITE_ID}/assessments`));
    expect(site.due).toEqual(list.items);
  });
});

describe('the report', () => {
  it('says what the assessment says, signed and numbered', async () => {
    const photoId = randomUUID();
    const draft = await ok<Assessment>(
      await create(
        tech,
        diagnosis({
          areas: [
            {
              area: 'Bodega de harinas',
              pressure: 'MEDIA',
              conditions: ['ALMACENAMIENTO', 'ESTRUCTURA'],
              notes: 'Sacos apoyados en la pared.',
              photoIds: [photoId],
            },
          ],
        }),
      ),
      201,
    );
    await ok(await postPhoto(tech, draft.id, photoId), 201);
    const preview = await t.app.inject({ url: `/api/assessments/${draft.id}/report.pdf`, headers: tech.headers });
    expect(preview.statusCode).toBe(200);
    expect(pdfText(preview.rawPayload)).toContain('BORRADOR');
    await ok(await sign(manager, draft.id));
    const report = await t.app.inject({ url: `/api/assessments/${draft.id}/report.pdf`, headers: tech.headers });
    const text = pdfText(report.rawPayload);
    for (const expected of [
      'Diagnóstico de situación',
      `N.º ${draft.id}`,
      'Bodega de harinas',
      'Presión de plagas: Media',
      'Almacenamiento, Estructura',
      'Sacos apoyados en la pared.',
      'Presión media en la bodega por el almacenamiento.',
      'Separar los sacos 50 cm de la pared.',
      '15/01/2027',
      'Firma del responsable técnico',
      'Marta Responsable',
      'Responsable técnico',
      'Firmada el',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('BORRADOR');
    if (process.env.ASSESSMENT_PDF_OUT) fs.writeFileSync(process.env.ASSESSMENT_PDF_OUT, report.rawPayload);
  });
});

/** The text poppler reads from a PDF, lines as laid out. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evaluacion-')), 'informe.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
