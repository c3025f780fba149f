import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { spool, sweepStaleUploads } from './spool.js';

const OPTIONS = {
  accept: ['application/pdf'] as const,
  maxBytes: 1024,
  messages: { tooLarge: 'grande', wrongType: 'no es PDF', empty: 'vacío' },
};
const spoolFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('rondin-upload-'));

describe('spool', () => {
  it('takes the failure of a source that fails before it is read, and leaves no temporary folder', async () => {
    const before = spoolFolders();
    // A drawing that fails at once: its output fails before the temporary folder exists.
    const source = new PassThrough();
    source.destroy(new Error('dibujo fallido'));
    await expect(spool(source, OPTIONS)).rejects.toThrow('dibujo fallido');
    expect(spoolFolders().filter((name) => !before.includes(name))).toEqual([]);
  });
});

describe('sweepStaleUploads', () => {
  it('deletes upload folders older than an hour left by a stopped process, and spares recent ones', () => {
    const stale = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-upload-'));
    fs.writeFileSync(path.join(stale, 'content'), 'mitad de una foto');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const recent = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-upload-'));
    return sweepStaleUploads().then((swept) => {
      expect(swept).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
      fs.rmSync(recent, { recursive: true });
    });
  });
});
