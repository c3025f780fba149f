import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { fileChunks, fileObjectDeletions, files } from '../db/schema.js';
import { type ConfiguredStorage, createFileStorage } from './create-storage.js';
import { CHUNK_BYTES } from './database-backend.js';
import type { FileRow } from './files.repository.js';
import { FilesRepository } from './files.repository.js';
import { type MigrationProgress, migrateFiles } from './migrate.js';
import { spool } from './spool.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d', 'hex'), Buffer.from('IHDR'), Buffer.alloc(13)]);

let t: TestApp;
let s3: TestS3;
/** Writes new files to the database, as a server without S3_BUCKET does. */
let inDatabase: ConfiguredStorage;
/** Writes new files to S3; reads both. */
let inS3: ConfiguredStorage;
let repository: FilesRepository;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp();
  inDatabase = createFileStorage(loadConfig({ LOG_LEVEL: 'silent' }), t.database.db);
  inS3 = createFileStorage(loadConfig({ ...s3.env, LOG_LEVEL: 'silent' }), t.database.db);
  repository = new FilesRepository(t.database.db);
});
beforeEach(() => t.reset());
afterAll(async () => {
  await inS3.close();
  await inDatabase.close();
  await t.close();
  await s3.close();
});

async function save(storage: ConfiguredStorage, size: number): Promise<{ file: FileRow; content: Buffer }> {
  const content = Buffer.concat([PNG, randomBytes(size - PNG.length)]);
  const spooled = await spool(Readable.from([content]), {
    accept: ['image/png'],
    maxBytes: 20 * 1024 * 1024,
    messages: { tooLarge: 'x', wrongType: 'x', empty: 'x' },
  });
  try {
    const file = await t.database.db.transaction((tx) => storage.files.save(spooled, 'plano.png', tx));
    return { file, content };
  } finally {
    await spooled.dispose();
  }
}

function migrate(to: 's3' | 'database', onProgress?: (progress: MigrationProgress) => void) {
  return migrateFiles(to, {
    db: t.database.db,
    repository,
    database: inS3.database,
    s3: inS3.s3!.backend,
    deletions: inS3.s3!.deletions,
    onProgress,
  });
}

const row = async (id: number) => (await t.database.db.select().from(files).where(eq(files.id, id)))[0]!;
const chunkRows = async (id: number) =>
  (await t.database.db.select({ id: fileChunks.id }).from(fileChunks).where(eq(fileChunks.fileId, id))).length;
const read = async (id: number) => buffer((await inS3.files.open(id))!.content);

describe('npm run files:migrate', () => {
  it('moves every file to S3 and back, each byte for byte, the source let go only after the copy is checked', async () => {
    const saved = [
      await save(inDatabase, 100),
      await save(inDatabase, 3 * CHUNK_BYTES + 5),
      await save(inDatabase, 9000),
    ];
    const progress: MigrationProgress[] = [];
    expect(await migrate('s3', (step) => progress.push(step))).toEqual({ moved: 3, failed: [], skipped: 0 });
    const total = saved.reduce((sum, { content }) => sum + content.length, 0);
    expect(progress.map(({ done, total, totalBytes }) => [done, total, totalBytes])).toEqual([
      [1, 3, total],
      [2, 3, total],
      [3, 3, total],
    ]);
    expect(progress.at(-1)!.bytes).toBe(total);
    for (const { file, content } of saved) {
      const moved = await row(file.id);
      expect(moved).toMatchObject({ backend: 's3', size: file.size, sha256: file.sha256 });
      expect((await s3.object(moved.storageKey!))?.equals(content)).toBe(true);
      expect(await chunkRows(file.id)).toBe(0);
      expect((await read(file.id)).equals(content)).toBe(true);
    }

    const keys = await Promise.all(saved.map(async ({ file }) => (await row(file.id)).storageKey!));
    expect(await migrate('database')).toEqual({ moved: 3, failed: [], skipped: 0 });
    for (const [index, { file, content }] of saved.entries()) {
      expect(await row(file.id)).toMatchObject({ backend: 'database', storageKey: null, sha256: file.sha256 });
      expect(await chunkRows(file.id)).toBe(Math.ceil(content.length / CHUNK_BYTES));
      expect((await read(file.id)).equals(content)).toBe(true);
      // The objects went once the move had committed.
      expect(await s3.object(keys[index]!)).toBeUndefined();
    }
    expect(await t.database.db.select().from(fileObjectDeletions)).toEqual([]);
  });

  it('does nothing the second time, and carries on where an interrupted run stopped', async () => {
    const saved = [await save(inDatabase, 2000), await save(inDatabase, 3000), await save(inDatabase, 4000)];
    await expect(
      migrate('s3', (step) => {
        if (step.done === 1) throw new Error('interrumpido');
      }),
    ).rejects.toThrow('interrumpido');
    expect((await Promise.all(saved.map(({ file }) => row(file.id)))).map((file) => file.backend)).toEqual([
      's3',
      'database',
      'database',
    ]);
    expect(await migrate('s3')).toEqual({ moved: 2, failed: [], skipped: 0 });
    expect(await migrate('s3')).toEqual({ moved: 0, failed: [], skipped: 0 });
    for (const { file, content } of saved) expect((await read(file.id)).equals(content)).toBe(true);
  });

  it('moves files already split between the two, leaving the ones in place alone', async () => {
    const old = await save(inDatabase, 5000);
    const fresh = await save(inS3, 6000);
    const freshKey = fresh.file.storageKey!;
    expect(await migrate('s3')).toEqual({ moved: 1, failed: [], skipped: 0 });
    expect((await row(fresh.file.id)).storageKey).toBe(freshKey);
    expect((await read(old.file.id)).equals(old.content)).toBe(true);
  });

  it('keeps an object whose bytes are not the file’s, and its file in S3, reporting it in Spanish', async () => {
    const good = await save(inS3, 4000);
    const bad = await save(inS3, 4000);
    // The store now holds other bytes for it (of the same size): the copy would not match what was uploaded.
    const other = Buffer.concat([PNG, randomBytes(4000 - PNG.length)]);
    await inS3.s3!.backend.put(bad.file, Readable.from([other]));
    const result = await migrate('database');
    expect(result.moved).toBe(1);
    expect(result.failed).toEqual([
      {
        id: bad.file.id,
        reason: `la copia del archivo ${bad.file.id} no coincide con el original (4000 bytes en vez de 4000, o su SHA-256 difiere): el original se conserva`,
      },
    ]);
    expect(await row(bad.file.id)).toMatchObject({ backend: 's3', storageKey: bad.file.storageKey });
    expect(await chunkRows(bad.file.id)).toBe(0);
    expect((await s3.object(bad.file.storageKey!))?.equals(other)).toBe(true);
    expect(await row(good.file.id)).toMatchObject({ backend: 'database' });
    expect(
      createHash('sha256')
        .update(await read(good.file.id))
        .digest('hex'),
    ).toBe(good.file.sha256);
  });
});
