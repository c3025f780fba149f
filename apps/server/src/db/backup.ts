import { createInterface } from 'node:readline';
import { PassThrough, type Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './database.js';

/**
 * A backup is gzipped NDJSON: a header line, then one line per row, table by table in foreign-key order,
 * each row exactly as PostgreSQL turns it into JSON. It is read in one repeatable-read snapshot, so it is
 * consistent while the server keeps working, and it restores into PGlite or PostgreSQL alike (a way to
 * move a plant from the embedded database to a server).
 */
export const BACKUP_FORMAT = 'rondin-backup';
export const BACKUP_VERSION = 1;
const TABLES = ['technicians', 'traps', 'sessions', 'session_items', 'scan_events'] as const;
const BATCH = 1000;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  counts: Record<string, number>;
}

type Line = { table: (typeof TABLES)[number]; row: Record<string, unknown> };

async function rows<T>(tx: Transaction | Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw SQL with { rows }; drizzle's common type does not say so.
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export class BackupError extends Error {}

/** Streams a gzipped backup of the whole database. */
export function createBackup(db: Database): Readable {
  const lines = new PassThrough();
  const output = lines.pipe(createGzip());
  const write = async (value: unknown) => {
    if (!lines.write(`${JSON.stringify(value)}\n`)) await new Promise((resolve) => lines.once('drain', resolve));
  };
  void db
    .transaction(
      async (tx) => {
        const counts: Record<string, number> = {};
        for (const table of TABLES) {
          const [row] = await rows<{ count: number | string }>(tx, sql`select count(*) as count from ${sql.identifier(table)}`);
          counts[table] = Number(row!.count);
        }
        await write({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), counts } satisfies Header);
        for (const table of TABLES) {
          let after = 0;
          for (;;) {
            const batch = await rows<{ id: number; row: Record<string, unknown> }>(
              tx,
              sql`select t.id, row_to_json(t) as row from ${sql.identifier(table)} t where t.id > ${after} order by t.id limit ${BATCH}`,
            );
            for (const { row } of batch) await write({ table, row } satisfies Line);
            if (batch.length < BATCH) break;
            after = Number(batch[batch.length - 1]!.id);
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => lines.end(),
      (error: unknown) => output.destroy(error as Error),
    );
  return output;
}

/**
 * Loads a backup into an empty database, all or nothing: one transaction, ids kept, identity sequences
 * moved past them. Refuses a database that already has accounts or traps.
 */
export async function restoreBackup(db: Database, input: Readable): Promise<Record<string, number>> {
  const decompressed = input.pipe(createGunzip());
  return db.transaction(async (tx) => {
    const [existing] = await rows<{ count: number | string }>(
      tx,
      sql`select (select count(*) from technicians) + (select count(*) from traps) as count`,
    );
    if (Number(existing!.count) > 0) throw new BackupError('La base de datos de destino no está vacía: restaura en una base nueva.');

    let header: Header | undefined;
    const restored: Record<string, number> = Object.fromEntries(TABLES.map((table) => [table, 0]));
    let pending: { table: string; rows: unknown[] } | undefined;
    const flush = async () => {
      if (!pending?.rows.length) return;
      const table = sql.identifier(pending.table);
      await tx.execute(
        sql`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, ${JSON.stringify(pending.rows)}::json)`,
      );
      restored[pending.table] = (restored[pending.table] ?? 0) + pending.rows.length;
      pending.rows = [];
    };

    // The line reader is made only now: lines it emitted before the loop began would be lost.
    for await (const text of createInterface({ input: decompressed, crlfDelay: Infinity })) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as Header | Line;
      if (!header) {
        if ((line as Header).format !== BACKUP_FORMAT || (line as Header).version !== BACKUP_VERSION) {
          throw new BackupError('El archivo no es un respaldo de Rondín compatible.');
        }
        header = line as Header;
        continue;
      }
      const { table, row } = line as Line;
      if (!TABLES.includes(table)) throw new BackupError(`Tabla desconocida en el respaldo: ${String(table)}`);
      if (pending?.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(row);
      if (pending.rows.length >= BATCH) await flush();
    }
    await flush();
    if (!header) throw new BackupError('El archivo de respaldo está vacío.');
    for (const table of TABLES) {
      if (restored[table] !== header.counts[table]) {
        throw new BackupError(`El respaldo está incompleto: ${table} tiene ${restored[table]} filas de ${header.counts[table]}.`);
      }
      const name = sql.identifier(table);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${name}), 0) + 1, false)`,
      );
    }
    return restored;
  });
}
