import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A process that logs 1 MB to a pipe nobody reads, then stops as the server's shutdown does: with `logDestination`
 * it exits at once; pino's own destination (the control) is still waiting on the pipe when the test gives up.
 */
function logThenExit(destination: 'rondin' | 'pino'): Promise<{ code: number | null; ms: number; alive: number }> {
  const script = `
    import pino from 'pino';
    import { logDestination } from './src/lib/log-destination.ts';
    const own = logDestination();
    const log = ${destination === 'rondin' ? 'pino(own.destination)' : 'pino()'};
    for (let line = 0; line < 5000; line++) log.info({ line, pad: 'x'.repeat(200) }, 'una línea');
    let alive = 0;
    const beat = setInterval(() => process.stderr.write(++alive + ' '), 50);
    setTimeout(() => { clearInterval(beat); own.stopping(); process.exit(0); }, 400);`;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      // Standard output a pipe this test never reads: it fills after 64 KB.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let beats = '';
    child.stderr.on('data', (chunk: Buffer) => (beats += chunk.toString()));
    const giveUp = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.on('exit', (code) => {
      clearTimeout(giveUp);
      resolve({ code, ms: Date.now() - started, alive: beats.trim().split(/\s+/).filter(Boolean).length });
    });
  });
}

describe('the server log on a pipe nobody reads', () => {
  it('keeps the process answering while the pipe is full, and lets it exit once stopping', async () => {
    const [rondin, control] = await Promise.all([logThenExit('rondin'), logThenExit('pino')]);
    // The event loop ran while the lines waited: the heartbeat kept beating.
    expect(rondin.alive).toBeGreaterThanOrEqual(4);
    expect(rondin.code).toBe(0);
    expect(rondin.ms).toBeLessThan(4_000);
    // Without it the exit waits on the pipe until killed: what held the shutdown in [R2].
    expect(control.code).toBeNull();
  }, 20_000);
});
