import { PassThrough, type Readable } from 'node:stream';

/** The reader went away: the producer stops, and nothing is logged as a failure. */
export class DownloadAbandoned extends Error {
  constructor() {
    super('download abandoned by the client');
  }
}

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
      if (output.writableNeedDrain && !output.destroyed) {
        // A client that goes away never drains: its close ends the wait, or the producer would wait for ever.
        await new Promise<void>((resolve) => {
          const done = () => {
            output.off('drain', done).off('close', done);
            resolve();
          };
          output.on('drain', done).on('close', done);
        });
      } else {
        // Drawing is synchronous work: give other requests a turn between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (output.destroyed) throw new DownloadAbandoned();
    },
  };
}
