import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { DatabaseHandle } from './database.js';

/**
 * src/db/functions holds the current definition of every SQL function and view, so nobody has to chase
 * one through several migrations. It must say what the migrations built: each file is run against the
 * migrated database inside a transaction that is rolled back, and the definition PostgreSQL keeps must not
 * change.
 */
const folder = fileURLToPath(new URL('./functions', import.meta.url));
const files = fs.readdirSync(folder).filter((file) => file.endsWith('.sql'));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

class RolledBack extends Error {}

/** How PostgreSQL holds the function (every overload) or view of that name, normalised by PostgreSQL itself. */
async function definitionOf(run: (query: ReturnType<typeof sql>) => Promise<unknown>, name: string): Promise<string> {
  const { rows } = (await run(sql`
    select coalesce(
      (select string_agg(pg_get_functiondef(p.oid), E'\n' order by p.oid) from pg_proc p where p.proname = ${name}),
      (select pg_get_viewdef(c.oid) from pg_class c where c.relname = ${name} and c.relkind = 'v')
    ) as definition`)) as { rows: { definition: string | null }[] };
  return rows[0]!.definition ?? '';
}

describe('src/db/functions', () => {
  it('holds a file for each function and view the migrations define, and nothing else', () => {
    const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
    const defined = new Set<string>();
    for (const file of fs.readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(migrations, file), 'utf8');
      for (const match of text.matchAll(/CREATE (?:OR REPLACE )?(?:FUNCTION|VIEW) (\w+)/g)) defined.add(match[1]!);
    }
    expect(files.map((file) => file.replace(/\.sql$/, '')).sort()).toEqual([...defined].sort());
  });

  it.each(files)('%s is what the migrations built', async (file) => {
    const name = file.replace(/\.sql$/, '');
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
    const migrated = await definitionOf(run, name);
    expect(migrated, `${name} does not exist in the migrated database`).not.toBe('');
    let replaced = '';
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(text));
        replaced = await definitionOf((query) => tx.execute(query), name);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(replaced, `src/db/functions/${file} differs from the migrations: write one with npm run db:functions`).toBe(
      migrated,
    );
  });
});
