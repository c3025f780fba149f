import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartForm, pieces } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import errorHandler from '../plugins/error-handler.js';
import { CHUNK_BYTES, DatabaseBackend } from './database-backend.js';
import { FileStorage } from './file-storage.js';
import { FilesRepository } from './files.repository.js';
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
    const before = fs.readdirSync(process.env.TMPDIR ?? '/tmp').filter((name) => name.startsWith('rondin-upload-'));
    await expect(spool(Readable.from([Buffer.from('<svg/>'.repeat(10))]), options)).rejects.toThrow();
    const after = fs.readdirSync(process.env.TMPDIR ?? '/tmp').filter((name) => name.startsWith('rondin-upload-'));
    expect(after.sort()).toEqual(before.sort());
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

describe('database storage', () => {
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

  it('keeps a file in 256 KiB rows and reads it back byte for byte', async () => {
    for (const size of [100, CHUNK_BYTES, 15 * MB - 3]) {
      const content = Buffer.concat([HEADS.jpeg, randomBytes(size - HEADS.jpeg.length)]);
      const file = await save(content);
      expect(file).toMatchObject({
        backend: 'database',
        storageKey: null,
        size,
        mediaType: 'image/jpeg',
        name: 'plano.png',
      });
      expect(await chunkCount(file.id)).toEqual({
        n: Math.ceil(size / CHUNK_BYTES),
        largest: Math.min(size, CHUNK_BYTES),
      });
      const opened = await storage.open(file.id);
      const read = await buffer(opened!.content);
      expect(read.equals(content)).toBe(true);
      expect(createHash('sha256').update(read).digest('hex')).toBe(file.sha256);
    }
  });

  it('deletes a file with its bytes', async () => {
    const file = await save(Buffer.concat([HEADS.png, randomBytes(600_000)]));
    await t.database.db.transaction((tx) => storage.remove(file.id, tx));
    expect(await storage.open(file.id)).toBeUndefined();
    expect((await chunkCount(file.id)).n).toBe(0);
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

describe('contentDisposition', () => {
  it('names the file in plain ASCII and in UTF-8, with nothing that could break the header', () => {
    expect(contentDisposition('Planta baja – sector ñ "A";\r\nx.png')).toBe(
      `inline; filename="Planta baja _ sector n _A____x.png"; filename*=UTF-8''Planta%20baja%20%E2%80%93%20sector%20%C3%B1%20%22A%22%3B%0D%0Ax.png`,
    );
  });
});
