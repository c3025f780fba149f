import type { FastifyMultipartBaseOptions, Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { type SpooledFile, type SpoolOptions, spool } from './spool.js';

/** The field every upload carries its file in (DESIGN-audit.md, "Plans"). */
export const FILE_FIELD = 'file';

/**
 * @fastify/multipart's limits for every upload route: one file, a few short text fields. A text field is a
 * name or a note, never more than a few hundred characters; the file's own limit is set by each upload.
 */
export const MULTIPART_OPTIONS: FastifyMultipartBaseOptions = {
  limits: { files: 1, fields: 4, parts: 5, fieldNameSize: 64, fieldSize: 2048, headerPairs: 16 },
};

export const UploadMessages = {
  notMultipart: 'Envía el formulario como multipart/form-data.',
  malformed: 'El formulario multipart está mal formado o llegó incompleto.',
  oneFile: `Envía un solo archivo, en el campo ${FILE_FIELD}.`,
  tooManyParts: 'El formulario lleva más campos de los admitidos.',
  unknownField: (name: string, fields: readonly string[]) =>
    `El formulario no admite el campo «${name}»: sus campos son ${[FILE_FIELD, ...fields].join(', ')}.`,
  repeatedField: (name: string) => `El campo «${name}» aparece más de una vez en el formulario.`,
  longField: (name: string) => `El campo «${name}» es demasiado largo.`,
  badText: (name: string) => `El campo «${name}» no es texto UTF-8 válido.`,
} as const;

export interface UploadSpec extends SpoolOptions {
  /** The text fields the form may carry besides the file; any other part is refused (400). */
  fields: readonly string[];
  /**
   * How many files the form may carry, each in a part named `file` (1 unless told; the route's multipart limits
   * must let one more through, so that one is refused with `tooManyFiles` rather than the parser's message).
   */
  maxFiles?: { count: number; message: string };
}

export interface Upload {
  /** The first file; undefined when the form carried none. */
  file: SpooledFile | undefined;
  fields: Partial<Record<string, string>>;
}

/** A form as read: every file too, in the order sent (at most `maxFiles`). */
export interface ReadUpload extends Upload {
  files: SpooledFile[];
}

/** What @fastify/multipart raises for a form it could not read as sent; anything else is the server's own. */
const FORM_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: UploadMessages.oneFile,
  FST_PARTS_LIMIT: UploadMessages.tooManyParts,
  FST_FIELDS_LIMIT: UploadMessages.tooManyParts,
  FST_MP_PREMATURE_CLOSE: UploadMessages.malformed,
  FST_INVALID_JSON_FIELD_ERROR: UploadMessages.malformed,
};

/**
 * Reads a multipart/form-data upload: its one file is checked and spooled as it arrives (spool.ts), its text
 * fields collected. Every way a form can be wrong is a 400 (415 when it is no form at all, 413 and 415 for its
 * file), in Spanish; the caller disposes of the file. On a refusal the rest of the request is read and dropped,
 * so the client, still sending, reads the answer instead of a broken connection.
 */
export async function readUpload(request: FastifyRequest, spec: UploadSpec): Promise<ReadUpload> {
  if (!request.isMultipart()) throw new AppError(415, UploadMessages.notMultipart);
  const upload: ReadUpload = { file: undefined, files: [], fields: {} };
  try {
    const parts = request.parts({ limits: { fileSize: spec.maxBytes + 1 } });
    for await (const part of formParts(parts)) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD)
          throw AppError.badRequest(UploadMessages.unknownField(part.fieldname, spec.fields));
        if (spec.maxFiles && upload.files.length >= spec.maxFiles.count) {
          throw AppError.badRequest(spec.maxFiles.message);
        }
        const file = await spoolPart(part.file, spec);
        upload.files.push(file);
        upload.file ??= file;
        continue;
      }
      if (!spec.fields.includes(part.fieldname)) {
        throw AppError.badRequest(UploadMessages.unknownField(part.fieldname, spec.fields));
      }
      if (upload.fields[part.fieldname] !== undefined)
        throw AppError.badRequest(UploadMessages.repeatedField(part.fieldname));
      if (part.valueTruncated) throw AppError.badRequest(UploadMessages.longField(part.fieldname));
      const value = String(part.value);
      // Bytes that are not UTF-8 arrive as U+FFFD (the decoder's stand-in), which would be stored in their
      // place: refused, as JSON's lone surrogates are (a U+FFFD typed on purpose has no use in a name).
      if (value.includes('\uFFFD')) throw AppError.badRequest(UploadMessages.badText(part.fieldname));
      upload.fields[part.fieldname] = value;
    }
    return upload;
  } catch (error) {
    await Promise.all(upload.files.map((file) => file.dispose()));
    // Whatever part was being read is left: the parser lets go of the request, which is then read to its end.
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  }
}

/**
 * Spools a file part. A failure of the part's own stream is the form's (cut short, a broken boundary): a 400.
 * A failure on the server's side (the disk) stays the server's.
 */
async function spoolPart(source: Readable, spec: UploadSpec): Promise<SpooledFile> {
  try {
    return await spool(source, spec);
  } catch (error) {
    if (!(error instanceof AppError) && source.errored) throw AppError.badRequest(UploadMessages.malformed);
    throw error;
  }
}

/** The form's parts, with the parser's own failures (a malformed body, a limit passed) turned into 400s. */
async function* formParts(parts: AsyncIterableIterator<Multipart>): AsyncGenerator<Multipart> {
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw AppError.badRequest((typeof code === 'string' && FORM_ERRORS[code]) || UploadMessages.malformed);
    }
    if (next.done) return;
    yield next.value;
  }
}
