import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Transaction } from '../db/database.js';
import type { FileBackend } from './file-storage.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import type { SpooledFile } from './spool.js';

/**
 * 256 KiB a row: a 15 MB plan is 60 rows, each read on its own when the file is served, so a download never
 * holds the whole file in memory nor a transaction open while a slow phone reads.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * File contents in the database (the default): shared by every process, in every backup, nothing else to run,
 * on PGlite and PostgreSQL alike. Written inside the transaction that records the file, so a file is either
 * whole or absent.
 */
export class DatabaseBackend implements FileBackend {
  readonly kind = 'database';

  constructor(private readonly repository: FilesRepository) {}

  newKey(): null {
    return null;
  }

  async write(file: FileRow, source: SpooledFile, tx: Transaction): Promise<void> {
    const handle = await fs.promises.open(source.path, 'r');
    try {
      for (let seq = 0; ; seq++) {
        // A buffer of its own for each row: the driver may still hold the previous one.
        const buffer = Buffer.alloc(CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        await this.repository.insertChunk(file.id, seq, buffer.subarray(0, bytesRead), tx);
      }
    } finally {
      await handle.close();
    }
  }

  /** Stores a file's bytes read from a stream (a file moved in from S3), in rows of CHUNK_BYTES. */
  async writeStream(fileId: number, content: AsyncIterable<Buffer>, tx: Transaction): Promise<void> {
    let seq = 0;
    let pending = Buffer.alloc(0);
    for await (const piece of content) {
      // A new buffer each time (concat copies): the driver may still hold the previous row's.
      pending = Buffer.concat([pending, piece]);
      while (pending.length >= CHUNK_BYTES) {
        await this.repository.insertChunk(fileId, seq++, pending.subarray(0, CHUNK_BYTES), tx);
        pending = pending.subarray(CHUNK_BYTES);
      }
    }
    if (pending.length) await this.repository.insertChunk(fileId, seq, pending, tx);
  }

  /**
   * The file's bytes, a row at a time as the reader asks for them. A file deleted while it is being read (a
   * plan's image replaced meanwhile) ends the stream with an error rather than as a shorter file.
   */
  read(file: FileRow): Readable {
    const repository = this.repository;
    let seq = 0;
    let sent = 0;
    return new Readable({
      read() {
        repository.chunk(file.id, seq++).then(
          (data) => {
            if (data) {
              sent += data.length;
              this.push(Buffer.from(data.buffer, data.byteOffset, data.length));
            } else if (sent === file.size) this.push(null);
            else this.destroy(new Error(`file ${file.id} ended after ${sent} of its ${file.size} bytes`));
          },
          (error: unknown) => this.destroy(error as Error),
        );
      },
    });
  }
}
