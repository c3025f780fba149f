/** Stored files: their metadata, the database backend's bytes, the S3 objects to delete (src/files). */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

export const FILE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/**
 * Every stored file's metadata (plans, photos, logos, safety data sheets), whichever backend holds its bytes:
 * the database (file_chunks) by default, an S3-compatible store with S3_BUCKET (src/files).
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The name it is downloaded under. */
    name: text('name').notNull(),
    /** Read from its bytes when it arrived, never from its name. */
    mediaType: text('media_type', { enum: FILE_MEDIA_TYPES }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    backend: text('backend', { enum: ['database', 's3'] }).notNull(),
    /** The object's key in the S3-compatible store; null on the database backend. */
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'files_media_type_check',
      sql`${table.mediaType} in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')`,
    ),
    check('files_backend_check', sql`(${table.backend} = 'database') = (${table.storageKey} is null)`),
    uniqueIndex('files_storage_key_key').on(table.storageKey),
  ],
);

/**
 * Objects of the S3-compatible store whose file is gone (deleted, or moved back into the database). The trigger
 * files_object_delete adds the key in the transaction that lets the file go, and the server deletes the object
 * once that transaction has committed (src/files/object-deletions.ts): a rolled-back transaction never loses one.
 */
export const fileObjectDeletions = pgTable('file_object_deletions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

/** The database backend's bytes, 256 KiB a row, so a file is streamed in and out a piece at a time. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [uniqueIndex('file_chunks_file_seq_key').on(table.fileId, table.seq)],
);
