import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

/**
 * pdfkit and exceljs produce output as fast as they are fed, whatever the reader's pace. Routing their
 * output through a PassThrough lets a producer loop wait, between batches, until the HTTP client has read
 * what was already produced; a slow download then holds at most a batch in memory, not the whole file.
 */
export function pacedOutput(source?: Readable): { output: PassThrough; caughtUp(): Promise<void> } {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  if (source) {
    source.on('error', (error) => output.destroy(error));
    source.pipe(output);
  }
  return {
    output,
    async caughtUp() {
      if (output.destroyed) throw new Error('download aborted');
      if (output.writableNeedDrain) await once(output, 'drain');
      // Drawing is synchronous work: give other requests a turn between batches.
      else await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
