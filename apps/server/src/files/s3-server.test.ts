import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planForm, planImage } from '../../test/plans.js';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { call, freePort, type ServerProcess, startServerProcess } from '../../test/server-process.js';

/**
 * The real server process with S3_BUCKET: it checks the bucket before it listens, keeps uploads there, and
 * deletes an object by itself once the deletion has committed. The embedded database: what is checked here
 * is the server's wiring to the store, not the database.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-s3-server-'));
let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3();
  await migratedDataDir(path.join(folder, 'datos'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const env = (name: string) => ({
  ...s3.env,
  DATABASE_URL: '',
  DATA_DIR: path.join(folder, name),
  JWT_SECRET: 'a-secret-for-the-s3-server-test-that-is-long-enough',
  ADMIN_EMAIL: 'admin@s3.test',
  ADMIN_PASSWORD: 'admin-s3-prueba-1',
});

describe('a server with S3_BUCKET', () => {
  let server: ServerProcess | undefined;
  let refused: ChildProcess | undefined;
  afterAll(async () => {
    if (refused?.exitCode === null) refused.kill('SIGKILL');
    await server?.kill('SIGTERM');
  });

  it('does not start when the bucket cannot be opened, and says why in one Spanish sentence', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...env('datos'),
        S3_BUCKET: 'no-existe',
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
      },
    });
    refused = child;
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect(status).toBe(1);
    expect(stderr).toBe(
      `\nNo se pudo abrir el bucket S3 «no-existe» en ${s3.env.S3_ENDPOINT}: el bucket no existe.\n\n`,
    );
  }, 180_000);

  it('keeps an uploaded plan in the bucket, serves it, and deletes it by itself once the plan is deleted', async () => {
    server = await startServerProcess(env('datos'));
    const { base } = server;
    const { accessToken } = await call(base, 'POST', '/auth/login', undefined, {
      email: 'admin@s3.test',
      password: 'admin-s3-prueba-1',
    });
    const authorization = `Bearer ${accessToken}`;
    const image = await planImage(240, 160);
    const form = planForm({ name: 'Planta baja', file: image });
    const created = await fetch(`${base}/api/sites/1/plans`, {
      method: 'POST',
      headers: { authorization, ...form.headers },
      body: form.payload(),
    });
    expect(created.status).toBe(201);
    const plan = (await created.json()) as { id: number };
    const keys = await s3.keys();
    expect(keys).toHaveLength(1);
    expect((await s3.object(keys[0]!))?.equals(image)).toBe(true);
    const served = await fetch(`${base}/api/plans/${plan.id}/image`, { headers: { authorization } });
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

    await call(base, 'DELETE', `/plans/${plan.id}`, accessToken);
    // Not within the request: after its transaction committed, by the server's own deletion queue.
    const deadline = Date.now() + 10_000;
    while ((await s3.keys()).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await s3.keys()).toEqual([]);
  }, 180_000);
});
