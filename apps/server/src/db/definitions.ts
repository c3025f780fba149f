import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './database.js';

/**
 * The current definition of every SQL function, view and trigger, each in a file `sql/<function>.sql` beside the
 * module that owns it (the map: src/db/README.md). Migrations are append-only, so a definition that changed over
 * time is spread over several of them: its file is where to read it whole and where to change it, and
 * `npm run db:functions -- <migration_name>` then writes what differs into a new migration. functions.test.ts holds
 * the files and the migrated database to each other.
 */

/** apps/server, from src/db or dist/db alike. */
export const SERVER_FOLDER = fileURLToPath(new URL('../..', import.meta.url));
/** How a migration separates its statements (drizzle-kit); a file separates them the same way. */
export const BREAKPOINT = '--> statement-breakpoint';

export interface DefinedObject {
  kind: 'function' | 'view' | 'trigger';
  name: string;
}

export interface DefinitionFile {
  /** From apps/server, e.g. src/modules/findings/sql/rondin_finding.sql. */
  path: string;
  text: string;
  /** What the file (re)defines, in its order. */
  objects: DefinedObject[];
}

const CREATES: [DefinedObject['kind'], RegExp][] = [
  ['function', /^CREATE (?:OR REPLACE )?FUNCTION (\w+)/gm],
  ['view', /^CREATE (?:OR REPLACE )?VIEW (\w+)/gm],
  ['trigger', /^CREATE (?:CONSTRAINT )?TRIGGER (\w+)/gm],
];

export const describeObject = (object: DefinedObject) => `${object.kind} ${object.name}`;

/** Every definition file under src, in path order. */
export function definitionFiles(): DefinitionFile[] {
  const source = path.join(SERVER_FOLDER, 'src');
  return fs
    .readdirSync(source, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('src', file).split(path.sep).join('/'))
    .filter((file) => /\/sql\/\w+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(SERVER_FOLDER, file), 'utf8');
      const objects = new Map<string, DefinedObject>();
      for (const [kind, pattern] of CREATES) {
        for (const match of text.matchAll(pattern)) objects.set(`${kind} ${match[1]}`, { kind, name: match[1]! });
      }
      return { path: file, text, objects: [...objects.values()] };
    });
}

type Executor = Database | Transaction;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw SQL with { rows }; drizzle's common type does not say so.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The functions (of the public schema, the extensions' left out), views and triggers (those a constraint makes
 * left out) of the database, each once (a function's overloads are one), ordered by kind and name.
 */
export async function databaseObjects(db: Executor): Promise<DefinedObject[]> {
  return rows<DefinedObject>(
    db,
    sql`select 'function' as kind, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        union
        select 'view', c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'v'
        union
        select 'trigger', t.tgname from pg_trigger t where not t.tgisinternal
        order by 1, 2`,
  );
}

/**
 * How PostgreSQL holds an object, normalised by PostgreSQL itself: a function's every overload, a view's query, a
 * trigger's definition on each table and whether it fires (ENABLE ALWAYS: 'A'); '' when there is none.
 */
async function definitionOf(db: Executor, { kind, name }: DefinedObject): Promise<string> {
  const query = {
    function: sql`select string_agg(pg_get_functiondef(p.oid), E'\n' order by p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = ${name}`,
    view: sql`select pg_get_viewdef(c.oid) as definition from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'v' and c.relname = ${name}`,
    trigger: sql`select string_agg(pg_get_triggerdef(t.oid) || ' (tgenabled ' || t.tgenabled::text || ')', E'\n'
        order by t.tgrelid::regclass::text) as definition
      from pg_trigger t where not t.tgisinternal and t.tgname = ${name}`,
  }[kind];
  const [row] = await rows<{ definition: string | null }>(db, query);
  return row?.definition ?? '';
}

/** The file's statements, as the migration runner splits them (a comment alone is no statement). */
export function statementsOf(file: DefinitionFile): string[] {
  return file.text
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')));
}

export interface Comparison {
  object: DefinedObject;
  /** As the migrations left it. */
  migrated: string;
  /** As it is once the file has run over that. */
  defined: string;
}

class RolledBack extends Error {}

/**
 * Each object of the file as the migrated database holds it, and as it holds it once the file has run: the file
 * runs inside a transaction that is rolled back, so the database is left as it was.
 */
export async function compareWithDatabase(db: Database, file: DefinitionFile): Promise<Comparison[]> {
  let comparisons: Comparison[] = [];
  await db
    .transaction(async (tx) => {
      const migrated: string[] = [];
      for (const object of file.objects) migrated.push(await definitionOf(tx, object));
      for (const statement of statementsOf(file)) await tx.execute(sql.raw(statement));
      comparisons = [];
      for (const [index, object] of file.objects.entries()) {
        comparisons.push({ object, migrated: migrated[index]!, defined: await definitionOf(tx, object) });
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return comparisons;
}
