import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a folder held by another running process, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    fs.writeFileSync(path.join(dir, 'rondin.lock'), String(other.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`en uso por otro proceso de Rondín \\(pid ${other.pid}\\)`));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has ended', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'rondin.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'rondin.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'rondin.lock'))).toBe(false);
  });

  it('refuses a folder held by another running Rondín, whose lock names its start time', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, [
      '--import',
      'tsx',
      '-e',
      `import('${new URL('./data-dir-lock.ts', import.meta.url).pathname}').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setTimeout(() => {}, 30000); })`,
    ]);
    try {
      await new Promise((resolve) => other.stdout.once('data', resolve));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another program', async () => {
    const dir = tempDir();
    // A program that is not Rondín (nor Node.js) holds the pid the lock names: the owner ended long ago.
    const stranger = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'rondin.lock'), JSON.stringify({ pid: stranger.pid, start: '1' }));
      lockDataDir(dir)();
      // Locks written by the previous release hold the bare pid.
      fs.writeFileSync(path.join(dir, 'rondin.lock'), String(stranger.pid));
      lockDataDir(dir)();
    } finally {
      stranger.kill();
    }
  });
});
