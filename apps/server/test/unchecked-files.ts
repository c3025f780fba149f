import { Readable } from 'node:stream';
import { createFileStorage } from '../src/files/create-storage.js';
import type { MediaType } from '../src/files/media-type.js';
import { spool } from '../src/files/spool.js';
import type { TestApp } from './test-app.js';

/**
 * A file stored as uploads were before they were decoded whole: checked by its first bytes only. How a broken
 * image already in a database is made, to see that reading it never fails the server.
 */
export async function storeUnchecked(t: TestApp, bytes: Buffer, mediaType: MediaType): Promise<number> {
  const file = await spool(Readable.from([bytes]), {
    accept: [mediaType],
    maxBytes: 16 * 1024 * 1024,
    messages: { tooLarge: 'grande', wrongType: 'otro tipo', empty: 'vacío' },
  });
  try {
    const { files } = createFileStorage(t.config, t.database.db);
    return await t.database.db.transaction(async (tx) => (await files.save(file, 'sin comprobar', tx)).id);
  } finally {
    await file.dispose();
  }
}
