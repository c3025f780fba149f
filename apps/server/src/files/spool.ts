import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../lib/app-error.js';
import { type MediaType, SNIFF_BYTES, sniffMediaType } from './media-type.js';

export interface SpoolOptions {
  /** The types its bytes may be; anything else is refused with 415. */
  accept: readonly MediaType[];
  /** Larger is refused with 413 as soon as the byte after it arrives. */
  maxBytes: number;
  /** What the refusals say, in the words of what is being uploaded ("La imagen del plano supera…"). */
  messages: { tooLarge: string; wrongType: string; empty: string };
}

/** An upload read whole into a temporary file: its type (from its bytes), size and SHA-256. */
export interface SpooledFile {
  path: string;
  mediaType: MediaType;
  size: number;
  sha256: string;
  /** Deletes the temporary file. */
  dispose(): Promise<void>;
}

const ignoreUntilPiped = () => undefined;

/**
 * Reads an upload into a temporary file, refusing it (413) as soon as it passes `maxBytes` and (415) as soon
 * as its first bytes are none of the accepted types; the rest of a refused upload is not read. Nothing waits
 * on the database meanwhile: a slow phone's upload holds only this file, and the database then takes the file
 * in one quick transaction. Memory holds one piece of the upload at a time, never the whole of it.
 */
export async function spool(content: Readable, options: SpoolOptions): Promise<SpooledFile> {
  // The source may fail before the temporary folder exists (a PDF whose drawing fails at once): an 'error' no
  // one listens to ends the process, so a listener is there from the start; pipeline then takes the error
  // from the stream itself.
  content.on('error', ignoreUntilPiped);
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rondin-upload-'));
  const file = path.join(folder, 'content');
  const dispose = () => fs.promises.rm(folder, { recursive: true, force: true });
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let mediaType: MediaType | undefined;
  const check = (bytes: Buffer) => {
    const type = sniffMediaType(bytes);
    if (type === undefined || !options.accept.includes(type)) throw new AppError(415, options.messages.wrongType);
    return type;
  };
  try {
    await pipeline(
      content,
      async function* (pieces: AsyncIterable<Buffer>) {
        for await (const piece of pieces) {
          size += piece.length;
          if (size > options.maxBytes) throw new AppError(413, options.messages.tooLarge);
          if (mediaType === undefined) {
            head = Buffer.concat([head, piece.subarray(0, SNIFF_BYTES - head.length)]);
            if (head.length === SNIFF_BYTES) mediaType = check(head);
          }
          hash.update(piece);
          yield piece;
        }
      },
      fs.createWriteStream(file),
    );
    if (size === 0) throw AppError.badRequest(options.messages.empty);
    // A file shorter than the bytes sniffed is checked on what there is (and is refused: none is that short).
    mediaType ??= check(head);
    return { path: file, mediaType, size, sha256: hash.digest('hex'), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The temporary folders uploads are spooled into (here and company-logo.ts). */
const TEMPORARY_PREFIXES = ['rondin-upload-', 'rondin-logo-'];

/**
 * Deletes upload folders older than `olderThanMs` left in the temporary directory by a process that stopped
 * mid-upload (killed, out of memory): each request deletes its own, but a process that dies cannot. Run at
 * start-up; the age spares the uploads in progress of another process sharing the directory. Answers how many
 * went.
 */
export async function sweepStaleUploads(olderThanMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
  let swept = 0;
  for (const name of await fs.promises.readdir(os.tmpdir())) {
    if (!TEMPORARY_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const folder = path.join(os.tmpdir(), name);
    const stat = await fs.promises.stat(folder).catch(() => undefined);
    if (!stat?.isDirectory() || now - stat.mtimeMs < olderThanMs) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    swept++;
  }
  return swept;
}
