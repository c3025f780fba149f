import pg from 'pg';
import { test } from '@playwright/test';
import { stopsOfTheBuiltServer } from '../support/stopping';

/**
 * [R2] e2e/shutdown.spec.ts's stops on PostgreSQL, the production database (docs/decisions/0012): `npm start` and
 * the built entry under a shell leading a process group, a mixed workload, SIGTERM or SIGINT to the group, gone
 * within 10 s, and the next start serves what was acknowledged. In this tier because it runs after
 * `npm run build` with the machine's PostgreSQL; the processes are its own (not behind Caddy), on a database of
 * their own. E2E_SHUTDOWN_RUNS stops (default 6).
 */
const DATABASE = 'rondin_e2e_shutdown';
const POSTGRES = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

test.beforeAll(async () => {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
});

stopsOfTheBuiltServer(Number(process.env.E2E_SHUTDOWN_RUNS ?? 6), () =>
  Object.assign(new URL(POSTGRES), { pathname: `/${DATABASE}` }).toString(),
);
