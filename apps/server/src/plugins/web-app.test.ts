import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Rondín</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the build's precompress step writes beside each asset.
  fs.writeFileSync(path.join(root, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(root, 'assets', 'app-1234.js.gz'), zlib.gzipSync('console.log(1)'));
  app = await buildApp({ config: t.config, db: t.database.db, tokens: t.tokens, webRoot: root });
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html for the root and for client-side routes', async () => {
    for (const url of ['/', '/login', '/admin/traps', '/tech/sessions/12/scan']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Rondín</title>');
    }
  });

  it('serves hashed assets with a long cache and keeps API 404s as JSON', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await app.inject({ url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    const api = await app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Ruta no encontrada: GET /api/unknown');
  });

  it('sends the Brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});
