import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database.js';

type Db = DatabaseHandle['db'];

async function rows<Row>(db: Db, query: string): Promise<Row[]> {
  // Both drivers answer raw SQL with { rows }; Drizzle's common type does not say so.
  return ((await db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const name = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * One statement that brings a test database back to what it held when it was taken: every table of the schema
 * emptied and refilled with the rows it had (the default site, the pest catalogue, the shipped thresholds…, as
 * the shipped migrations wrote them, not copied out of their text), and every sequence where it was. Taken from a
 * database just migrated, it makes each test start as a new install does.
 *
 * Rows are put back with triggers and foreign-key checks off (session_replication_role = replica), so nothing
 * is audited, recounted or refused on the way. The change log's guards fire even then (ENABLE ALWAYS): they are
 * switched off for the statement, as a restore of a backup does. A table with many rows is truncated, which is
 * quicker than deleting them one by one; a small one is deleted, which is quicker than a truncate (a new file).
 */
export async function startingState(db: Db): Promise<string> {
  const tables = await rows<{ table: string; columns: string[] }>(
    db,
    `select c.relname as table,
       array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind = 'r'
     group by c.relname order by c.relname`,
  );
  const refill: string[] = [];
  for (const { table, columns } of tables) {
    const [held] = await rows<{ rows: string | null }>(
      db,
      `select jsonb_agg(to_jsonb(t))::text as rows from ${name(table)} t`,
    );
    if (!held?.rows) continue;
    const list = columns.map(name).join(', ');
    refill.push(
      `insert into ${name(table)} (${list}) overriding system value
         select ${list} from jsonb_populate_recordset(null::${name(table)}, ${literal(held.rows)}::jsonb);`,
    );
  }
  const sequences = await rows<{ sequence: string; value: string | null; start: string }>(
    db,
    `select sequencename as sequence, last_value::text as value, start_value::text as start
     from pg_sequences where schemaname = 'public'`,
  );
  const empty = tables.map(
    ({ table }) =>
      `if exists (select from ${name(table)} offset 1000) then truncate ${name(table)} cascade;
       else delete from ${name(table)}; end if;`,
  );
  const guards = ['audit_log_immutable', 'audit_log_no_truncate'];
  return `do $reset$ begin
    set local session_replication_role = replica;
    ${guards.map((guard) => `alter table audit_log disable trigger ${guard};`).join('\n')}
    ${empty.join('\n')}
    ${refill.join('\n')}
    ${sequences
      .map(
        ({ sequence, value, start }) =>
          `perform setval(${literal(name(sequence))}, ${value ?? start}, ${value === null ? 'false' : 'true'});`,
      )
      .join('\n')}
    ${guards.map((guard) => `alter table audit_log enable always trigger ${guard};`).join('\n')}
  end $reset$`;
}
