import { stopsOfTheBuiltServer } from './support/stopping';

/**
 * [R2] The server always stops when asked, as users start it: `npm start` and `node apps/server/dist/main.js`
 * under a shell leading a process group, a mixed workload (bad signatures, control characters, a PDF download
 * abandoned half-way, idle and half-sent sockets, a log flood into a pipe nobody reads), then SIGTERM or SIGINT
 * to the group; the next start on the same PGlite folder serves what was acknowledged (docs/decisions/0012).
 *
 * Here and not in the server's vitest tier: both ways need the build (`npm start` would build for minutes
 * inside `npm test` on a fresh clone, and a test that skips without dist proves nothing), and this tier runs
 * after `npm run build` and stops at once without it (global-setup.ts). No browser: the tests use no page.
 * E2E_SHUTDOWN_RUNS stops (default 6: three of each way, both signals for each); the sources' stops are
 * apps/server/src/security/shutdown.test.ts, PostgreSQL's are https/shutdown.spec.ts.
 */
stopsOfTheBuiltServer(Number(process.env.E2E_SHUTDOWN_RUNS ?? 6));
