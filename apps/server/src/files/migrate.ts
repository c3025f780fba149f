import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database.js';
import type { DatabaseBackend } from './database-backend.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import type { ObjectDeletions } from './object-deletions.js';
import type { S3Backend } from './s3-backend.js';

const BATCH = 100;

export type BackendKind = FileRow['backend'];

export interface MigrationProgress {
  /** Files handled so far (moved or failed) of `total`. */
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
  file: FileRow;
  /** Why this file was not moved; undefined when it was. */
  failure?: string;
}

export interface MigrationResult {
  moved: number;
  failed: { id: number; reason: string }[];
  /** Files that went or moved elsewhere while the migration ran: nothing to do. */
  skipped: number;
}

export interface Migration {
  db: Database;
  repository: FilesRepository;
  database: DatabaseBackend;
  s3: S3Backend;
  deletions: ObjectDeletions;
  onProgress?: (progress: MigrationProgress) => void;
}

/**
 * Moves every file kept in the other backend to `to`, one at a time, in id order. Each copy is checked (its
 * size and SHA-256 against those the file was uploaded with) before the file's row points at it, and the source
 * goes only in the transaction that does so (database rows), or after it commits (S3 objects, through the
 * deletion queue). Stopped at any point, nothing is lost and running it again carries on: what was moved is
 * no longer in the source backend; a copy written but not yet pointed at is an orphan the sweep deletes.
 */
export async function migrateFiles(to: BackendKind, migration: Migration): Promise<MigrationResult> {
  const { repository, onProgress } = migration;
  const from: BackendKind = to === 's3' ? 'database' : 's3';
  const totals = await repository.totals(from);
  const result: MigrationResult = { moved: 0, failed: [], skipped: 0 };
  let done = 0;
  let bytes = 0;
  let afterId = 0;
  for (;;) {
    const batch = await repository.inBackend(from, afterId, BATCH);
    if (!batch.length) break;
    for (const file of batch) {
      afterId = file.id;
      let failure: string | undefined;
      try {
        const moved = to === 's3' ? await toS3(file, migration) : await toDatabase(file, migration);
        if (moved) result.moved++;
        else result.skipped++;
      } catch (error) {
        failure = (error as Error).message;
        result.failed.push({ id: file.id, reason: failure });
      }
      done++;
      bytes += file.size;
      onProgress?.({ done, total: totals.count, bytes, totalBytes: totals.bytes, file, failure });
    }
  }
  // Objects of files moved into the database go now rather than at the server's next round.
  if (to === 'database') await migration.deletions.drain();
  return result;
}

async function toS3(file: FileRow, { db, repository, database, s3 }: Migration): Promise<boolean> {
  const copy: FileRow = { ...file, backend: 's3', storageKey: s3.newKey() };
  await s3.put(copy, database.read(file));
  try {
    verify(file, await digest(s3.read(copy)));
  } catch (error) {
    await s3.delete([copy.storageKey!]);
    throw error;
  }
  const moved = await db.transaction(async (tx) => {
    if (!(await repository.relocate(file, { backend: 's3', storageKey: copy.storageKey }, tx))) return false;
    await repository.deleteChunks(file.id, tx);
    return true;
  });
  // Deleted or moved by someone else meanwhile: the copy is nobody's.
  if (!moved) await s3.delete([copy.storageKey!]);
  return moved;
}

async function toDatabase(file: FileRow, { db, repository, database, s3 }: Migration): Promise<boolean> {
  return db.transaction(async (tx) => {
    // First the row (locked from here on, so it cannot go meanwhile); its object is queued for deletion by the
    // trigger files_object_delete, which takes effect only if this commits.
    if (!(await repository.relocate(file, { backend: 'database', storageKey: null }, tx))) return false;
    await database.writeStream(file.id, s3.read(file), tx);
    // Checked by the database on what it now holds; a mismatch rolls everything back, the row included.
    verify(file, await repository.chunksDigest(file.id, tx));
    return true;
  });
}

async function digest(content: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of content) {
    size += (piece as Buffer).length;
    hash.update(piece as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

function verify(file: FileRow, copy: { size: number; sha256: string | null }): void {
  if (copy.size !== file.size || copy.sha256 !== file.sha256) {
    throw new Error(
      `la copia del archivo ${file.id} no coincide con el original (${copy.size} bytes en vez de ${file.size}, o su SHA-256 difiere): el original se conserva`,
    );
  }
}
