import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { files } from '../db/schema.js';
import { createFileStorage } from '../files/create-storage.js';
import { spool } from '../files/spool.js';

/**
 * `npm run files:migrate` is run by whoever looks after the plant's server: it says what it moves and how far
 * it got, in Spanish, and exits with 1 when something is wrong or a file could not be moved.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-files-migrate-'));
const dataDir = path.join(folder, 'datos');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d', 'hex'), Buffer.from('IHDR'), Buffer.alloc(13)]);
/** Each run starts Node with tsx and opens the embedded database: seconds apiece, more on a loaded machine. */
const SCRIPT_TIMEOUT_MS = 180_000;
let s3: TestS3;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  s3 = await startS3();
  await migratedDataDir(dataDir);
});
afterAll(async () => {
  // A run cut short by a test's time limit must not outlive the tests (it holds the data folder).
  for (const child of running) child.kill('SIGKILL');
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The script on the embedded database in `dataDir`, as `npm run files:migrate -- …args` runs it. */
function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/scripts/files-migrate.ts', ...args],
    {
      cwd: serverDir,
      env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  running.add(child);
  // Asynchronously: the S3 server answering the script runs in this process.
  return new Promise((resolve) =>
    child.on('close', (status) => {
      running.delete(child);
      resolve({ status, stdout, stderr });
    }),
  );
}

/** Opens the embedded database for a moment (the script needs it closed) to store files or read their rows. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

describe('npm run files:migrate', () => {
  it(
    'says how it is used, and that it needs S3_BUCKET, in Spanish, exiting with 1',
    async () => {
      const usage = await run([], s3.env);
      expect(usage.status).toBe(1);
      expect(usage.stderr).toBe('Uso: npm run files:migrate -- --to s3|database (a dónde mover los archivos).\n');
      const noBucket = await run(['--to', 's3'], {});
      expect(noBucket.status).toBe(1);
      expect(noBucket.stderr).toMatch(/^files:migrate necesita S3_BUCKET/);
      const wrongBucket = await run(['--to=s3'], { ...s3.env, S3_BUCKET: 'otro-bucket' });
      expect(wrongBucket.status).toBe(1);
      expect(wrongBucket.stderr).toMatch(
        /^No se pudo abrir el bucket S3 «otro-bucket» en http:\/\/127\.0\.0\.1:\d+: el bucket no existe\.\n$/,
      );
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'refuses, saying why, while a server has the embedded database open',
    async () => {
      const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
      try {
        const locked = await run(['--to', 's3'], s3.env);
        expect(locked.status).toBe(1);
        expect(locked.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
        expect(locked.stderr).toBe(
          `La carpeta de datos ${dataDir} está en uso por otro proceso de Rondín (pid ${process.pid}). Detén ese proceso o usa otra carpeta con DATA_DIR.\n`,
        );
      } finally {
        await handle.close();
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'moves the files to S3 and back, saying how far it got',
    async () => {
      const ids = await withDatabase(async (db) => {
        const storage = createFileStorage(loadConfig({ DATA_DIR: dataDir }), db);
        const saved = [];
        for (const size of [1000, 300_000]) {
          const spooled = await spool(Readable.from([Buffer.concat([PNG, randomBytes(size - PNG.length)])]), {
            accept: ['image/png'],
            maxBytes: 1_000_000,
            messages: { tooLarge: 'x', wrongType: 'x', empty: 'x' },
          });
          saved.push((await db.transaction((tx) => storage.files.save(spooled, 'plano.png', tx))).id);
          await spooled.dispose();
        }
        return saved;
      });
      const backends = () => withDatabase(async (db) => (await db.select().from(files)).map((file) => file.backend));

      const there = await run(['--to', 's3'], s3.env);
      expect(there.stderr).toBe('');
      expect(there.status).toBe(0);
      expect(there.stdout).toBe(
        [
          'Moviendo 2 archivos (0,3 MB) de la base de datos a S3.',
          '  1 de 2 archivos, 0 MB (0 %)',
          '  2 de 2 archivos, 0,3 MB (100 %)',
          'Listo: 2 movidos a S3, 0 ya borrados o movidos por otro proceso, 0 con errores.',
          '',
        ].join('\n'),
      );
      expect(await backends()).toEqual(['s3', 's3']);
      expect(ids).toHaveLength(2);

      const again = await run(['--to', 's3'], s3.env);
      expect(again.stdout).toMatch(/^Moviendo 0 archivos \(0 MB\) de la base de datos a S3\.\nListo: 0 movidos/);

      const back = await run(['--to', 'database'], s3.env);
      expect(back.status).toBe(0);
      expect(back.stdout).toMatch(
        /Listo: 2 movidos a la base de datos, .*\nYa puedes quitar S3_BUCKET de la configuración del servidor\.\n$/,
      );
      expect(await backends()).toEqual(['database', 'database']);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
