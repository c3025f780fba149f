import type { Session } from '@rondin/contracts';
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

export function close(t: TestApp, user: TestUser, sessionId: number, body?: { force?: boolean }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/close`,
    headers: user.headers,
    ...(body ? { payload: body } : {}),
  });
}
