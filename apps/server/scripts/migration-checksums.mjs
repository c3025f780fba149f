// Migrations are append-only: a database applies only the migrations newer than the last one it recorded,
// so an edit to one that has shipped never reaches the databases created before it.
//
//   node scripts/migration-checksums.mjs check    fails when a recorded migration changed, a migration is not
//                                                 recorded, or a line of the list was changed or removed in git
//   node scripts/migration-checksums.mjs record   appends the migrations not yet recorded (db:generate runs it)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(server, 'drizzle');
const list = path.join(folder, 'checksums.sha256');
const relativeList = path.relative(
  execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: server, encoding: 'utf8' }).trim(),
  list,
);

const sha256 = (file) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(folder, file)))
    .digest('hex');
const migrations = () =>
  fs
    .readdirSync(folder)
    .filter((file) => /^\d{4}_.*\.sql$/.test(file))
    .sort();
const parse = (text) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, file] = line.split(/\s+/);
      return { hash, file, line };
    });

function record() {
  const recorded = fs.existsSync(list) ? parse(fs.readFileSync(list, 'utf8')) : [];
  const known = new Set(recorded.map((entry) => entry.file));
  const added = migrations().filter((file) => !known.has(file));
  fs.appendFileSync(list, added.map((file) => `${sha256(file)}  ${file}\n`).join(''));
  for (const file of added) process.stdout.write(`registrada: ${file}\n`);
}

function check() {
  const problems = [];
  const text = fs.readFileSync(list, 'utf8');
  const recorded = parse(text);
  for (const { hash, file } of recorded) {
    if (!fs.existsSync(path.join(folder, file)))
      problems.push(`[migration-deleted] ${file} was deleted after it shipped.`);
    else if (sha256(file) !== hash) {
      problems.push(`[migration-edited] ${file} changed after it shipped: put the change in a new migration.`);
    }
  }
  const known = new Set(recorded.map((entry) => entry.file));
  for (const file of migrations()) {
    if (!known.has(file))
      problems.push(`[migration-unrecorded] ${file} is not in ${path.basename(list)}: run npm run db:checksums.`);
  }
  // The list itself only grows: every earlier version of it must be a beginning of this one.
  const commits = execFileSync('git', ['log', '--format=%H', '--', relativeList], { cwd: server, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const commit of commits) {
    const earlier = execFileSync('git', ['show', `${commit}:${relativeList}`], { cwd: server, encoding: 'utf8' });
    if (!text.startsWith(earlier)) {
      problems.push(
        `[checksums-rewritten] ${path.basename(list)} no longer begins with its version of ${commit.slice(0, 10)}: lines may only be appended.`,
      );
      break;
    }
  }
  if (problems.length) {
    process.stderr.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`${recorded.length} migrations, none changed since they shipped.\n`);
}

const command = process.argv[2];
if (command === 'record') record();
else if (command === 'check') check();
else {
  process.stderr.write('Uso: migration-checksums.mjs check|record\n');
  process.exit(2);
}
