import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Waits until a server process answers GET /api/health; fails at once if the process exits. */
export async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not become healthy`);
}

/**
 * The real server in a process of its own (from the TypeScript sources, so no build is needed), for
 * tests about what only separate processes show: crashes, shutdown, several servers sharing events.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHealth(base, child);
  return {
    base,
    child,
    exited,
    kill(signal) {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** JSON over HTTP against a server process; throws with the answer on anything but 2xx. */
// biome-ignore lint/suspicious/noExplicitAny: tests read many answer shapes; each call site may name its type.
export async function call<T = any>(
  base: string,
  method: string,
  route: string,
  token?: string,
  body?: object,
): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * A technician the administrator creates, signed in: an account given a password by someone else must change it
 * before anything else (defect 9 of [T]), so it does, and answers the account and the token of its new password.
 * `signInBase` is the process it signs in to, when several share the database.
 */
export async function newSignedInTechnician(
  base: string,
  adminToken: string,
  fields: { email: string; fullName: string; password: string },
  signInBase = base,
): Promise<{ account: { id: number }; token: string }> {
  const account = await call<{ id: number }>(base, 'POST', '/technicians', adminToken, fields);
  const { accessToken } = await call(signInBase, 'POST', '/auth/login', undefined, {
    email: fields.email,
    password: fields.password,
  });
  const changed = await call(signInBase, 'PATCH', '/technicians/me/password', accessToken, {
    currentPassword: fields.password,
    newPassword: `${fields.password}-propia`,
  });
  return { account, token: changed.accessToken };
}
