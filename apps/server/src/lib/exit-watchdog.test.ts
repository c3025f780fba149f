import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A process that loads the watchdog, runs `body` and tells its watchdog's pid on stdout. */
function run(body: string) {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      '--input-type=module',
      '-e',
      `const { killAfter } = await import('./src/lib/exit-watchdog.ts');\n${body}`,
    ],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const ended = new Promise<{ signal: NodeJS.Signals | null; code: number | null; ms: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
  return { child, ended, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether the process is still there after up to 5 s. */
async function outlives(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50 && alive(pid); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return alive(pid);
}

// What a synchronous log write does while it retries on a full pipe (sonic-boom's sleep): the thread waits on
// a futex, and no timer, signal handler or promise of this process runs again.
const BLOCK = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';

describe('the exit watchdog', () => {
  it('ends a process whose main thread is blocked for good, once its time is up', async () => {
    const { ended, output } = run(`console.log(killAfter(1500)); setTimeout(() => process.exit(3), 500); ${BLOCK}`);
    const { signal, ms } = await ended;
    expect(signal).toBe('SIGKILL');
    expect(ms).toBeGreaterThanOrEqual(1500);
    // Its own timer never fired (exit code 3), and the watchdog is gone too.
    expect(await outlives(Number(output().trim()))).toBe(false);
  });

  it('leaves a process that exits by itself alone, and goes with it', async () => {
    const { ended, output } = run('console.log(killAfter(60_000)); setTimeout(() => process.exit(0), 300);');
    expect(await ended).toMatchObject({ code: 0, signal: null });
    const watchdog = Number(output().trim());
    expect(watchdog).toBeGreaterThan(0);
    expect(await outlives(watchdog)).toBe(false);
  });
});
