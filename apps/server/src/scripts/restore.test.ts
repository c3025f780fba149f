import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run restore` is run by whoever looks after the plant's server: on a file that cannot be restored it
 * must say in Spanish what is wrong and exit with 1, never crash with an English stack trace.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-restore-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function restore(file: string) {
  // Always the embedded database: what the script says about a bad file does not depend on it.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: path.join(folder, `datos-${path.basename(file)}`), LOG_LEVEL: 'silent' };
  return spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/scripts/restore.ts', file], {
    cwd: serverDir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run restore', () => {
  it.each([
    ['a file cut short', () => gzipSync('{"format":"rondin-backup"}\n'.repeat(200)).subarray(0, 30), /está cortado/],
    ['a file of another kind', () => Buffer.from('\x89PNG\r\n\x1a\n no es un respaldo'), /no es un respaldo de Rondín/],
    ['a gzip that holds something else', () => gzipSync('hola, mundo\n'), /no es un respaldo de Rondín compatible/],
    ['a file that does not exist', undefined, /No existe el archivo/],
  ])('explains %s in one Spanish sentence and exits with 1', (name, content, message) => {
    const file = path.join(folder, name.replace(/\W+/g, '-'));
    if (content) fs.writeFileSync(file, content());
    const run = restore(file);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^No se restauró nada\. /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at |Error:|Unhandled|node:internal/);
    // Told before any database is opened: no data folder was created (and migrated) for a file that is no backup.
    expect(fs.existsSync(path.join(folder, `datos-${path.basename(file)}`))).toBe(false);
  });
});
