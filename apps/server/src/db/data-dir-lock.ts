import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'rondin.lock';

/** What the lock file holds: the owner's pid and, where the system tells it, when that process started. */
interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux /proc/<pid>/stat), if known. */
  start?: string;
}

/**
 * When a process started, as Linux tells it: field 22 of /proc/<pid>/stat. A pid is reused by the next
 * process once its owner ends; the pair (pid, start) is not. Undefined where /proc does not exist.
 */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock written by an earlier release holds the bare pid: then only a Node.js process can be its owner. */
function isNodeProcess(pid: number): boolean | undefined {
  try {
    return /(^|\/)node[^/\0]*\0/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return undefined;
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return Number.isInteger(owner.pid)
      ? { pid: owner.pid!, ...(typeof owner.start === 'string' ? { start: owner.start } : {}) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs (not merely some process with its pid). */
function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isRunning(owner.pid)) return false;
  const start = startTime(owner.pid);
  if (owner.start !== undefined && start !== undefined) return owner.start === start;
  return isNodeProcess(owner.pid) ?? true;
}

/**
 * PGlite is one PostgreSQL instance inside this process: a second process opening the same folder would
 * corrupt it. The lock file holds the owner's pid and start time; a lock left by a process that no longer
 * runs is taken over, also when its pid now belongs to another program. Returns the function that
 * releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const start = startTime(process.pid);
  const content = JSON.stringify({ pid: process.pid, ...(start ? { start } : {}) } satisfies LockOwner);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner && ownerIsAlive(owner)) {
        throw new DataDirLockedError(
          `La carpeta de datos ${dataDir} está en uso por otro proceso de Rondín (pid ${owner.pid}). ` +
            'Detén ese proceso o usa otra carpeta con DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear la carpeta de datos ${dataDir}.`);
}
