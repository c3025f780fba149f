import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { photos } from '../apps/server/src/db/schema.js';
import { DatabaseBackend } from '../apps/server/src/files/database-backend.js';
import { FileStorage } from '../apps/server/src/files/file-storage.js';
import { FilesRepository } from '../apps/server/src/files/files.repository.js';
import { spool } from '../apps/server/src/files/spool.js';
import { spoolPrintThumbnail } from '../apps/server/src/lib/print-thumbnail.js';
import type { AuthUser } from '../apps/server/src/lib/auth-user.js';
import type { CertificatesService } from '../apps/server/src/modules/certificates/certificates.service.js';
import { ordersWithCertificates } from '../apps/server/src/modules/orders/orders-with-certificates.js';
import { FindingsRepository } from '../apps/server/src/modules/findings/findings.repository.js';
import { DEMO_PLANS, drawFloorPlan } from '../apps/server/src/scripts/demo-floor-plans.js';
import { NO_ORDER_EVENTS } from '../apps/server/src/lib/order-events.js';
import { OrdersRepository } from '../apps/server/src/modules/orders/orders.repository.js';
import { OrdersService } from '../apps/server/src/modules/orders/orders.service.js';
import { freshDatabase, type BenchDatabase, type Kind } from './lib/database.js';
import { median, round } from './lib/stats.js';

/**
 * What the certificate adds to closing an order ([N]; target < 500 ms for 50 devices). Orders of 50 bait
 * stations, every one scanned with a finding (one in five with bait eaten), closed through the orders service as
 * the route calls it (no HTTP), one after another, in interleaved rounds so the machine's load drifts over all
 * kinds alike: (a) the plain service, whose close marks the order closed and nothing else (the certificate's
 * part replaced by nothing: no folio, no PDF); (b) the service of orders-with-certificates.ts, as the server
 * wires it, with the client's drawn signature: the folio in the close's transaction, then the PDF drawn and
 * stored; (c) the same with 20 of the devices carrying one phone photo each (the demo plan as a grainy 1,600 px
 * JPEG), printed from the thumbnail the upload made; (d) the same photos without thumbnails (stored before
 * migration 0026), each read from the files storage and made small for the annex. Also the certificate's size.
 * npx tsx bench/certificate-close.bench.ts   (BENCH_DATABASES=postgres|pglite, BENCH_ROUNDS, default 10)
 */
const DEVICES = 50;
const PHOTOS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];

const VARIANTS = [
  'sin certificado',
  'con certificado',
  'con certificado y 20 fotos',
  'con certificado y 20 fotos sin miniatura',
] as const;
type Variant = (typeof VARIANTS)[number];
const byVariant = <T>(): Record<Variant, T[]> =>
  Object.fromEntries(VARIANTS.map((variant) => [variant, []])) as unknown as Record<Variant, T[]>;

/** Orders ready to close: every device scanned and its finding recorded, as a technician leaves them. */
async function seed(database: BenchDatabase, orders: number) {
  await database.sql(`
    alter table findings disable trigger findings_thresholds;
    update sites set time_zone = 'Europe/Madrid';
    insert into technicians (email, full_name, role, password_hash)
      values ('certificado@rondin.test', 'Técnica de cierre', 'TECH', 'x');
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
      select (select min(id) from sites), 'C-' || g, 'Área ' || (g % 8), 'CEBADERO', 'INTERIOR', 'ALTO', 'slug-' || g
      from generate_series(1, ${DEVICES}) g;
    insert into sessions (site_id, technician_id, item_count, completed_count, status, started_at, created_at)
      select (select min(id) from sites), (select id from technicians where email = 'certificado@rondin.test'),
             ${DEVICES}, ${DEVICES}, 'IN_PROGRESS', now() - interval '50 minutes', now() - interval '1 hour'
      from generate_series(1, ${orders});
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select s.id, t.id, 'COMPLETED', now() - interval '40 minutes' + t.id * interval '30 seconds', now(),
             s.technician_id
      from sessions s cross join traps t order by s.id, t.id;
    insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                          device_time, received_at, device_status, activity, derived_activity, bait_consumption)
      select i.id, t.site_id, t.id, t.type, gen_random_uuid(), i.completed_by_id, i.completed_at, i.completed_at,
             i.completed_at, 'OK', case when t.id % 5 = 0 then 'MEDIA' else 'NINGUNA' end,
             case when t.id % 5 = 0 then 'MEDIA' else 'NINGUNA' end, case when t.id % 5 = 0 then 50 else 0 end
      from session_items i join traps t on t.id = i.trap_id;
    update session_items i set finding_id = f.id from findings f where f.item_id = i.id;
    alter table findings enable trigger findings_thresholds;
  `);
  const rows = await database.sql<{ id: number; technician_id: number }>(
    'select id, technician_id from sessions order by id',
  );
  return rows.map((row) => ({ id: Number(row.id), technicianId: Number(row.technician_id) }));
}

/**
 * A phone's photo: the demo plant's plan drawn 1,600 px wide with a scanner's grain (noise JPEG cannot shrink,
 * and the lines keep their detail when made small), as findings.bench.ts uploads; the phone shrinks its photos
 * to 1,600 px too.
 */
const phonePhoto = () => drawFloorPlan(DEMO_PLANS.plant, { scale: 1600 / DEMO_PLANS.plant.width, scan: true });

/** A PNG of the size of a phone's drawn signature (600 px wide) for the client's. */
async function signaturePng(): Promise<string> {
  const png = await drawFloorPlan(DEMO_PLANS.plant, { scale: 600 / DEMO_PLANS.plant.width });
  return png.toString('base64');
}

/** Stores `images` as photos of the order's first devices, through the files storage, as an upload does. */
async function addPhotos(
  handle: DatabaseHandle,
  files: FileStorage,
  order: { id: number; technicianId: number },
  images: Buffer[],
  thumbnails: boolean,
) {
  const items = (await new OrdersRepository(handle.db).findJson(order.id))!.items;
  for (const [index, image] of images.entries()) {
    const file = await spool(Readable.from([image]), {
      accept: ['image/jpeg'],
      maxBytes: 2 * 1024 * 1024,
      messages: { tooLarge: 'grande', wrongType: 'tipo', empty: 'vacía' },
    });
    // Made small at upload, as the photo route does, to be printed as it is; or not, as photos stored before
    // migration 0026, which the certificate makes small itself.
    const thumbnail = thumbnails ? await spoolPrintThumbnail(file) : null;
    try {
      await handle.db.transaction(async (tx) => {
        const saved = await files.save(file, 'foto', tx);
        const small = thumbnail && (await files.save(thumbnail, 'miniatura', tx));
        await tx.insert(photos).values({
          itemId: items[index]!.id,
          fileId: saved.id,
          thumbnailFileId: small ? small.id : null,
          clientPhotoId: randomUUID(),
          technicianId: order.technicianId,
        });
      });
    } finally {
      await Promise.all([file.dispose(), thumbnail?.dispose()]);
    }
  }
}

async function open(database: BenchDatabase): Promise<DatabaseHandle> {
  return database.kind === 'postgres'
    ? openPostgres(database.url!, 10)
    : openPglite({ dataDir: database.env.DATA_DIR! });
}

async function measure(kind: Kind) {
  const database = await freshDatabase(kind, 'bench_certificate_close');
  // One warm-up order of each kind, then the rounds.
  const orders = await seed(database, (ROUNDS + 1) * VARIANTS.length);
  const handle = await open(database);
  const files = new FileStorage(new FilesRepository(handle.db), new DatabaseBackend(new FilesRepository(handle.db)));
  const withCertificates = ordersWithCertificates(handle.db, NO_ORDER_EVENTS, files, {
    timeZone: 'Europe/Madrid',
    publicUrl: 'https://rondin.example',
  });
  // The plain service: the close's certificate part does nothing (no folio, no PDF).
  const noCertificate = {
    prepare: async () => undefined,
    issue: async () => undefined,
    store: async () => undefined,
  } as unknown as CertificatesService;
  const plain = new OrdersService(
    new OrdersRepository(handle.db),
    NO_ORDER_EVENTS,
    { timeZone: 'Europe/Madrid' },
    noCertificate,
    new FindingsRepository(handle.db),
  );
  const photo = await phonePhoto();
  const images = Array.from({ length: PHOTOS }, () => photo);
  const signature = await signaturePng();
  const times = byVariant<number>();
  // The benchmark's own CPU time (the server's part; PostgreSQL's is not in it): less swayed by the load.
  const cpu = byVariant<number>();
  const sizes = byVariant<number>();
  const loads: number[] = [];
  let next = 0;
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      loads.push(os.loadavg()[0]!);
      for (const variant of VARIANTS) {
        const order = orders[next++]!;
        if (variant === 'con certificado y 20 fotos') await addPhotos(handle, files, order, images, true);
        if (variant === 'con certificado y 20 fotos sin miniatura')
          await addPhotos(handle, files, order, images, false);
        const user: AuthUser = { id: order.technicianId, role: 'TECH', tokenVersion: 0 };
        const service = variant === 'sin certificado' ? plain : withCertificates.orders;
        const body =
          variant === 'sin certificado'
            ? {}
            : { clientSignature: { name: 'Marta Ruiz', role: 'Jefa de calidad', imagePng: signature } };
        const cpuStarted = process.cpuUsage();
        const started = performance.now();
        await service.close(user, order.id, body);
        const elapsed = performance.now() - started;
        const used = process.cpuUsage(cpuStarted);
        if (round === 0) continue;
        times[variant].push(elapsed);
        cpu[variant].push((used.user + used.system) / 1000);
        if (variant !== 'sin certificado') {
          const issued = await withCertificates.certificates.pdf(order.id);
          if (!issued) throw new Error(`order ${order.id}: no certificate stored`);
          issued.opened.content.destroy();
          sizes[variant].push(issued.opened.file.size);
        }
      }
    }
  } finally {
    await handle.close();
    await database.dispose();
  }
  return { kind, times, cpu, sizes, loads, photoBytes: median(images.map((image) => image.length)) };
}

const rows: string[] = [];
const loadLines: string[] = [];
let photoBytes = 0;
for (const kind of KINDS) {
  const result = await measure(kind);
  photoBytes = result.photoBytes;
  const base = median(result.times['sin certificado']);
  const cpuBase = median(result.cpu['sin certificado']);
  for (const variant of VARIANTS) {
    const values = result.times[variant];
    const p50 = median(values);
    const cpu = median(result.cpu[variant]);
    const plain = variant === 'sin certificado';
    const size = result.sizes[variant].length ? `${round(median(result.sizes[variant]) / 1024)} KB` : '—';
    rows.push(
      `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${variant} | ${values.length} | ${round(p50)} ms | ${round(Math.min(...values))}–${round(Math.max(...values))} ms | ${plain ? '—' : `**${round(p50 - base)} ms**`} | ${round(cpu)} ms | ${plain ? '—' : `${round(cpu - cpuBase)} ms`} | ${size} |`,
    );
  }
  loadLines.push(
    `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: load average (1 min) at each round ${result.loads.map((load) => load.toFixed(1)).join(' / ')}.`,
  );
}
process.stdout.write(
  [
    `Run ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}.`,
    `Orders of ${DEVICES} devices, ${ROUNDS} rounds after a warm-up; photos ${round(photoBytes / 1024)} KB each (median).`,
    ...loadLines,
    '',
    '| Database | close | n | median | range | added (median) | CPU (median) | CPU added | certificate PDF |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n'),
);
