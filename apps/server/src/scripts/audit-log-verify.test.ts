import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyAuditLog, openTestDatabase } from '../../test/test-app.js';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { auditedTransaction } from '../db/audit.js';
import { openPglite, type DatabaseHandle } from '../db/database.js';

/**
 * `npm run audit-log:verify` is run by whoever answers for the records, on the plant's own database: PGlite in
 * DATA_DIR, or PostgreSQL. It must say in Spanish how much of the log holds and the first row that does not, and
 * exit with 1 then, so a scheduled check can raise the alarm.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-verify-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The database the script reads, the way the tests run: PostgreSQL under DATABASE_URL, else PGlite in a folder. */
async function plantDatabase(): Promise<{ open(): Promise<DatabaseHandle>; env: Record<string, string> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openTestDatabase('verify');
    await emptyAuditLog(handle.db);
    await handle.close();
    const purpose = `verify_${process.env.VITEST_POOL_ID ?? '0'}`;
    return { open: () => openTestDatabase('verify'), env: { DATABASE_URL: testDatabaseUrl(url, purpose).url } };
  }
  const dataDir = fs.mkdtempSync(path.join(folder, 'datos-'));
  await migratedDataDir(dataDir);
  return { open: () => openPglite({ dataDir }), env: { DATA_DIR: dataDir } };
}

function verify(env: Record<string, string>) {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/scripts/audit-log-verify.ts'], {
    cwd: serverDir,
    env: { ...inherited, DATA_DIR: path.join(folder, 'sin-usar'), LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run audit-log:verify', () => {
  it('says how many rows hold and exits 0; names the first broken row and why, and exits 1', async () => {
    const plant = await plantDatabase();
    let handle = await plant.open();
    const [admin] = (
      (await handle.db.execute(sql`insert into technicians (email, full_name, password_hash)
        values ('verifica@planta.test', 'Ana Verifica', 'x') returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    for (const address of ['Calle Mayor 1', 'Calle Mayor 3', 'Polígono Sur, nave 2']) {
      await auditedTransaction(handle.db, admin!, (tx) => tx.execute(sql`update sites set address = ${address}`));
    }
    await handle.close();

    const intact = verify(plant.env);
    expect(intact.status, intact.stderr).toBe(0);
    expect(intact.stdout).toMatch(/^Registro de cambios íntegro: 4 filas comprobadas, sin huecos ni alteraciones\.\n/);
    expect(intact.stdout).toMatch(/Última fila: 4, del .+ \(UTC\), huella [0-9a-f]{64}\./);

    // Someone with the database's password changes what a row says, behind the guard.
    handle = await plant.open();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
      await tx.execute(sql`update audit_log set after = '{"address": "Otra dirección"}' where id = 3`);
      await tx.execute(sql`alter table audit_log enable always trigger audit_log_immutable`);
    });
    await handle.close();
    const altered = verify(plant.env);
    expect(altered.status).toBe(1);
    expect(altered.stdout).toMatch(/^Registro de cambios ROTO: 2 de 4 filas comprobadas están íntegras\.\n/);
    expect(altered.stdout).toMatch(
      /Primera fila rota: la 3 \(Cambio de sitio 1, del .+\): su contenido ya no es el que se escribió: la fila fue modificada\./,
    );

    // And then takes the row out.
    handle = await plant.open();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
      await tx.execute(sql`delete from audit_log where id = 3`);
      await tx.execute(sql`alter table audit_log enable always trigger audit_log_immutable`);
    });
    await handle.close();
    const missing = verify(plant.env);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toMatch(
      /Primera fila rota: la 4 \(.+\): falta la fila 3, que estaba justo antes: fue borrada\./,
    );
  }, 240_000);
});
