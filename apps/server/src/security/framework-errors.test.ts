import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, createTrap, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * Answers that Fastify or Node's HTTP parser write before any route or hook runs must read like every other
 * answer: Spanish JSON, the security headers, and no caching. Sent over a real socket, because app.inject
 * never goes through Node's parser.
 */
let t: TestApp;
let admin: TestUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is and reads the answer until the server closes or the body is complete. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    const finish = () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: string) => {
      data += chunk;
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const bodyStart = data.indexOf('\r\n\r\n');
      if (length && bodyStart >= 0 && data.length - bodyStart - 4 >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', reject);
  });
}

function expectLikeEveryAnswer(answer: RawAnswer, status: number, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toContain('application/json');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual({
    statusCode: status,
    error: expect.any(String),
    message: expect.stringMatching(message),
  });
}

describe('errors raised before any route runs', () => {
  it('answers an unknown HTTP method in Spanish with the security headers', async () => {
    const answer = await raw('FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expectLikeEveryAnswer(answer, 400, /^La solicitud no es válida\.$/);
  });

  it('answers headers too large with 431 in Spanish', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectLikeEveryAnswer(answer, 431, /cabeceras .* demasiado grandes/);
  });

  it('answers a malformed request line in Spanish', async () => {
    const answer = await raw('GET /api/health HTTP/9.9.9\r\n\r\n');
    expectLikeEveryAnswer(answer, 400, /^La solicitud no es válida\.$/);
  });

  it('answers an address that cannot be decoded in Spanish', async () => {
    const answer = await raw('GET /api/traps/% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectLikeEveryAnswer(answer, 400, /^La dirección solicitada no es válida\.$/);
  });

  it('answers a path parameter over the router length limit in Spanish', async () => {
    const answer = await raw(`GET /api/sessions/${'1'.repeat(150)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(answer.body).message).not.toMatch(/\b(is|the|exceeding|url)\b/i);
  });
});

describe('caching of API answers', () => {
  it('forbids storing answers with personal data and QR codes', async () => {
    const trap = await createTrap(t);
    for (const url of [
      '/api/technicians',
      '/api/traps',
      `/api/traps/${trap.id}/label`,
      '/api/technicians/me/profile',
      '/api/health',
    ]) {
      const response = await t.app.inject({ url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ url: '/api/traps' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
