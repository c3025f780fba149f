import fs from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { spool } from './spool.js';

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
