import type { ClientSignature, Session } from '@rondin/contracts';
import sharp from 'sharp';
import type { TestApp, TestUser } from './test-app.js';

/** Creates an order through the API, as an administrator would. */
export async function createOrder(
  t: TestApp,
  admin: TestUser,
  technicianId: number,
  trapIds: number[],
  scheduledAt?: string,
): Promise<Session> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: admin.headers,
    payload: { technicianId, trapIds, ...(scheduledAt ? { scheduledAt } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`order not created: ${response.body}`);
  return response.json();
}

export function scan(t: TestApp, user: TestUser, sessionId: number, qrSlug: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/scan`,
    headers: user.headers,
    payload: { qrSlug },
  });
}

/** What a close may carry (CloseSessionBody), and whether the helper stores the closer's signature first. */
export interface CloseOptions {
  force?: boolean;
  defaultNoActivity?: boolean;
  clientSignature?: ClientSignature | undefined;
  /** False: close as the closer is, with or without a stored signature (the close's rule is what is tested). */
  sign?: boolean;
}

/** The client's absence as the phone sends it when nobody of the client could sign. */
export const CLIENT_ABSENT: ClientSignature = { absent: true, reason: 'Nadie del cliente en planta' };

let ownSignature: Promise<string> | undefined;

/** A drawn signature, as a phone's canvas exports it: base64 PNG. */
export function ownSignaturePng(): Promise<string> {
  ownSignature ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 320 60 S 520 140, 580 40" stroke="#0b2a6f" stroke-width="8" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer()
    .then((png) => png.toString('base64'));
  return ownSignature;
}

/** Stores the account's own signature (PUT /technicians/me/signature) unless it has one already. */
export async function storeOwnSignature(t: TestApp, user: TestUser): Promise<void> {
  const own = await t.app.inject({ method: 'GET', url: '/api/technicians/me/signature', headers: user.headers });
  if (own.statusCode === 200) return;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/technicians/me/signature',
    headers: user.headers,
    payload: { imagePng: await ownSignaturePng() },
  });
  if (saved.statusCode !== 204) throw new Error(`signature not stored: ${saved.body}`);
}

/**
 * Closes an order as the phone and the office do: the closer's own signature stored first (the first close
 * asks for it), «Sin novedad» for the scanned devices left without a finding (the close's «Registrar Sin novedad»),
 * and, for a technician, the client's signature or absence (CLIENT_ABSENT unless given). Each may be turned off
 * to test the rule it satisfies.
 */
export async function close(t: TestApp, user: TestUser, sessionId: number, options: CloseOptions = {}) {
  const { sign = true, ...body } = options;
  if (sign) await storeOwnSignature(t, user);
  const payload = {
    defaultNoActivity: true,
    ...(user.role === 'ADMIN' ? {} : { clientSignature: CLIENT_ABSENT }),
    ...body,
  };
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/close`,
    headers: user.headers,
    payload,
  });
}
