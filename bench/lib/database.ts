import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../apps/server/dist/db/database.js';

export type Kind = 'postgres' | 'pglite';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  kind: Kind;
  /** Environment that points a server process at this database. */
  env: Record<string, string>;
  /** Runs SQL with the schema migrated; for PGlite the folder is free again once this resolves. */
  sql<T = Record<string, unknown>>(text: string): Promise<T[]>;
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the given kind, for one benchmark. */
export async function freshDatabase(kind: Kind, name: string): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const migrated = await openPostgres(url.toString(), 1);
    await migrated.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    return {
      kind,
      url: url.toString(),
      env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      async sql(text) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          const result = await client.query(text);
          return ([result].flat().at(-1)?.rows ?? []) as never;
        } finally {
          await client.end();
        }
      },
      async dispose() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  return {
    kind,
    env: { DATA_DIR: dataDir },
    async sql(text) {
      const database = await openPglite({ dataDir });
      try {
        const results = await (
          database as { client: { exec(sql: string): Promise<{ rows: unknown[] }[]> } }
        ).client.exec(text);
        return (results.at(-1)?.rows ?? []) as never;
      } finally {
        await database.close();
      }
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
