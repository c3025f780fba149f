import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { DatabaseBackend } from './database-backend.js';
import { FileStorage } from './file-storage.js';
import { FilesRepository } from './files.repository.js';
import { ObjectDeletions } from './object-deletions.js';
import { S3Backend, s3Settings } from './s3-backend.js';

/** The file storage the configuration asks for, and with S3 what deletes its objects after commit. */
export interface ConfiguredStorage {
  files: FileStorage;
  database: DatabaseBackend;
  s3?: { backend: S3Backend; deletions: ObjectDeletions };
  close(): Promise<void>;
}

/** New files go to S3 with S3_BUCKET, to the database without; files already in the database stay readable. */
export function createFileStorage(
  config: Config,
  db: Database,
  log?: { error(object: object, message: string): void },
): ConfiguredStorage {
  const repository = new FilesRepository(db);
  const database = new DatabaseBackend(repository);
  const settings = s3Settings(config);
  if (!settings) {
    return { files: new FileStorage(repository, database), database, close: async () => {} };
  }
  const backend = new S3Backend(settings);
  const deletions = new ObjectDeletions(db, backend, log);
  return {
    files: new FileStorage(repository, backend, [database], () => deletions.soon()),
    database,
    s3: { backend, deletions },
    async close() {
      await deletions.stop();
      backend.destroy();
    },
  };
}
