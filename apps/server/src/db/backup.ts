import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { fillTrendInspections } from '../modules/reports/trends.repository.js';
import type { Database, Transaction } from './database.js';

/**
 * A backup is gzipped NDJSON: a header line, then one line per row, table by table in foreign-key order,
 * each row exactly as PostgreSQL turns it into JSON. It is read in one repeatable-read snapshot, so it is
 * consistent while the server keeps working, and it restores into PGlite or PostgreSQL alike (a way to
 * move a plant from the embedded database to a server).
 */
export const BACKUP_FORMAT = 'rondin-backup';
export const BACKUP_VERSION = 2;
/**
 * Every table, in foreign-key order, with the columns its rows are read in order of (keyset batches: a unique
 * key, one column or several) and how many rows a batch holds: a file chunk is 256 KiB, so they go 16 at a
 * time. Left out: file_object_deletions, a queue of S3 objects to delete that means nothing on another
 * install, the notifications (events, the email outbox, the bell's entries) and the webhooks' deliveries: what
 * this install told people and systems and how; restored elsewhere, its queue would send old news again. backup.test.ts fails when a table of the
 * schema is neither here nor said to be left out.
 */
const TABLES = [
  // Files first: technicians (their signature) and what follows point at them.
  { name: 'files', key: 'id', batch: 1000 },
  { name: 'file_chunks', key: 'id', batch: 16 },
  { name: 'clients', key: 'id', batch: 1000 },
  { name: 'sites', key: 'id', batch: 1000 },
  { name: 'contacts', key: 'id', batch: 1000 },
  { name: 'technicians', key: 'id', batch: 1000 },
  // Hashed tokens: a link not yet used still opens on the restored install.
  { name: 'portal_invitations', key: 'id', batch: 1000 },
  // Hashed too: other systems' tokens keep working on the restored install.
  { name: 'api_tokens', key: 'id', batch: 1000 },
  // Their secrets sealed under the server's secret (modules/integrations), as the signing certificate's.
  { name: 'webhooks', key: 'id', batch: 1000 },
  { name: 'pests', key: 'id', batch: 1000 },
  { name: 'traps', key: 'id', batch: 1000 },
  { name: 'service_plans', key: 'id', batch: 1000 },
  { name: 'service_plan_technicians', key: ['service_plan_id', 'position'], batch: 1000 },
  { name: 'sessions', key: 'id', batch: 1000 },
  { name: 'session_items', key: 'id', batch: 1000 },
  { name: 'scan_events', key: 'id', batch: 1000 },
  { name: 'company_settings', key: 'id', batch: 1000 },
  // Sealed under the server's secret (modules/company): a backup alone cannot sign.
  { name: 'signing_certificate', key: 'id', batch: 1000 },
  { name: 'products', key: 'id', batch: 1000 },
  { name: 'control_programmes', key: 'id', batch: 1000 },
  { name: 'plans', key: 'id', batch: 1000 },
  { name: 'trap_placements', key: 'trap_id', batch: 1000 },
  { name: 'placement_events', key: 'id', batch: 1000 },
  { name: 'findings', key: 'id', batch: 1000 },
  { name: 'finding_captures', key: ['finding_id', 'pest_id'], batch: 1000 },
  { name: 'photos', key: 'id', batch: 1000 },
  { name: 'applications', key: 'id', batch: 1000 },
  { name: 'thresholds', key: 'id', batch: 1000 },
  // Before the actions their recommendations became; a revision after the assessment it corrects (ids rise).
  { name: 'assessments', key: 'id', batch: 1000 },
  { name: 'assessment_photos', key: 'id', batch: 1000 },
  { name: 'corrective_actions', key: 'id', batch: 1000 },
  { name: 'corrective_action_events', key: 'id', batch: 1000 },
  { name: 'corrective_action_changes', key: 'id', batch: 1000 },
  // What the plant answered in its portal, before the photos that belong to an answer.
  { name: 'action_responses', key: 'id', batch: 1000 },
  { name: 'action_photos', key: 'id', batch: 1000 },
  // After the actions they opened; the links hold the tokens the sites' posters carry.
  { name: 'sightings', key: 'id', batch: 1000 },
  { name: 'sighting_photos', key: 'id', batch: 1000 },
  { name: 'sighting_links', key: 'site_id', batch: 1000 },
  { name: 'threshold_breaches', key: 'id', batch: 1000 },
  // Electronic devices' events, after the remote findings they made.
  { name: 'remote_events', key: 'id', batch: 1000 },
  { name: 'certificate_counters', key: 'year', batch: 1000 },
  { name: 'certificates', key: 'id', batch: 1000 },
  { name: 'audit_packs', key: 'id', batch: 1000 },
  { name: 'label_reprints', key: 'id', batch: 1000 },
  // Restored as written, hashes and all, so its chain still holds (npm run audit-log:verify).
  { name: 'audit_log', key: 'id', batch: 1000 },
] as const;
type TableName = (typeof TABLES)[number]['name'];
const TABLE_NAMES: readonly string[] = TABLES.map((table) => table.name);
/**
 * The tables a backup holds, and those it leaves out on purpose (see TABLES). trend_inspections is derived from
 * the findings: written again from the backup's in one statement (fillTrendInspections, migration 0025), and
 * trend_periods from it (migration 0027); trend_settings is the zone of the server that runs.
 */
export const BACKED_UP_TABLES: readonly string[] = TABLE_NAMES;
export const NOT_BACKED_UP_TABLES: readonly string[] = [
  'file_object_deletions',
  'notification_events',
  'notifications',
  'outbox_emails',
  'trend_inspections',
  'trend_periods',
  'trend_settings',
  'webhook_deliveries',
];
/** Seeded by the migrations, replaced by what the backup holds when it holds them (older backups do not). */
const SEEDED_TABLES = ['pests', 'thresholds'];
/**
 * Triggers that answer a new row (a finding judged against the thresholds, an action told to people): a restored
 * row's consequences are restored with it or already happened, so they stay off while the backup's rows go in.
 */
const JUDGING_TRIGGERS = [
  { table: 'findings', trigger: 'findings_thresholds' },
  // Tells the office of an action a threshold or a sighting opens (modules/notifications): a restored action was
  // told when it opened, on the install that wrote the backup.
  { table: 'corrective_actions', trigger: 'corrective_actions_notify' },
  // Queue a restored record for the hooks (modules/integrations): other systems were told of it when it was new.
  { table: 'findings', trigger: 'webhook_finding_recorded' },
  { table: 'corrective_actions', trigger: 'webhook_action_opened' },
  { table: 'sightings', trigger: 'webhook_sighting_created' },
];
/**
 * What writes an item's row of trend_inspections as it goes in (deferred to the commit): off while the backup's
 * items go in, then the table is written from all of them in one statement (fillTrendInspections).
 */
const DERIVING_TRIGGERS = [{ table: 'session_items', trigger: 'session_items_trend_insert' }];
/**
 * What counts trend_inspections' rows into trend_periods one at a time: off while the table is written, then
 * trend_periods is counted once from all of them (rondin_trend_periods_rebuild, migration 0027).
 */
const COUNTING_TRIGGERS = [{ table: 'trend_inspections', trigger: 'trend_inspections_periods' }];
/**
 * The triggers that log each change of an audited table (rondin_audit_row): a restore copies the backup's change
 * log as it was, and writes no change of its own, so they stay off while the rows go in.
 */
const AUDITING_TRIGGERS = sql`select c.relname as table, t.tgname as trigger
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
  where p.proname = 'rondin_audit_row' and not t.tgisinternal order by 1`;
/** Backups of the first release held these tables only, and no sites: restored into "Sitio principal". */
const VERSION_1_TABLES = ['technicians', 'traps', 'sessions', 'session_items', 'scan_events'];
const INSERT_BATCH = 1000;
/** Columns later migrations added with a default, which older backups do not hold. */
const ADDED_COLUMNS: Record<string, Record<string, unknown>> = {
  technicians: { token_version: 0, must_change_password: false, portal_site_ids: [] },
  traps: { type: 'OTRO' },
  service_plans: { assignment: 'ROTATING' },
  sessions: { plan_slot: 0 },
  session_items: { added_on_site: false },
};

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  counts: Record<string, number>;
}

type Line = { table: TableName; row: Record<string, unknown> };

async function rows<T>(tx: Transaction | Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw SQL with { rows }; drizzle's common type does not say so.
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A backup's line: the header or a row. */
function line(value: Header | Line): string {
  return `${JSON.stringify(value)}\n`;
}

export class BackupError extends Error {}

/** What went wrong reading a backup file, in words for whoever runs the restore. */
function unreadable(error: unknown): BackupError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOENT') return new BackupError('No existe el archivo de respaldo indicado.');
  if (code === 'EISDIR') return new BackupError('La ruta indicada es una carpeta, no un archivo de respaldo.');
  if (code === 'EACCES' || code === 'EPERM') return new BackupError('No hay permiso para leer el archivo de respaldo.');
  if (code === 'Z_BUF_ERROR')
    return new BackupError('El archivo de respaldo está cortado: se terminó antes de tiempo.');
  if (code.startsWith('Z_'))
    return new BackupError('El archivo no es un respaldo de Rondín (no es un .ndjson.gz válido) o está dañado.');
  return new BackupError(`No se pudo leer el archivo de respaldo (${code || (error as Error).message}).`);
}

/**
 * Writes a gzipped backup of the whole database to a new file. The snapshot's transaction waits only for
 * the database and the disk, never for a network client.
 */
export async function writeBackup(db: Database, file: string): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file, { flags: 'wx' }));
  // A batch's lines go to gzip in one write: a write a row cost the compressor a round trip to its thread each,
  // and most of the backup's time (10 MB gzipped: 4 s against 1.3; BENCHMARKS.md).
  const write = async (text: string) => {
    if (!gzip.write(text)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  try {
    await db.transaction(
      async (tx) => {
        const counts: Record<string, number> = {};
        for (const { name } of TABLES) {
          const [row] = await rows<{ count: number | string }>(
            tx,
            sql`select count(*) as count from ${sql.identifier(name)}`,
          );
          counts[name] = Number(row!.count);
        }
        await write(
          line({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), counts }),
        );
        for (const { name: table, key, batch: size } of TABLES) {
          const keys: readonly string[] = typeof key === 'string' ? [key] : key;
          const columns = keys.map((column) => sql`t.${sql.identifier(column)}`);
          let after = keys.map(() => 0);
          for (;;) {
            const batch = await rows<{ row: Record<string, unknown> }>(
              tx,
              sql`select row_to_json(t) as row from ${sql.identifier(table)} t
                  where (${sql.join(columns, sql`, `)}) > (${sql.join(
                    after.map((value) => sql`${value}`),
                    sql`, `,
                  )})
                  order by ${sql.join(columns, sql`, `)} limit ${size}`,
            );
            if (batch.length > 0) await write(batch.map(({ row }) => line({ table, row })).join(''));
            if (batch.length < size) break;
            const last = batch[batch.length - 1]!.row;
            after = keys.map((column) => Number(last[column]));
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw error;
  }
}

/**
 * A backup to download: written whole to a temporary file first, then streamed from it. Streaming straight
 * from the database held its snapshot open for as long as the client took to read, and for ever once a
 * client went away mid-download: on PostgreSQL a connection left idle in transaction, on the embedded
 * database its only connection, so every other request (health checks, scans) waited behind it. The
 * file is deleted once it has been read or the download abandoned.
 */
export async function backupForDownload(db: Database): Promise<Readable> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rondin-respaldo-'));
  const removeFolder = () => fs.rm(folder, { recursive: true, force: true }, () => {});
  const file = path.join(folder, 'respaldo.ndjson.gz');
  try {
    await writeBackup(db, file);
  } catch (error) {
    removeFolder();
    throw error;
  }
  return fs.createReadStream(file).once('close', removeFolder);
}

/**
 * The stream's lines, one at a time. Not node:readline: its reader never ends when its input fails, so a
 * cut or foreign file would hang the restore instead of saying what is wrong.
 */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of input.setEncoding('utf8')) {
    const parts = (rest + (chunk as string)).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** The backup's first line, if it says it is a backup this version reads; BackupError otherwise. */
function headerOf(text: string): Header {
  let line: Header;
  try {
    line = JSON.parse(text) as Header;
  } catch {
    throw new BackupError('El archivo no es un respaldo de Rondín compatible.');
  }
  if (line?.format !== BACKUP_FORMAT || (line.version !== 1 && line.version !== BACKUP_VERSION)) {
    throw new BackupError('El archivo no es un respaldo de Rondín compatible.');
  }
  return line;
}

/**
 * Reads a backup file's header alone, before any database is opened: a file of another kind, a gzip of
 * something else or one cut before its first line is told at once, without creating and migrating a database
 * for nothing. The restore reads the rest and still judges every line.
 */
export async function checkBackupHeader(file: string): Promise<void> {
  const input = fs.createReadStream(file);
  const decompressed = input.pipe(createGunzip());
  let failure: unknown;
  input.once('error', (error) => {
    failure ??= error;
    decompressed.destroy(error);
  });
  decompressed.on('error', (error) => {
    failure ??= error;
  });
  try {
    for await (const text of linesOf(decompressed)) {
      if (!text.trim()) continue;
      headerOf(text);
      return;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw unreadable(error);
  } finally {
    input.destroy();
    decompressed.destroy();
  }
  if (failure !== undefined) throw unreadable(failure);
  throw new BackupError('El archivo de respaldo está vacío.');
}

/**
 * Loads a backup into an empty database, all or nothing: one transaction, ids kept, identity sequences
 * moved past them. Refuses a database that already has accounts or traps.
 */
export async function restoreBackup(db: Database, input: Readable): Promise<Record<string, number>> {
  const decompressed = input.pipe(createGunzip());
  // A read or decompression error may come before the lines are read (PostgreSQL's transaction starts over
  // the network first): kept here and reported, never left to crash the process as an unhandled 'error'.
  let failure: unknown;
  input.once('error', (error) => {
    failure ??= error;
    decompressed.destroy(error);
  });
  decompressed.on('error', (error) => {
    failure ??= error;
  });
  return db.transaction(async (tx) => {
    const [existing] = await rows<{ count: number | string }>(
      tx,
      sql`select (select count(*) from technicians) + (select count(*) from traps) + (select count(*) from audit_log) as count`,
    );
    if (Number(existing!.count) > 0)
      throw new BackupError('La base de datos de destino no está vacía: restaura en una base nueva.');
    const auditing = await rows<{ table: string; trigger: string }>(tx, AUDITING_TRIGGERS);
    for (const { table, trigger } of auditing) {
      await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
    }

    let header: Header | undefined;
    const restored: Record<string, number> = Object.fromEntries(TABLES.map(({ name }) => [name, 0]));
    let pending: { table: string; rows: Record<string, unknown>[] } | undefined;
    /** For a first-release backup: the site everything it holds goes to. */
    let firstSite: number | undefined;
    const flush = async () => {
      if (!pending?.rows.length) return;
      if (header?.version === 1 && (pending.table === 'traps' || pending.table === 'sessions')) {
        if (firstSite === undefined) {
          const [site] = await rows<{ id: number }>(
            tx,
            sql`insert into sites (name) values ('Sitio principal') returning id`,
          );
          firstSite = Number(site!.id);
        }
        for (const row of pending.rows) row.site_id = firstSite;
      }
      // Columns added after a backup was written take their default, as they did on the running database.
      for (const [column, value] of Object.entries(ADDED_COLUMNS[pending.table] ?? {})) {
        for (const row of pending.rows) if (!(column in row)) row[column] = value;
      }
      const table = sql.identifier(pending.table);
      await tx.execute(
        sql`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, ${JSON.stringify(pending.rows)}::json)`,
      );
      restored[pending.table] = (restored[pending.table] ?? 0) + pending.rows.length;
      pending.rows = [];
    };

    const lines = linesOf(decompressed);
    let number = 0;
    for (;;) {
      const next = await lines.next().catch((error: unknown) => {
        throw unreadable(error);
      });
      if (next.done) {
        if (failure !== undefined) throw unreadable(failure);
        break;
      }
      const text = next.value;
      number++;
      if (!text.trim()) continue;
      if (!header) {
        header = headerOf(text);
        // What the migrations seeded gives way to what the backup holds: its sites and clients, its pest catalogue
        // and its thresholds (a backup written before they existed has none: the seeded ones stay). A backup
        // written before clients holds sites without client_id: each gets the client its `client` text names, or
        // one of its own name, as the migration did (trigger sites_client).
        await tx.execute(sql`delete from sites`);
        await tx.execute(sql`delete from clients`);
        for (const table of SEEDED_TABLES) {
          if (table in header.counts) await tx.execute(sql`delete from ${sql.identifier(table)}`);
        }
        for (const { table, trigger } of [...JUDGING_TRIGGERS, ...DERIVING_TRIGGERS, ...COUNTING_TRIGGERS]) {
          await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
        }
        continue;
      }
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`El respaldo está dañado: la línea ${number} no es JSON válido.`);
      }
      const { table, row } = line;
      const known = header.version === 1 ? VERSION_1_TABLES : TABLE_NAMES;
      if (!known.includes(table)) throw new BackupError(`Tabla desconocida en el respaldo: ${String(table)}`);
      if (pending?.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(row);
      if (pending.rows.length >= INSERT_BATCH) await flush();
    }
    await flush();
    if (!header) throw new BackupError('El archivo de respaldo está vacío.');
    // The items' rows of trend_inspections, and trend_periods counted from them, each in one statement: a large
    // backup's million inspections in seconds, not one by one.
    await tx.execute(sql`set constraints all immediate`);
    await fillTrendInspections(tx);
    for (const { table, trigger } of [...JUDGING_TRIGGERS, ...DERIVING_TRIGGERS, ...COUNTING_TRIGGERS]) {
      await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
    }
    await tx.execute(sql`select rondin_trend_periods_rebuild(null)`);
    const version1 = header.version === 1;
    const tables = version1 ? VERSION_1_TABLES : TABLE_NAMES;
    for (const table of tables) {
      // A table the backup's release did not have yet holds nothing.
      if (restored[table] !== (header.counts[table] ?? 0)) {
        throw new BackupError(
          `El respaldo está incompleto: ${table} tiene ${restored[table]} filas de ${header.counts[table]}.`,
        );
      }
    }
    // Every identity moves past the ids the backup brought (trap_placements has none: its key is the trap's;
    // audit_log numbers its rows itself).
    for (const { name, key } of TABLES) {
      if (key !== 'id' || name === 'audit_log') continue;
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
      );
    }
    // Last: nothing the restore wrote above is a change a person made.
    for (const { table, trigger } of auditing) {
      await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
    }
    return version1 ? Object.fromEntries(VERSION_1_TABLES.map((table) => [table, restored[table]!])) : restored;
  });
}
