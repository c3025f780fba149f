/**
 * node dist/scripts/write-openapi.js FILE: writes the API's OpenAPI document, built by the app exactly as
 * the server builds it (web app included, to show that its routes stay out), for `npm run lint:openapi`.
 * Needs no database and opens no port.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import * as schema from '../db/schema.js';
import { createTokenService } from '../modules/auth/tokens.js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Uso: write-openapi.js ARCHIVO\n');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
// Building the app runs no query: a pool that is never opened stands in for the database. Were a query to
// run, it would fail at once (nothing listens on port 1) rather than reach a real server.
const pool = new pg.Pool({ host: '127.0.0.1', port: 1 });
const db = drizzle({ client: pool, schema }) as unknown as Database;
const tokens = createTokenService(randomBytes(32).toString('hex'), config.TOKEN_TTL);
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-openapi-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html>');
try {
  const app = await buildApp({ config, db, tokens, webRoot });
  await app.ready();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await pool.end();
  fs.rmSync(webRoot, { recursive: true, force: true });
}
