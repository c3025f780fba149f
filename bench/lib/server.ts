import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../../apps/server/test/server-process.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const JWT_SECRET = 'benchmark-secret-0123456789-0123456789-abcdef';

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** Resident memory of the server process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts a Node script as a server process and waits until /api/health answers. */
export async function startServer(args: string[], env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    // Logging as `npm start` does by default (one line per request), thrown away: the cost of writing it stays.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', JWT_SECRET, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base, child);
  return {
    base,
    child,
    rssMb: () =>
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)])
          .toString()
          .trim(),
      ) / 1024,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The production server, as `npm start` runs it (built JavaScript). */
export const startRondin = (env: Record<string, string>) =>
  startServer([...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/main.js'], env);
