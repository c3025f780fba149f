// npm run db:functions -- <migration_name>: a new migration holding the SQL definitions (src/db/README.md) that
// differ from what the migrations built, compared on an embedded database migrated in memory as functions.test.ts
// compares them; no migration when none differs. drizzle-kit numbers it and records it in its journal; its checksum
// is recorded too (npm run lint:migrations).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/database.js';
import { BREAKPOINT, compareWithDatabase, definitionFiles, describeObject, SERVER_FOLDER } from '../db/definitions.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write('Uso: npm run db:functions -- <nombre_en_snake_case>\n');
  process.exit(2);
}

const database = await openPglite();
const changed: { path: string; text: string; objects: string[] }[] = [];
try {
  for (const file of definitionFiles()) {
    const differing = (await compareWithDatabase(database.db, file)).filter(
      (comparison) => comparison.defined !== comparison.migrated,
    );
    if (differing.length) {
      changed.push({ ...file, objects: differing.map((comparison) => describeObject(comparison.object)) });
    }
  }
} finally {
  await database.close();
}

if (!changed.length) {
  process.stdout.write('Ninguna definición difiere de lo que construyen las migraciones: no hace falta migración.\n');
} else {
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], {
    cwd: SERVER_FOLDER,
    stdio: 'inherit',
  });
  const journal = JSON.parse(fs.readFileSync(path.join(SERVER_FOLDER, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const migration = path.join(SERVER_FOLDER, 'drizzle', `${journal.entries.at(-1)!.tag}.sql`);
  // A whole file each: a trigger is dropped and created again with its function (a changed argument list or
  // returned columns cannot be replaced in place: the DROP FUNCTION it needs goes at the top, by hand).
  const text = changed.map((file) => `-- ${file.path}\n${file.text.trim()}`).join(`\n${BREAKPOINT}\n`);
  fs.writeFileSync(migration, `${text}\n`);
  execFileSync(process.execPath, [path.join(SERVER_FOLDER, 'scripts/migration-checksums.mjs'), 'record'], {
    stdio: 'inherit',
  });
  process.stdout.write(
    [
      `${path.relative(process.cwd(), migration)}:`,
      ...changed.map((file) => `  ${file.path}: ${file.objects.join(', ')}`),
      '',
    ].join('\n'),
  );
}
