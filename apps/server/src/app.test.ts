import { formatParamUrl } from '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createAdmin, createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API surface', () => {
  it('answers health once the database answers, with the zone of sites that have none', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', timeZone: t.config.TIME_ZONE });
  });

  it('logs one line per request once it is answered: method, address, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const config = { ...t.config, LOG_LEVEL: 'info' as const };
    const app = await buildApp({
      config,
      db: t.database.db,
      tokens: t.tokens,
      logger: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      await app.inject({ url: '/api/health' });
      await app.inject({ url: '/api/nothing-here' });
    } finally {
      await app.close();
    }
    const requests = lines.filter((line) => line.reqId !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
    });
    expect(requests[1]).toMatchObject({ msg: 'request', url: '/api/nothing-here', statusCode: 404 });
    expect(typeof requests[0]!.ms).toBe('number');
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Ruta no encontrada: GET /api/nothing-here',
    });
  });

  it('refuses invalid JSON, a wrong content type and an oversized body in Spanish', async () => {
    const admin = await createAdmin(t);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/traps',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('El cuerpo de la solicitud no es JSON válido.');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/traps',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: 'code=TRP-1',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/^Tipo de contenido no admitido/);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/traps',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ statusCode: 413, message: 'El cuerpo de la solicitud es demasiado grande.' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/traps'].post.requestBody.content['application/json'].schema.required).toContain('code');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  // The tests check every answer against the document, but only for the routes it lists.
  it('documents every route it serves, each once under its own path with its own operationId', () => {
    const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId?: string }>> })
      .paths;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        id: operation.operationId,
      })),
    );
    const served = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && !route.schema?.hide)
      .map((route) => `${route.method} ${formatParamUrl(route.url)}`);
    expect(documented.map(({ route }) => route).sort()).toEqual(served.sort());
    const ids = documented.map(({ id }) => id);
    expect(
      ids.every((id) => id && /^[a-z][A-Za-z]+$/.test(id)),
      ids.join(', '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the close body as optional, since the phone sends none', () => {
    const paths = (
      t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody: { required: boolean } }>> }
    ).paths;
    expect(paths['/api/sessions/{id}/close']!.post!.requestBody.required).toBe(false);
    expect(paths['/api/sessions/{id}/scan']!.post!.requestBody.required).toBe(true);
  });
});

describe('CORS', () => {
  let cors: TestApp;
  beforeAll(async () => {
    cors = await createTestApp({ CORS_ORIGIN: 'https://panel.example.com' });
  });
  afterAll(() => cors.close());

  it('allows only the configured origins', async () => {
    const allowed = await cors.app.inject({ url: '/api/health', headers: { origin: 'https://panel.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://panel.example.com');
    const other = await cors.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
