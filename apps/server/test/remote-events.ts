import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './test-app.js';

/**
 * An electronic device's new event through POST /api/remote-events (a fresh eventId, an hour ago unless
 * `occurredAt` says otherwise), expected stored (201).
 */
export async function sendRemoteEvent(t: TestApp, user: TestUser, fields: Record<string, unknown>): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/remote-events',
    headers: user.headers,
    payload: { eventId: randomUUID(), occurredAt: new Date(Date.now() - 3_600_000).toISOString(), ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
}
