// npm run db:functions -- <name>: a new migration holding the current definition of every SQL function, view and
// trigger, the files sql/*.sql beside the modules (the map: src/db/README.md). drizzle-kit numbers the migration
// and records it in its journal.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write('Uso: npm run db:functions -- <nombre_en_snake_case>\n');
  process.exit(2);
}
const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(server, 'src');
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], { cwd: server, stdio: 'inherit' });
const journal = JSON.parse(fs.readFileSync(path.join(server, 'drizzle/meta/_journal.json'), 'utf8'));
const migration = path.join(server, 'drizzle', `${journal.entries.at(-1).tag}.sql`);
const definitions = fs
  .readdirSync(source, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(^|\/)sql\/\w+\.sql$/.test(file.split(path.sep).join('/')))
  .sort()
  .map((file) => fs.readFileSync(path.join(source, file), 'utf8').trim());
fs.writeFileSync(migration, `${definitions.join('\n--> statement-breakpoint\n')}\n`);
execFileSync(process.execPath, [path.join(server, 'scripts/migration-checksums.mjs'), 'record'], { stdio: 'inherit' });
process.stdout.write(
  `${path.relative(process.cwd(), migration)}: ${definitions.length} archivos de definiciones (src/db/README.md)\n`,
);
