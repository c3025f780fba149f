import {
  ACTION_PHOTOS_MAX,
  ActionMessages,
  PhotoMessages,
  type ActionPhoto,
  type AuditLogPage,
  type CorrectiveActionDetail,
} from '@rondin/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBreachWorld } from '../../../test/breaches.js';
import { multipartForm } from '../../../test/multipart.js';
import { planImage } from '../../../test/plans.js';
import { DEFAULT_SITE_ID } from '../../../test/test-app.js';

/** The corrective action form: every field, the tracked due date and responsible, the close's verification, photos. */
const { world, get, send } = useBreachWorld();

const verification = {
  verificationResult: 'Dos inspecciones sin capturas y el burlete revisado.',
  verifiedBy: 'Marta Gil, calidad',
  verifiedOn: '2026-01-02',
};

async function createAction(fields: object = {}) {
  const response = await send('POST', '/api/actions', {
    siteId: DEFAULT_SITE_ID,
    description: 'Huecos bajo la puerta del andén 3',
    dueDate: '2040-01-10',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CorrectiveActionDetail>();
}

function postPhoto(actionId: number, file: Buffer, contentType = 'image/jpeg', filename = 'foto.jpg') {
  const form = multipartForm([{ name: 'file', filename, contentType, data: file }]);
  return world.t.app.inject({
    method: 'POST',
    url: `/api/actions/${actionId}/photos`,
    headers: { ...world.admin.headers, ...form.headers },
    payload: form.payload(),
  });
}

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await planImage(800, 600, 'jpeg');
});

describe('the action form', () => {
  it('keeps every field it is given: root cause, correction, preventive action, product impact and its note', async () => {
    const created = await createAction({
      severity: 'ALTA',
      immediateCorrection: 'Retirada la mercadería del pasillo.',
      rootCause: 'Burlete gastado.',
      preventiveAction: 'Revisar burletes cada mes.',
      productImpactKind: 'PRODUCTO_RETENIDO',
      productImpact: 'Lote 2231 retenido, 40 cajas.',
      responsible: 'CLIENTE',
      responsibleName: 'Jefe de mantenimiento',
      verificationPlan: 'Dos visitas sin capturas.',
    });
    expect(created).toMatchObject({
      severity: 'ALTA',
      immediateCorrection: 'Retirada la mercadería del pasillo.',
      rootCause: 'Burlete gastado.',
      preventiveAction: 'Revisar burletes cada mes.',
      productImpactKind: 'PRODUCTO_RETENIDO',
      productImpact: 'Lote 2231 retenido, 40 cajas.',
      responsible: 'CLIENTE',
      responsibleName: 'Jefe de mantenimiento',
      verificationPlan: 'Dos visitas sin capturas.',
      verificationResult: null,
      verifiedBy: null,
      verifiedOn: null,
      photos: [],
      fieldChanges: [],
    });
    const edited = await send('PATCH', `/api/actions/${created.id}`, {
      productImpactKind: 'SIN_IMPACTO',
      rootCause: 'Otra',
    });
    expect(edited.json<CorrectiveActionDetail>()).toMatchObject({
      productImpactKind: 'SIN_IMPACTO',
      rootCause: 'Otra',
    });
    const bad = await send('PATCH', `/api/actions/${created.id}`, { productImpactKind: 'PERDIDO' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().message)).toContain(
      'El impacto en producto debe ser uno de: SIN_IMPACTO, PRODUCTO_RETENIDO, PRODUCTO_DESECHADO, EN_EVALUACION.',
    );
  });

  it('keeps each change of due date and responsible with who, when, before, after and why', async () => {
    const action = await createAction({ responsibleName: 'Luis' });
    const url = `/api/actions/${action.id}`;
    // Later without a reason: refused, nothing changed.
    const later = await send('PATCH', url, { dueDate: '2040-02-10' });
    expect(later.statusCode).toBe(422);
    expect(later.json().message).toBe(ActionMessages.postponeReasonRequired);
    expect((await get<CorrectiveActionDetail>(url)).dueDate).toBe('2040-01-10');
    // Earlier needs no reason.
    expect((await send('PATCH', url, { dueDate: '2040-01-05' })).statusCode).toBe(200);
    const postponed = await send('PATCH', url, { dueDate: '2040-03-01', reason: 'Repuesto del burlete en camino.' });
    expect(postponed.statusCode, postponed.body).toBe(200);
    const reassigned = { responsible: 'CLIENTE', responsibleName: 'Jefa de planta', reason: 'Obra del cliente.' };
    expect((await send('PATCH', url, reassigned)).statusCode).toBe(200);
    // One PATCH, two changes: the reason is the postponement's.
    const both = { dueDate: '2040-04-01', responsibleName: 'Luis', reason: 'Vacaciones.' };
    expect((await send('PATCH', url, both)).statusCode).toBe(200);
    // The same value again is no change.
    expect((await send('PATCH', url, { dueDate: '2040-04-01', responsible: 'CLIENTE' })).statusCode).toBe(200);
    const detail = await get<CorrectiveActionDetail>(url);
    expect(detail.fieldChanges.map(({ field, before, after, reason }) => [field, before, after, reason])).toEqual([
      ['dueDate', '2040-01-10', '2040-01-05', null],
      ['dueDate', '2040-01-05', '2040-03-01', 'Repuesto del burlete en camino.'],
      ['responsible', 'EMPRESA', 'CLIENTE', 'Obra del cliente.'],
      ['responsibleName', 'Luis', 'Jefa de planta', 'Obra del cliente.'],
      ['dueDate', '2040-03-01', '2040-04-01', 'Vacaciones.'],
      ['responsibleName', 'Jefa de planta', 'Luis', null],
    ]);
    expect(detail.fieldChanges.every((change) => change.by?.id === world.admin.id && change.at)).toBe(true);
    // The change log keeps the postponement with its reason.
    const log = await get<AuditLogPage>(`/api/audit-log?entity=action&entityId=${action.id}&pageSize=50`);
    expect(log.items.find((entry) => entry.reason === 'Repuesto del burlete en camino.')).toMatchObject({
      action: 'update',
      before: { dueDate: '2040-01-05' },
      after: { dueDate: '2040-03-01' },
      actor: { id: world.admin.id },
    });
  });

  it('refuses a close that does not say how, by whom and when it was verified, and keeps the statement', async () => {
    const action = await createAction();
    const url = `/api/actions/${action.id}`;
    for (const missing of ['verificationResult', 'verifiedBy', 'verifiedOn'] as const) {
      const { [missing]: _left, ...partial } = verification;
      const refused = await send('PATCH', url, { status: 'CERRADA', ...partial });
      expect(refused.statusCode, missing).toBe(422);
      expect(refused.json().message).toBe(ActionMessages.verificationRequired);
    }
    const future = await send('PATCH', url, { status: 'CERRADA', ...verification, verifiedOn: '2999-01-01' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe(ActionMessages.verifiedOnFuture);
    const badDay = await send('PATCH', url, { status: 'CERRADA', ...verification, verifiedOn: '2026-02-30' });
    expect(badDay.statusCode).toBe(400);
    expect(JSON.stringify(badDay.json().message)).toContain(ActionMessages.verifiedOn);
    expect((await get<CorrectiveActionDetail>(url)).status).toBe('ABIERTA');

    const closed = await send('PATCH', url, { status: 'CERRADA', ...verification });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CorrectiveActionDetail>()).toMatchObject({
      status: 'CERRADA',
      ...verification,
      closingNote: null,
    });
    const statement =
      'Verificada el 02/01/2026 por Marta Gil, calidad: Dos inspecciones sin capturas y el burlete revisado.';
    expect(closed.json<CorrectiveActionDetail>().history.at(-1)).toMatchObject({
      toStatus: 'CERRADA',
      note: statement,
    });
    const log = await get<AuditLogPage>(`/api/audit-log?entity=action&entityId=${action.id}&pageSize=50`);
    expect(log.items.find((entry) => entry.reason === statement)?.after).toMatchObject({ status: 'CERRADA' });

    // Closed: read-only, photos included, until reopened; reopening clears the verification for the next close.
    for (const change of [{ dueDate: '2040-01-01' }, { responsibleName: 'Otro' }, { verifiedBy: 'Otro' }]) {
      const refused = await send('PATCH', url, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ActionMessages.closedReadOnly);
    }
    const upload = await postPhoto(action.id, jpeg);
    expect(upload.statusCode).toBe(409);
    expect(upload.json().message).toBe(ActionMessages.closedReadOnly);
    const reopened = await send('PATCH', url, { status: 'ABIERTA', reason: 'Capturas otra vez.' });
    expect(reopened.json<CorrectiveActionDetail>()).toMatchObject({
      status: 'ABIERTA',
      verificationResult: null,
      verifiedBy: null,
      verifiedOn: null,
    });
    expect((await send('PATCH', url, { status: 'CERRADA' })).statusCode).toBe(422);
  });
});

describe("an action's photos", () => {
  it('keeps a photo with its thumbnail, shows it in the detail, and takes it out while open', async () => {
    const action = await createAction();
    const uploaded = await postPhoto(action.id, jpeg);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json<ActionPhoto>();
    expect(photo).toMatchObject({ mediaType: 'image/jpeg', by: { id: world.admin.id } });
    expect((await get<CorrectiveActionDetail>(`/api/actions/${action.id}`)).photos.map((each) => each.id)).toEqual([
      photo.id,
    ]);
    const full = await world.t.app.inject({
      url: `/api/actions/${action.id}/photos/${photo.id}`,
      headers: world.admin.headers,
    });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(800);
    const thumb = await world.t.app.inject({
      url: `/api/actions/${action.id}/photos/${photo.id}?size=thumb`,
      headers: world.admin.headers,
    });
    expect(thumb.statusCode).toBe(200);
    const small = await sharp(thumb.rawPayload).metadata();
    expect([small.format, small.width]).toEqual(['jpeg', 180]);
    // Another action's photo id is not this action's.
    const other = await createAction();
    expect(
      (await world.t.app.inject({ url: `/api/actions/${other.id}/photos/${photo.id}`, headers: world.admin.headers }))
        .statusCode,
    ).toBe(404);
    const removed = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/actions/${action.id}/photos/${photo.id}`,
      headers: world.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get<CorrectiveActionDetail>(`/api/actions/${action.id}`)).photos).toEqual([]);
  });

  it("refuses what a finding's photo refuses, in Spanish, and more than the limit", async () => {
    const action = await createAction();
    const tooLarge = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]);
    const cases: [Buffer, string, number, string][] = [
      [tooLarge, 'image/jpeg', 413, PhotoMessages.tooLarge],
      [await planImage(40, 30, 'png'), 'image/jpeg', 415, PhotoMessages.wrongType],
      [jpeg.subarray(0, 400), 'image/jpeg', 400, PhotoMessages.unreadable],
    ];
    for (const [file, type, status, message] of cases) {
      const response = await postPhoto(action.id, file, type);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const noFile = await world.t.app.inject({
      method: 'POST',
      url: `/api/actions/${action.id}/photos`,
      headers: { ...world.admin.headers, ...multipartForm([]).headers },
      payload: multipartForm([]).payload(),
    });
    expect(noFile.statusCode).toBe(400);
    const small = await planImage(40, 30, 'jpeg');
    for (let index = 0; index < ACTION_PHOTOS_MAX; index++) {
      expect((await postPhoto(action.id, small)).statusCode).toBe(201);
    }
    const one = await postPhoto(action.id, small);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(ActionMessages.photosTooMany(ACTION_PHOTOS_MAX));
    expect((await get<CorrectiveActionDetail>(`/api/actions/${action.id}`)).photos).toHaveLength(ACTION_PHOTOS_MAX);
  });
});
