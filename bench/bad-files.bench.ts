import { randomUUID } from 'node:crypto';
import os from 'node:os';
import ExcelJS from 'exceljs';
import { brokenPngs, hugePng, jpegClaiming, photoWithExif } from '../apps/server/test/bad-images.js';
import { multipartForm } from '../apps/server/test/multipart.js';
import { zipOf } from '../apps/server/test/zips.js';
import { freshDatabase, type Kind } from './lib/database.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * Issue [R]: no request may make another user wait more than 1 s. A technician scans one device after another
 * (the probe) while another request sends a bad file, again and again, to the production server: a signature of
 * 9,000 x 9,000 pixels or junk after a PNG header, a photo claiming 65,000 x 65,000 pixels or cut short, plans
 * and logos claiming more pixels than allowed, a zip bomb and a valid 10,000-row workbook for the trap import, a
 * "PDF" that is HTML. For each, the probe's latency with nothing else running and while the bad file is
 * processed: medians, the worst, and the ratio of the medians. `BENCH_DATABASES=postgres,pglite` (default
 * pglite), `BENCH_PROBES` scans per phase (default 30). Run: `npm run build && npx tsx bench/bad-files.bench.ts`.
 */
/** A one-page PDF whose catalog carries `extra` (test/products.ts draws the same). */
const pdfOf = (extra: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra} >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

const PROBES = Number(process.env.BENCH_PROBES ?? 30);
const TRAPS = 2000;

interface Case {
  name: string;
  /** Sends the bad file once; answers the status. */
  send: () => Promise<number>;
}

async function seed(kind: Kind) {
  const database = await freshDatabase(kind, `bench_bad_files_${kind}`);
  await database.sql(`
    insert into technicians (email, full_name, role, password_hash) values
      ('admin@rondin.test', 'Administración', 'ADMIN', 'x'),
      ('tech@rondin.test', 'Técnica de las firmas', 'TECH', 'x'),
      ('probe@rondin.test', 'Técnico que escanea', 'TECH', 'x');
    insert into traps (site_id, code, area, type, qr_slug)
      select (select min(id) from sites), 'P-' || g, 'Área', 'CEBADERO', 'slug-' || lpad(g::text, 12, '0')
      from generate_series(1, ${TRAPS + 1}) g;
    insert into sessions (site_id, technician_id, item_count)
      select (select min(id) from sites), id, ${TRAPS} from technicians where email = 'probe@rondin.test';
    insert into session_items (session_id, trap_id)
      select 1, id from traps where id <= ${TRAPS};
    insert into sessions (site_id, technician_id, item_count, status, started_at, completed_count)
      select (select min(id) from sites), id, 1, 'IN_PROGRESS', now(), 1 from technicians where email = 'tech@rondin.test';
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select 2, ${TRAPS + 1}, 'COMPLETED', now(), now(), (select id from technicians where email = 'tech@rondin.test');
  `);
  const ids = await database.sql<{ id: number; email: string }>('select id, email from technicians');
  const id = (email: string) => Number(ids.find((row) => row.email === email)!.id);
  const [item] = await database.sql<{ id: number }>('select id from session_items where session_id = 2');
  return {
    database,
    admin: await tokenFor(id('admin@rondin.test'), 'ADMIN'),
    tech: await tokenFor(id('tech@rondin.test'), 'TECH'),
    probe: await tokenFor(id('probe@rondin.test'), 'TECH'),
    itemId: Number(item!.id),
  };
}

async function xlsxOfRows(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Trampas');
  sheet.addRow(['codigo', 'area', 'descripcion', 'activa']);
  for (let row = 1; row <= rows; row++)
    sheet.addRow([`IMP-${row}`, `Área ${row % 40}`, 'Junto al muelle de carga', 'sí']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function measure(kind: Kind) {
  const { database, admin, tech, probe, itemId } = await seed(kind);
  const server: RunningServer = await startRondin(database.env);
  const call = async (method: string, path: string, token: string, body?: Buffer | string, type?: string) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const json = (method: string, path: string, token: string, body: object) =>
    call(method, path, token, JSON.stringify(body), 'application/json');
  const upload = (method: string, path: string, file: Buffer, name: string, fields: Record<string, string> = {}) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([field, value]) => ({ name: field, value })),
      { name: 'file', filename: name, contentType: 'application/octet-stream', data: file },
    ]);
    return call(method, path, admin, form.payload(), form.headers['content-type']);
  };
  await json('PUT', '/api/settings/company', admin, { name: 'Plagas del Norte' });
  const product = await fetch(`${server.base}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Cebo',
      activeIngredients: 'Brodifacoum 0,005 %',
      registrationNumber: 'ES/RM-2020-14-00001',
      type: 'TP14',
      authorisationExpiresAt: '2030-01-01',
      userCategory: 'PROFESIONAL',
      foodIndustryAllowed: true,
      safetyIntervalHours: 12,
    }),
  }).then((response) => response.json() as Promise<{ id: number }>);

  const broken = await brokenPngs();
  const photo = await photoWithExif(1600, 1200);
  const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(500 * 1024 * 1024, 0x20) }]);
  const workbook = await xlsxOfRows(10_000);
  // Made once: the probe runs in this process, and making them at each send would time this process's work.
  const signature = hugePng(9000, 9000).toString('base64');
  const claimingPhoto = await jpegClaiming(65_000, 65_000);
  const plan = hugePng(20_000, 20_000);
  const logo = hugePng(8000, 8000);
  const cases: Case[] = [
    {
      name: 'signature 9,000 × 9,000 (profile)',
      send: () => json('PUT', '/api/technicians/me/signature', tech, { imagePng: signature }),
    },
    {
      name: 'signature: PNG header, then junk (close)',
      send: () =>
        json('POST', '/api/sessions/2/close', tech, {
          clientSignature: {
            name: 'Marta',
            imagePng: broken['the first 16 bytes of a PNG, then junk']!.toString('base64'),
          },
        }),
    },
    {
      name: 'photo claiming 65,000 × 65,000',
      send: async () =>
        upload('POST', `/api/sessions/2/items/${itemId}/photos`, claimingPhoto, 'f.jpg', {
          clientPhotoId: randomUUID(),
        }),
    },
    {
      name: 'photo cut at 60 %',
      send: () =>
        upload('POST', `/api/sessions/2/items/${itemId}/photos`, photo.subarray(0, photo.length * 0.6), 'f.jpg', {
          clientPhotoId: randomUUID(),
        }),
    },
    {
      name: 'plan claiming 20,000 × 20,000',
      send: () => upload('POST', '/api/sites/1/plans', plan, 'p.png', { name: 'Plano' }),
    },
    {
      name: 'logo claiming 8,000 × 8,000',
      send: () => upload('PUT', '/api/settings/company/logo', logo, 'l.png'),
    },
    {
      name: `zip bomb .xlsx (${round(bomb.length / 1024)} KB → 500 MB)`,
      send: () =>
        call(
          'POST',
          '/api/traps/import?dryRun=true',
          admin,
          bomb,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
    },
    {
      name: 'valid .xlsx of 10,000 rows (dry run)',
      send: () =>
        call(
          'POST',
          '/api/traps/import?dryRun=true',
          admin,
          workbook,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
    },
    {
      name: '"PDF" that is HTML (safety data sheet)',
      send: () =>
        upload('PUT', `/api/products/${product.id}/documents/sds`, Buffer.from('%PDF-1.7\n<html></html>'), 'f.pdf', {
          issuedOn: '2025-01-01',
        }),
    },
    {
      name: 'PDF with OpenAction JavaScript',
      send: () =>
        upload(
          'PUT',
          `/api/products/${product.id}/documents/sds`,
          pdfOf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
          'f.pdf',
          { issuedOn: '2025-01-01' },
        ),
    },
  ];

  let next = 0;
  const scanOnce = async () => {
    const slug = `slug-${String(++next).padStart(12, '0')}`;
    const started = performance.now();
    const status = await json('POST', '/api/sessions/1/scan', probe, { qrSlug: slug });
    if (status !== 200) throw new Error(`probe scan answered ${status}`);
    return performance.now() - started;
  };
  const probes = async () => {
    const times: number[] = [];
    for (let index = 0; index < PROBES; index++) times.push(await scanOnce());
    return times;
  };

  const rows: string[] = [];
  for (const each of cases) {
    const quiet = await probes();
    let busy = true;
    const statuses = new Set<number>();
    // The bad file sent again and again until the probe is done: the probe always has it to compete with.
    const sender = (async () => {
      while (busy) statuses.add(await each.send());
    })();
    const during = await probes();
    busy = false;
    await sender;
    const quietMedian = median(quiet);
    const duringMedian = median(during);
    rows.push(
      `| ${kind} | ${each.name} | ${[...statuses].join(', ')} | ${round(quietMedian, 1)} | ${round(duringMedian, 1)} | ${round(Math.max(...during))} | ${round(duringMedian / quietMedian, 2)}× |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  await server.stop();
  await database.dispose();
  return rows;
}

const kinds = (process.env.BENCH_DATABASES ?? 'pglite').split(',') as Kind[];
const load = os.loadavg().map((value) => value.toFixed(2));
const output = [
  `Bad files against a scan (${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load ${load.join(' / ')} at start; ${PROBES} scans a phase):`,
  '',
  '| Database | Bad file, sent again and again | Its answers | Scan median alone (ms) | Scan median during (ms) | Slowest scan during (ms) | Ratio of medians |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
for (const kind of kinds) output.push(...(await measure(kind)));
process.stdout.write(`${output.join('\n')}\n`);
