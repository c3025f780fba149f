import type { Readable } from 'node:stream';
import type { Transaction } from '../db/database.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import type { SpooledFile } from './spool.js';

/**
 * Where a file's bytes live. The database backend is the default; an S3-compatible store (S3_BUCKET) is the
 * other kind the files table allows. A file keeps the backend it was written to, so both can be read while
 * files move from one to the other.
 */
export interface FileBackend {
  readonly kind: FileRow['backend'];
  /** Stores the bytes of a file whose row `tx` has just inserted. */
  write(file: FileRow, source: SpooledFile, tx: Transaction): Promise<void>;
  read(file: FileRow): Readable;
}

/** A file's metadata and a stream of its bytes. */
export interface OpenedFile {
  file: FileRow;
  content: Readable;
}

/**
 * One storage for every file (plans, photos, logos, safety data sheets): metadata in the files table, bytes in
 * the backend. Uploads are checked while they are read (spool.ts); `save` then records one in the caller's
 * transaction, so a plan and its image are written together or not at all.
 */
export class FileStorage {
  constructor(
    private readonly repository: FilesRepository,
    private readonly backend: FileBackend,
  ) {}

  async save(source: SpooledFile, name: string, tx: Transaction): Promise<FileRow> {
    const file = await this.repository.insert(
      {
        name,
        mediaType: source.mediaType,
        size: source.size,
        sha256: source.sha256,
        backend: this.backend.kind,
        storageKey: null,
      },
      tx,
    );
    await this.backend.write(file, source, tx);
    return file;
  }

  async open(id: number): Promise<OpenedFile | undefined> {
    const file = await this.repository.find(id);
    return file && { file, content: this.read(file) };
  }

  read(file: FileRow): Readable {
    if (file.backend !== this.backend.kind) {
      throw new Error(`file ${file.id} is kept in the ${file.backend} backend, which this server does not use`);
    }
    return this.backend.read(file);
  }

  /** Deletes the file within the caller's transaction; the database backend's bytes go with its row. */
  async remove(id: number, tx: Transaction): Promise<void> {
    await this.repository.delete(id, tx);
  }
}
