import { and, eq } from 'drizzle-orm';
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

  /** One piece of a file, outside any transaction: a slow download holds no transaction open. */
  async chunk(fileId: number, seq: number): Promise<Uint8Array | undefined> {
    const [row] = await this.db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
    return row?.data;
  }
}
