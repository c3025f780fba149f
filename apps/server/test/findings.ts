import type { ExceptionBody, ManualBody, PutFindingInput } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { multipartForm, type FormPart } from './multipart.js';
import type { TestApp, TestUser } from './test-app.js';

/** The phone's one-tap "Sin novedad": device OK, nothing found, recorded now. */
export const nothingFound = (overrides: Partial<PutFindingInput> = {}): PutFindingInput => ({
  clientFindingId: randomUUID(),
  recordedAt: new Date().toISOString(),
  deviceStatus: 'OK',
  ...overrides,
});

export function putFinding(t: TestApp, user: TestUser, sessionId: number, itemId: number, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/sessions/${sessionId}/items/${itemId}/finding`,
    headers: user.headers,
    payload: body,
  });
}

export const notFoundException = (overrides: Partial<ExceptionBody> = {}): ExceptionBody => ({
  clientScanId: randomUUID(),
  reason: 'NO_ENCONTRADO',
  note: 'La trampa no estaba en su lugar.',
  recordedAt: new Date().toISOString(),
  ...overrides,
});

export function recordException(t: TestApp, user: TestUser, sessionId: number, itemId: number, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/items/${itemId}/exception`,
    headers: user.headers,
    payload: body,
  });
}

/** The device's printed code typed because its label could not be read (outcome MANUAL). */
export const typedCode = (code: string, overrides: Partial<ManualBody> = {}): ManualBody => ({
  clientScanId: randomUUID(),
  code,
  reason: 'ETIQUETA_DANADA',
  recordedAt: new Date().toISOString(),
  ...overrides,
});

export function recordManual(t: TestApp, user: TestUser, sessionId: number, itemId: number, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/items/${itemId}/manual`,
    headers: user.headers,
    payload: body,
  });
}

export function photoForm(fields: { clientPhotoId?: string; file?: Buffer; filename?: string; contentType?: string }) {
  const parts: FormPart[] = [];
  if (fields.clientPhotoId !== undefined) parts.push({ name: 'clientPhotoId', value: fields.clientPhotoId });
  if (fields.file) {
    parts.push({
      name: 'file',
      filename: fields.filename ?? 'foto.jpg',
      contentType: fields.contentType ?? 'image/jpeg',
      data: fields.file,
    });
  }
  return multipartForm(parts);
}

/** POST /api/sessions/{id}/items/{itemId}/photos as the phone sends it: the id first, then the photo. */
export function postPhoto(
  t: TestApp,
  user: TestUser,
  sessionId: number,
  itemId: number,
  fields: Parameters<typeof photoForm>[0],
) {
  const form = photoForm(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/items/${itemId}/photos`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload(),
  });
}
