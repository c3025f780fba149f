import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database.js';
import { fileChunks, files } from '../db/schema.js';

export type FileRow = typeof files.$inferSelect;
export type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'>;

/** The files table (every file's metadata, whichever backend holds it) and file_chunks (the database backend's bytes). */
export class FilesRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewFile, tx: Transaction): Promise<FileRow> {
    const [row] = await tx.insert(files).values(values).returning();
    return row!;
  }

  async find(id: number, tx: Database | Transaction = this.db): Promise<FileRow | undefined> {
    const [row] = await tx.select().from(files).where(eq(files.id, id));
    return row;
  }

  /** Deletes the file's row; its chunks go with it (ON DELETE CASCADE). */
  async delete(id: number, tx: Transaction): Promise<void> {
    await tx.delete(files).where(eq(files.id, id));
  }

  async insertChunk(fileId: number, seq: number, data: Buffer, tx: Transaction): Promise<void> {
    await tx.insert(fileChunks).values({ fileId, seq, data });
  }

  /** The next `limit` files kept in `backend` after id `afterId`, in id order. */
  async inBackend(backend: FileRow['backend'], afterId: number, limit: number): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.backend, backend), gt(files.id, afterId)))
      .orderBy(asc(files.id))
      .limit(limit);
  }

  /** How many files, of how many bytes, `backend` keeps. */
  async totals(backend: FileRow['backend']): Promise<{ count: number; bytes: number }> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
      .from(files)
      .where(eq(files.backend, backend));
    return row!;
  }

  /**
   * Points a file at its new place, if it is still where `file` says (not deleted or moved meanwhile); answers
   * whether it was. Leaving S3, the trigger files_object_delete queues the old object for deletion after commit.
   */
  async relocate(
    file: FileRow,
    to: { backend: FileRow['backend']; storageKey: string | null },
    tx: Transaction,
  ): Promise<boolean> {
    const moved = await tx
      .update(files)
      .set(to)
      .where(
        and(
          eq(files.id, file.id),
          eq(files.backend, file.backend),
          file.storageKey === null ? sql`${files.storageKey} is null` : eq(files.storageKey, file.storageKey),
        ),
      )
      .returning({ id: files.id });
    return moved.length === 1;
  }

  async deleteChunks(fileId: number, tx: Transaction): Promise<void> {
    await tx.delete(fileChunks).where(eq(fileChunks.fileId, fileId));
  }

  /** The size and SHA-256 of the bytes the database keeps for a file, worked out by the database itself. */
  async chunksDigest(fileId: number, tx: Transaction): Promise<{ size: number; sha256: string | null }> {
    const [row] = await tx
      .select({
        size: sql<number>`coalesce(sum(length(${fileChunks.data})), 0)::float8`,
        sha256: sql<
          string | null
        >`encode(sha256(string_agg(${fileChunks.data}, ''::bytea order by ${fileChunks.seq})), 'hex')`,
      })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, fileId));
    return row!;
  }

  /** One piece of a file, outside any transaction: a slow download holds no transaction open. */
  async chunk(fileId: number, seq: number): Promise<Uint8Array | undefined> {
    const [row] = await this.db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
    return row?.data;
  }
}
