import pino from 'pino';

/** What the log may hold while its reader does not take it; lines past it are dropped. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export interface LogDestination {
  destination: ReturnType<typeof pino.destination>;
  /** From the shutdown on, a reader that does not take the log is not waited for. */
  stopping: () => void;
}

/**
 * The server's log on standard output, written without ever blocking the process. pino's default writes each
 * line synchronously and, when the reader of a pipe stops reading (a terminal paused, a log shipper stuck), sleeps
 * and retries in a loop that blocks every request, and at exit holds the process forever (issue [R2]). Here lines
 * wait in memory, up to MAX_PENDING_BYTES, while the pipe is full; once the server is stopping, a full pipe ends
 * the writing instead of being waited for.
 */
export function logDestination(fd = 1): LogDestination {
  let stopping = false;
  const destination = pino.destination({
    dest: fd,
    sync: false,
    minLength: 0,
    maxLength: MAX_PENDING_BYTES,
    retryEAGAIN: () => !stopping,
  });
  // A full pipe at shutdown: what it did not take is lost, the process goes on stopping.
  destination.on('error', () => {});
  const flushSync = destination.flushSync.bind(destination);
  return {
    destination,
    stopping: () => {
      stopping = true;
      // pino flushes on exit: with the pipe full that write fails now, and the exit must still happen.
      destination.flushSync = () => {
        try {
          flushSync();
        } catch {
          // Dropped, as above.
        }
      };
    },
  };
}
