#!/usr/bin/env node
// `npm start` builds what changed and nothing else. The server's TypeScript is built by `tsc -b`, which is
// incremental by itself (about 1.5 s when nothing changed). The web app's Vite build is not (about 40 s with
// its Brotli copies), so it runs only when a file it is built from differs from the last build's: their SHA-256
// is kept beside the build, in apps/web/dist/.build-inputs. Contents, not times: a fresh clone or a checkout
// touches every file's time without changing what the build makes. `--force` (npm run build) builds the web app
// whatever the stamp says, and stamps it, so the next `npm start` uses that build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-inputs');

/** What the web build reads: its sources and configuration, the contracts it compiles in, the locked packages. */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** A folder's files in a stable order, tests left out (the build does not read them). */
function* files(relative) {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield child;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of WEB_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    for (const file of statSync(full).isDirectory() ? files(input) : [input]) {
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server']);
const current = inputsHash();
const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) ? readFileSync(stamp, 'utf8') : null;
if (built === current && !process.argv.includes('--force')) {
  console.log('La aplicación web ya está compilada con estos archivos: se usa la compilación existente.');
} else {
  run('npm', ['run', 'build', '-w', '@rondin/web']);
  writeFileSync(stamp, current);
}
