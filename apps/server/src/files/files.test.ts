import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postPhoto } from '../../test/findings.js';
import { multipartForm, pieces } from '../../test/multipart.js';
import { createOrder, scan } from '../../test/orders.js';
import { createPlan, planForm, planImage, postPlan } from '../../test/plans.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  openTestDatabase,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { restoreBackup, writeBackup } from '../db/backup.js';
import type { Transaction } from '../db/database.js';
import { files, sessions } from '../db/schema.js';
import errorHandler from '../plugins/error-handler.js';
import { type ConfiguredStorage, createFileStorage } from './create-storage.js';
import { CHUNK_BYTES, DatabaseBackend } from './database-backend.js';
import { FileStorage } from './file-storage.js';
import { type FileRow, FilesRepository } from './files.repository.js';
import { sniffMediaType } from './media-type.js';
import { MULTIPART_OPTIONS, readUpload } from './multipart.js';
import { contentDisposition } from './send-file.js';
import { type SpooledFile, type SpoolOptions, spool } from './spool.js';

/** The first bytes of each kept type, as real files start. */
export const HEADS = {
  png: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d', 'hex'), Buffer.from('IHDR'), Buffer.alloc(13)]),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]),
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
};

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const options: SpoolOptions = {
  accept: IMAGES,
  maxBytes: 15 * MB,
  messages: { tooLarge: 'Muy grande.', wrongType: 'No es una imagen.', empty: 'Vacío.' },
};

/** A stream of `count` pieces that counts how many the reader pulled. */
function counted(source: Iterable<Buffer>) {
  let pulled = 0;
  const iterator = source[Symbol.iterator]();
  const stream = new Readable({
    read() {
      const next = iterator.next();
      if (next.done) this.push(null);
      else {
        pulled += next.value.length;
        this.push(next.value);
      }
    },
  });
  return { stream, pulled: () => pulled };
}

describe('sniffMediaType', () => {
  it('knows PNG, JPEG, WebP and PDF by their first bytes', () => {
    expect(sniffMediaType(HEADS.png)).toBe('image/png');
    expect(sniffMediaType(HEADS.jpeg)).toBe('image/jpeg');
    expect(sniffMediaType(HEADS.webp)).toBe('image/webp');
    expect(sniffMediaType(HEADS.pdf)).toBe('application/pdf');
  });

  it('refuses HTML, SVG and anything else, whatever the file is called', () => {
    for (const text of [
      '<!DOCTYPE html><html><script>alert(1)</script>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      'GIF89a\x01\x00\x01\x00\x00\x00\x00',
    ]) {
      expect(sniffMediaType(Buffer.from(text))).toBeUndefined();
    }
  });

  it('refuses a PNG signature that is not followed by the PNG header chunk', () => {
    const fake = Buffer.from(HEADS.png);
    fake.write('<svg', 12);
    expect(sniffMediaType(fake)).toBeUndefined();
  });
});

describe('spool', () => {
  const spooled: SpooledFile[] = [];
  afterAll(() => Promise.all(spooled.map((file) => file.dispose())));

  it('keeps an accepted file whole, with its size and SHA-256', async () => {
    const content = Buffer.concat([HEADS.png, randomBytes(3 * MB + 7)]);
    const file = await spool(Readable.from([content.subarray(0, 5), content.subarray(5)]), options);
    spooled.push(file);
    expect(file).toMatchObject({ mediaType: 'image/png', size: content.length });
    expect(file.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(fs.readFileSync(file.path).equals(content)).toBe(true);
  });

  it('refuses a file past the limit with 413 as soon as it passes it, without reading the rest', async () => {
    const { stream, pulled } = counted(pieces(HEADS.jpeg, 64));
    await expect(spool(stream, options)).rejects.toMatchObject({ statusCode: 413, message: 'Muy grande.' });
    expect(pulled()).toBeLessThanOrEqual(17 * MB);
    expect(stream.destroyed).toBe(true);
  });

  it('refuses bytes of another type with 415 from its first piece', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body>no soy una imagen</body></html>');
    const { stream, pulled } = counted(pieces(html, 10));
    await expect(spool(stream, options)).rejects.toMatchObject({ statusCode: 415, message: 'No es una imagen.' });
    expect(pulled()).toBeLessThan(2 * MB);
  });

  it('refuses a PDF where only images are accepted, and an empty file', async () => {
    await expect(spool(Readable.from([HEADS.pdf]), options)).rejects.toMatchObject({ statusCode: 415 });
    await expect(spool(Readable.from([]), options)).rejects.toMatchObject({ statusCode: 400, message: 'Vacío.' });
  });

  it('leaves no temporary file behind when it refuses one', async () => {
    // A folder of its own: other test files spool uploads into the shared one at the same time.
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-spool-test-'));
    const shared = process.env.TMPDIR;
    process.env.TMPDIR = own;
    try {
      await expect(spool(Readable.from([Buffer.from('<svg/>'.repeat(10))]), options)).rejects.toThrow();
      expect(fs.readdirSync(own)).toEqual([]);
    } finally {
      if (shared === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = shared;
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('readUpload', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorHandler);
    await app.register(multipart, MULTIPART_OPTIONS);
    app.post('/upload', async (request) => {
      const upload = await readUpload(request, { ...options, fields: ['name'] });
      await upload.file?.dispose();
      return { mediaType: upload.file?.mediaType ?? null, size: upload.file?.size ?? null, fields: upload.fields };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (form: ReturnType<typeof multipartForm>, payload: Buffer | Readable = form.payload()) =>
    app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload });

  it('reads the file and the text fields, in either order', async () => {
    const data = Buffer.concat([HEADS.webp, randomBytes(1000)]);
    for (const parts of [
      [
        { name: 'name', value: 'Planta baja ñandú' },
        { name: 'file', filename: 'a.webp', data },
      ],
      [
        { name: 'file', filename: 'a.webp', data },
        { name: 'name', value: 'Planta baja ñandú' },
      ],
    ]) {
      const response = await post(multipartForm(parts));
      expect(response.json()).toEqual({
        mediaType: 'image/webp',
        size: data.length,
        fields: { name: 'Planta baja ñandú' },
      });
    }
  });

  it('refuses a 16 MB file with 413 while it arrives, in Spanish', async () => {
    const form = multipartForm([
      { name: 'file', filename: 'plano.png', contentType: 'image/png', data: pieces(HEADS.png, 16) },
    ]);
    const { stream, sent } = form.stream();
    const response = await post(form, stream);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Muy grande.');
    // The refusal came while the body was still arriving: what was read is the limit and a piece or two.
    expect(sent()).toBeLessThan(16 * MB);
  });

  it('refuses HTML named .png and sent as image/png with 415', async () => {
    const form = multipartForm([
      {
        name: 'file',
        filename: 'plano.png',
        contentType: 'image/png',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    ]);
    const response = await post(form);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('No es una imagen.');
  });

  it('answers every malformed form with a 400 in Spanish, never a 500', async () => {
    const file = { name: 'file', filename: 'a.png', data: HEADS.png };
    const cases: [ReturnType<typeof multipartForm>, Buffer | undefined, string][] = [
      [multipartForm([file, { ...file }]), undefined, 'Envía un solo archivo, en el campo file.'],
      [
        multipartForm([{ ...file, name: 'imagen' }]),
        undefined,
        'El formulario no admite el campo «imagen»: sus campos son file, name.',
      ],
      [
        multipartForm([file, { name: 'otro', value: 'x' }]),
        undefined,
        'El formulario no admite el campo «otro»: sus campos son file, name.',
      ],
      [
        multipartForm([file, { name: 'name', value: 'a' }, { name: 'name', value: 'b' }]),
        undefined,
        'El campo «name» aparece más de una vez en el formulario.',
      ],
      [
        multipartForm([file, { name: 'name', value: 'x'.repeat(3000) }]),
        undefined,
        'El campo «name» es demasiado largo.',
      ],
      [
        // Latin-1, as an old client might send "Año": not UTF-8.
        multipartForm([file, { name: 'name', value: Buffer.from([0x41, 0xf1, 0x6f]) }]),
        undefined,
        'El campo «name» no es texto UTF-8 válido.',
      ],
    ];
    const truncated = multipartForm([file]);
    cases.push([
      truncated,
      truncated.payload().subarray(0, 150),
      'El formulario multipart está mal formado o llegó incompleto.',
    ]);
    const garbage = multipartForm([file]);
    cases.push([
      garbage,
      Buffer.from('esto no es un formulario'),
      'El formulario multipart está mal formado o llegó incompleto.',
    ]);
    for (const [form, payload, message] of cases) {
      const response = await post(form, payload);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 400, message });
    }
  });

  it('answers 415 to a body that is not a form', async () => {
    const response = await app.inject({ method: 'POST', url: '/upload', payload: { name: 'x' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Envía el formulario como multipart/form-data.');
  });
});

/** Every test of this block runs against each backend: the database (the default) and an S3-compatible store. */
describe.each(['database', 's3'] as const)('%s storage', (kind) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let configured: ConfiguredStorage;
  let storage: FileStorage;
  let admin: TestUser;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    // With the S3 settings the app itself keeps its files in the store, as a server with S3_BUCKET does.
    t = await createTestApp(s3?.env ?? {});
    configured = createFileStorage(t.config, t.database.db);
    storage = configured.files;
  });
  beforeEach(async () => {
    await t.reset();
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await configured.close();
    await t.close();
    await s3?.close();
  });

  async function save(content: Buffer, tx?: Transaction) {
    const spooled = await spool(Readable.from([content]), { ...options, maxBytes: 20 * MB });
    try {
      if (tx) return await storage.save(spooled, 'plano.png', tx);
      return await t.database.db.transaction((tx) => storage.save(spooled, 'plano.png', tx));
    } finally {
      await spooled.dispose();
    }
  }

  /**
   * The SHA-256 of the bytes the backend holds for a file (its rows, worked out by the database, or its
   * object); undefined when it holds none.
   */
  async function kept(file: FileRow): Promise<string | undefined> {
    if (kind === 's3') {
      const object = await s3!.object(file.storageKey!);
      return object && sha256(object);
    }
    const { rows } = (await t.database.db.execute(
      sql`select encode(sha256(string_agg(data, ''::bytea order by seq)), 'hex') as sha256 from file_chunks where file_id = ${file.id}`,
    )) as unknown as { rows: { sha256: string | null }[] };
    return rows[0]?.sha256 ?? undefined;
  }

  /** What follows a commit: the objects of files gone are deleted (the server does it within seconds). */
  const afterCommit = async () => {
    await configured.s3?.deletions.drain();
  };

  const fileRow = async (id: number) => (await t.database.db.select().from(files).where(eq(files.id, id)))[0];

  // 15 MB in and out of the database (WebAssembly on PGlite) twice: more than the default time on a busy machine.
  it('keeps a file and reads it back byte for byte', async () => {
    for (const size of [100, CHUNK_BYTES, 15 * MB - 3]) {
      const content = Buffer.concat([HEADS.jpeg, randomBytes(size - HEADS.jpeg.length)]);
      const file = await save(content);
      expect(file).toMatchObject({ backend: kind, size, mediaType: 'image/jpeg', name: 'plano.png' });
      if (kind === 'database') expect(file.storageKey).toBeNull();
      else expect(file.storageKey).toMatch(/^files\/[0-9a-f-]{36}$/);
      expect(await kept(file)).toBe(sha256(content));
      const opened = await storage.open(file.id);
      const read = await buffer(opened!.content);
      expect(read.equals(content)).toBe(true);
      expect(createHash('sha256').update(read).digest('hex')).toBe(file.sha256);
    }
  }, 60_000);

  it('deletes a file with its bytes once the transaction commits', async () => {
    const file = await save(Buffer.concat([HEADS.png, randomBytes(600_000)]));
    await t.database.db.transaction((tx) => storage.remove(file.id, tx));
    await afterCommit();
    expect(await storage.open(file.id)).toBeUndefined();
    expect(await kept(file)).toBeUndefined();
  });

  it('keeps a file whose deletion is rolled back, bytes and all', async () => {
    const content = Buffer.concat([HEADS.png, randomBytes(300_000)]);
    const file = await save(content);
    await expect(
      t.database.db.transaction(async (tx) => {
        await storage.remove(file.id, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await afterCommit();
    expect((await buffer((await storage.open(file.id))!.content)).equals(content)).toBe(true);
    expect(await kept(file)).toBe(sha256(content));
  });

  it('leaves no bytes behind from a save whose transaction rolled back, and keeps every committed file', async () => {
    const committed = await save(Buffer.concat([HEADS.webp, randomBytes(1000)]));
    let lost: FileRow | undefined;
    await expect(
      t.database.db.transaction(async (tx) => {
        lost = await save(Buffer.concat([HEADS.png, randomBytes(1000)]), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await fileRow(lost!.id)).toBeUndefined();
    // An object written for it is an orphan: the sweep deletes those older than an hour (here, any age).
    await configured.s3?.deletions.sweepOrphans(0);
    expect(await kept(lost!)).toBeUndefined();
    expect(await kept(committed)).toBeDefined();
    expect(await buffer((await storage.open(committed.id))!.content)).toHaveLength(committed.size);
  });

  it('takes a plan image through the API: stored, served, refused alike past 15 MB or as HTML', async () => {
    const image = await planImage(300, 200, 'webp');
    const created = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja', image);
    const served = await t.app.inject({ method: 'GET', url: `/api/plans/${created.id}/image`, headers: admin.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff' });
    expect(served.rawPayload.equals(image)).toBe(true);
    const [row] = await t.database.db.select().from(files);
    expect(row).toMatchObject({ backend: kind, size: image.length });
    expect(await kept(row!)).toBe(sha256(image));

    const html = await postPlan(t, admin, DEFAULT_SITE_ID, {
      name: 'Otro',
      file: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
    });
    expect([html.statusCode, html.json().message]).toEqual([415, 'El plano debe ser una imagen PNG, JPEG o WebP.']);
    const form = multipartForm([
      { name: 'name', value: 'Enorme' },
      { name: 'file', filename: 'plano.png', contentType: 'image/png', data: pieces(HEADS.png, 16) },
    ]);
    const { stream, sent } = form.stream();
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/plans`,
      headers: { ...admin.headers, ...form.headers },
      payload: stream,
    });
    expect([big.statusCode, big.json().message]).toEqual([413, 'La imagen del plano supera los 15 MB.']);
    expect(sent()).toBeLessThan(16 * MB);
    expect(await t.database.db.select({ id: files.id }).from(files)).toEqual([{ id: row!.id }]);
  });

  it('deletes the old image when a plan is given a new one, and the image with the plan', async () => {
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    const [first] = await t.database.db.select().from(files);
    const image = await planImage(320, 240, 'jpeg');
    const form = planForm({ file: image, filename: 'nuevo.jpg', contentType: 'image/jpeg' });
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.id}/image`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload(),
    });
    expect(replaced.statusCode).toBe(200);
    await afterCommit();
    const [second] = await t.database.db.select().from(files);
    expect(await kept(first!)).toBeUndefined();
    expect(await kept(second!)).toBe(sha256(image));

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/plans/${plan.id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(204);
    await afterCommit();
    expect(await kept(second!)).toBeUndefined();
  });

  it('deletes a photo’s file with the photo, and with its order (the photos_file_delete trigger)', async () => {
    const tech = await createUser(t);
    const traps = [await createTrap(t, { type: 'LAMINA' }), await createTrap(t, { type: 'LAMINA' })];
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    for (const trap of traps) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    const jpeg = await planImage(64, 48, 'jpeg');
    const photoIds: number[] = [];
    for (const item of order.items) {
      const photo = await postPhoto(t, tech, order.id, item.id, { clientPhotoId: randomUUID(), file: jpeg });
      expect(photo.statusCode, photo.body).toBe(201);
      photoIds.push(photo.json<{ id: number }>().id);
    }
    // Each photo, then the thumbnail certificates print (made at upload).
    const stored = await t.database.db.select().from(files).orderBy(files.id);
    expect(stored.map((file) => [file.backend, file.mediaType])).toEqual(
      [0, 1].flatMap(() => [
        [kind, 'image/jpeg'],
        [kind, 'image/jpeg'],
      ]),
    );

    const one = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photoIds[0]}`, headers: tech.headers });
    expect(one.statusCode).toBe(204);
    await afterCommit();
    expect(await kept(stored[0]!)).toBeUndefined();
    expect(await kept(stored[1]!)).toBeUndefined();
    expect(await kept(stored[2]!)).toBe(sha256(jpeg));
    expect(await kept(stored[3]!)).toBe(stored[3]!.sha256);

    // The API deletes only orders nobody started; an order with photos goes only from the database itself.
    await t.database.db.delete(sessions).where(eq(sessions.id, order.id));
    await afterCommit();
    expect(await kept(stored[2]!)).toBeUndefined();
    expect(await kept(stored[3]!)).toBeUndefined();
  });
});

describe('database backend', () => {
  let t: TestApp;
  let storage: FileStorage;
  beforeAll(async () => {
    t = await createTestApp();
    const repository = new FilesRepository(t.database.db);
    storage = new FileStorage(repository, new DatabaseBackend(repository));
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function save(content: Buffer) {
    const spooled = await spool(Readable.from([content]), { ...options, maxBytes: 20 * MB });
    try {
      return await t.database.db.transaction((tx) => storage.save(spooled, 'plano.png', tx));
    } finally {
      await spooled.dispose();
    }
  }

  const chunkCount = async (fileId: number) => {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n, max(length(data))::int as largest from file_chunks where file_id = ${fileId}`,
    )) as unknown as { rows: { n: number; largest: number }[] };
    return rows[0]!;
  };

  it('keeps a file in 256 KiB rows', async () => {
    for (const size of [100, CHUNK_BYTES, 2 * CHUNK_BYTES + 1]) {
      const file = await save(Buffer.concat([HEADS.jpeg, randomBytes(size - HEADS.jpeg.length)]));
      expect(await chunkCount(file.id)).toEqual({
        n: Math.ceil(size / CHUNK_BYTES),
        largest: Math.min(size, CHUNK_BYTES),
      });
    }
  });

  it('fails a read whose file is deleted half way rather than end it as a shorter file', async () => {
    const file = await save(Buffer.concat([HEADS.png, randomBytes(3 * CHUNK_BYTES)]));
    const opened = await storage.open(file.id);
    const reader = opened!.content[Symbol.asyncIterator]();
    await reader.next();
    await t.database.db.transaction((tx) => storage.remove(file.id, tx));
    await expect(buffer(Readable.from({ [Symbol.asyncIterator]: () => reader }))).rejects.toThrow(/ended after/);
  });
});

describe('S3 backend beside the database one', () => {
  let t: TestApp;
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const storages = () => {
    const withS3 = createFileStorage(loadConfig({ ...s3.env, LOG_LEVEL: 'silent' }), t.database.db);
    const without = createFileStorage(loadConfig({ LOG_LEVEL: 'silent' }), t.database.db);
    return { withS3, without };
  };

  async function saveIn(storage: FileStorage, content: Buffer) {
    const spooled = await spool(Readable.from([content]), options);
    try {
      return await t.database.db.transaction((tx) => storage.save(spooled, 'foto.png', tx));
    } finally {
      await spooled.dispose();
    }
  }

  it('still reads the files kept in the database once new files go to S3', async () => {
    const { withS3, without } = storages();
    const old = Buffer.concat([HEADS.png, randomBytes(5000)]);
    const inDatabase = await saveIn(without.files, old);
    const fresh = Buffer.concat([HEADS.png, randomBytes(5000)]);
    const inS3 = await saveIn(withS3.files, fresh);
    expect([inDatabase.backend, inS3.backend]).toEqual(['database', 's3']);
    expect((await buffer((await withS3.files.open(inDatabase.id))!.content)).equals(old)).toBe(true);
    expect((await buffer((await withS3.files.open(inS3.id))!.content)).equals(fresh)).toBe(true);
    await withS3.close();
  });

  it('answers 503 in Spanish for a file kept in S3 on a server without S3_BUCKET (a backup restored there)', async () => {
    const { withS3, without } = storages();
    const file = await saveIn(withS3.files, Buffer.concat([HEADS.png, randomBytes(100)]));
    await expect(without.files.open(file.id)).rejects.toMatchObject({
      statusCode: 503,
      message: 'El archivo está guardado en un almacenamiento S3 que este servidor no tiene configurado (S3_BUCKET).',
    });
    await withS3.close();
  });

  it('restores a backup whose files are in S3: the rows come back naming the same objects', async () => {
    const { withS3, without } = storages();
    const content = Buffer.concat([HEADS.png, randomBytes(70_000)]);
    const file = await saveIn(withS3.files, content);
    const backup = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-files-backup-')), 'respaldo.ndjson.gz');
    await writeBackup(t.database.db, backup);
    const target = await openTestDatabase('files_restore');
    try {
      await target.db.execute(
        sql`truncate placement_events, trap_placements, plans, file_chunks, files, file_object_deletions, scan_events, session_items, sessions, traps, technicians, sites restart identity cascade`,
      );
      await restoreBackup(target.db, fs.createReadStream(backup));
      const restored = createFileStorage(loadConfig({ ...s3.env, LOG_LEVEL: 'silent' }), target.db);
      expect((await buffer((await restored.files.open(file.id))!.content)).equals(content)).toBe(true);
      await restored.close();
    } finally {
      await target.close();
      fs.rmSync(path.dirname(backup), { recursive: true, force: true });
      await withS3.close();
      await without.close();
    }
  });

  it('refuses to start, in Spanish, when the bucket cannot be reached', async () => {
    const refusal = async (env: Record<string, string>) => {
      const storage = createFileStorage(loadConfig({ ...s3.env, ...env, LOG_LEVEL: 'silent' }), t.database.db);
      try {
        await storage.s3!.backend.check();
      } catch (error) {
        return (error as Error).message;
      } finally {
        await storage.close();
      }
    };
    const bucket = s3.env.S3_BUCKET;
    expect(await refusal({ S3_BUCKET: 'no-existe' })).toBe(
      `No se pudo abrir el bucket S3 «no-existe» en ${s3.env.S3_ENDPOINT}: el bucket no existe.`,
    );
    expect(await refusal({ S3_ENDPOINT: 'http://127.0.0.1:9' })).toMatch(
      new RegExp(`^No se pudo abrir el bucket S3 «${bucket}» en http://127.0.0.1:9: no responde \\(.+\\)\\.$`),
    );
  });
});

describe('contentDisposition', () => {
  it('names the file in plain ASCII and in UTF-8, with nothing that could break the header', () => {
    expect(contentDisposition('Planta baja – sector ñ "A";\r\nx.png')).toBe(
      `inline; filename="Planta baja _ sector n _A____x.png"; filename*=UTF-8''Planta%20baja%20%E2%80%93%20sector%20%C3%B1%20%22A%22%3B%0D%0Ax.png`,
    );
  });
});
