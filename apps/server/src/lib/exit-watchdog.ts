import { spawn } from 'node:child_process';

/**
 * The watchdog's own program: it reads its standard input until the process that started it closes it (by
 * exiting, however it exits), and if that has not happened after `ms`, ends that process with SIGKILL.
 */
const WATCHDOG = `
const [pid, ms] = process.argv.slice(1).map(Number);
const timer = setTimeout(() => {
  try { process.kill(pid, 'SIGKILL'); } catch {}
  process.exit(0);
}, ms);
process.stdin.on('end', () => { clearTimeout(timer); process.exit(0); });
process.stdin.on('error', () => { clearTimeout(timer); process.exit(0); });
process.stdin.resume();
`;

/**
 * Makes sure this process is gone within `ms`, whatever its own thread is doing. A timer of the process itself
 * cannot promise that: it never fires while the main thread is blocked (a synchronous log write retrying on a
 * full pipe, a native call, an exit that waits for a thread), which is how a shutdown that logged «shutting
 * down» once stayed alive for half an hour. So the promise is kept by another process: it holds the read end
 * of a pipe that only this process writes to, sees the pipe close when this process exits, and otherwise sends
 * SIGKILL once the time is up. It runs in a process group of its own, so a second signal to the server's group
 * does not end it first, and nothing of it keeps this process alive. Answers the watchdog's process id.
 */
export function killAfter(ms: number): number | undefined {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(ms)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.on('error', () => {});
  watchdog.stdin.on('error', () => {});
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  return watchdog.pid;
}
