import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileRow } from './files.repository.js';
import { EXTENSIONS } from './media-type.js';

export interface ServedFile {
  file: FileRow;
  /** The name it is saved under, without extension: the type's own extension is added. */
  name: string;
  open(): Readable;
  /** Shown in the browser (the default), or only saved: a document not known to be harmless is not opened in place. */
  disposition?: 'inline' | 'attachment';
}

/**
 * The file a URL names may change (a plan's image is replaced under the same address), so no answer may be
 * reused unchecked; but its bytes never change under one ETag, their SHA-256. The browser and the service
 * worker keep a copy (private: the answer depends on who asks) and revalidate it on each use: unchanged, the
 * answer is a 304 of a few hundred bytes instead of a 15 MB image.
 */
export const FILE_CACHE_CONTROL = 'private, no-cache';

/**
 * Sends a stored file as what its bytes were found to be (never the type its uploader claimed), with nosniff so
 * no browser guesses otherwise, shown in place under a safe file name, and a 304 when the client's copy is
 * current.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, served: ServedFile): FastifyReply {
  const { file } = served;
  const etag = `"${file.sha256}"`;
  reply.header('etag', etag).header('cache-control', FILE_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply
    .type(file.mediaType)
    .header('content-length', file.size)
    .header(
      'content-disposition',
      contentDisposition(`${served.name}.${EXTENSIONS[file.mediaType]}`, served.disposition ?? 'inline'),
    )
    .send(served.open());
}

/** If-None-Match: a list of ETags, weak or strong (compared weakly, as RFC 9110 asks for GET), or "*". */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * `inline` (or `attachment`) with the name twice: plain ASCII for old clients (accents dropped, anything that could end the
 * quoted string or the header replaced) and the real name in UTF-8 (RFC 6266, RFC 8187).
 */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii || 'archivo'}"; filename*=UTF-8''${encoded}`;
}

/** A PDF drawn on request (not a stored file: no ETag), shown in place under its name. */
export function sendDrawnPdf(reply: FastifyReply, drawn: { fileName: string; content: Readable }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(drawn.fileName))
    .send(drawn.content);
}
