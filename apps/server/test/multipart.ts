import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type FormPart =
  | { name: string; value: string | Buffer }
  | { name: string; filename: string; contentType?: string; data: Buffer | Iterable<Buffer> };

/**
 * A multipart/form-data body as a browser's FormData sends it. With `stream`, the body is a stream that
 * counts the bytes the server pulled from it (`sent()`): how a test tells a refusal made while reading from
 * one made after reading everything.
 */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----rondin${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  const chunks = function* () {
    for (const part of parts) {
      const disposition =
        'filename' in part
          ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
          : `form-data; name="${part.name}"`;
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
      if ('filename' in part) yield* Buffer.isBuffer(part.data) ? [part.data] : part.data;
      else yield Buffer.from(part.value);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  };
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return {
    headers,
    /** The whole body at once. */
    payload: () => {
      if (!pieces.length) pieces.push(...chunks());
      return Buffer.concat(pieces);
    },
    /** The body as a stream, and how many bytes of it were read so far. */
    stream: () => {
      let sent = 0;
      const source = chunks();
      const stream = new Readable({
        read() {
          const next = source.next();
          if (next.done) this.push(null);
          else {
            sent += next.value.length;
            this.push(next.value);
          }
        },
      });
      return { stream, sent: () => sent };
    },
  };
}

/** `count` pieces of `size` bytes each, made as they are read: a large upload that never sits whole in memory. */
export function* pieces(first: Buffer, count: number, size = 1024 * 1024): Generator<Buffer> {
  yield first;
  for (let index = 1; index < count; index++) yield Buffer.alloc(size, index % 251);
}
