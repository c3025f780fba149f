import type { Readable } from 'node:stream';
import type { Transaction } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import type { SpooledFile } from './spool.js';

/**
 * Where a file's bytes live. The database backend is the default; an S3-compatible store (S3_BUCKET) is the
 * other kind the files table allows. A file keeps the backend it was written to, so both can be read while
 * files move from one to the other.
 */
export interface FileBackend {
  readonly kind: FileRow['backend'];
  /** Where a new file's bytes will be kept (an object's key); null where the file's row is enough. */
  newKey(): string | null;
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
 * transaction, so a plan and its image are written together or not at all. New files go to `backend`; a file
 * is read from the backend it was written to, which may be another one this server also knows (the database
 * backend is always known), so files can be moved across (npm run files:migrate) while the server runs.
 */
export class FileStorage {
  private readonly backends: ReadonlyMap<FileRow['backend'], FileBackend>;

  constructor(
    private readonly repository: FilesRepository,
    private readonly backend: FileBackend,
    others: readonly FileBackend[] = [],
    /** Told after a file is removed: its bytes may have to be deleted once the transaction commits. */
    private readonly onRemove: () => void = () => {},
  ) {
    this.backends = new Map([...others, backend].map((each) => [each.kind, each]));
  }

  async save(source: SpooledFile, name: string, tx: Transaction): Promise<FileRow> {
    const file = await this.repository.insert(
      {
        name,
        mediaType: source.mediaType,
        size: source.size,
        sha256: source.sha256,
        backend: this.backend.kind,
        storageKey: this.backend.newKey(),
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
    const backend = this.backends.get(file.backend);
    if (!backend) {
      // A backup from an installation with S3_BUCKET restored into one without it: the rows came, the objects did not.
      throw new AppError(
        503,
        'El archivo está guardado en un almacenamiento S3 que este servidor no tiene configurado (S3_BUCKET).',
      );
    }
    return backend.read(file);
  }

  /**
   * Deletes the file within the caller's transaction. The database backend's bytes go with its row; an S3
   * object is queued by the database (trigger files_object_delete) and deleted after the commit.
   */
  async remove(id: number, tx: Transaction): Promise<void> {
    await this.repository.delete(id, tx);
    this.onRemove();
  }
}
