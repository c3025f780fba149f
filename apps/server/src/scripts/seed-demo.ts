/**
 * Fills an empty database with a realistic client: a food plant (128 devices across eight areas) and its
 * distribution centre (60 devices), each with a floor plan drawn now and its devices of every type placed on
 * it, five technicians and orders in every state, so a newcomer sees the product with real-looking data.
 * Refuses to touch a database that already has traps.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { CreateProductBody, installSpanishErrors } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, type RiskLevel, type TrapType, type Zone } from '@rondin/contracts/devices';
import { type Config, loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createFileStorage } from '../files/create-storage.js';
import { spool } from '../files/spool.js';
import type { AuthUser } from '../lib/auth-user.js';
import { ordersWithCertificates } from '../modules/orders/orders-with-certificates.js';
import { PlansRepository } from '../modules/plans/plans.repository.js';
import { ApplicationsRepository } from '../modules/products/applications.repository.js';
import { ApplicationsService } from '../modules/products/applications.service.js';
import { ProductsRepository } from '../modules/products/products.repository.js';
import { DOCUMENT_FORM, ProductsService } from '../modules/products/products.service.js';
import { NEW_PLAN_FORM, PlansService } from '../modules/plans/plans.service.js';
import { NO_ORDER_EVENTS } from '../lib/order-events.js';
import { CompanyRepository } from '../modules/company/company.repository.js';
import { CompanyService } from '../modules/company/company.service.js';
import { SitesRepository } from '../modules/sites/sites.repository.js';
import { SitesService } from '../modules/sites/sites.service.js';
import { ensureAdmin } from '../modules/technicians/ensure-admin.js';
import { TechniciansRepository } from '../modules/technicians/technicians.repository.js';
import { TechniciansService } from '../modules/technicians/technicians.service.js';
import type { TrapRow } from '../modules/traps/traps.repository.js';
import { TrapsRepository } from '../modules/traps/traps.repository.js';
import { TrapsService } from '../modules/traps/traps.service.js';
import { alongWalls, DEMO_PLANS, drawFloorPlan } from './demo-floor-plans.js';
import { countTrendPeriodsAfter } from '../modules/reports/trends.repository.js';
import { seedDemoYear } from './demo-year.js';

/**
 * Each area's devices, as a food plant's pest-control plan lays them out: bait stations round the outside,
 * traps and monitors along the inner walls, light traps where flying insects come in, pheromone traps where
 * stored product is kept. Zone and risk follow the area (risk is high where product is exposed).
 */
interface DemoArea {
  name: string;
  traps: number;
  types: TrapType[];
  zone: Zone;
  riskLevel: RiskLevel;
}

const PLANT_AREAS: DemoArea[] = [
  { name: 'Bodega', traps: 24, types: ['CAPTURA', 'FEROMONA', 'LAMINA'], zone: 'INTERIOR', riskLevel: 'MEDIO' },
  {
    name: 'Producción',
    traps: 22,
    types: ['LAMINA', 'CAPTURA', 'LUZ_UV'],
    zone: 'INTERIOR',
    riskLevel: 'ALTO',
  },
  {
    name: 'Andén de carga',
    traps: 14,
    types: ['CAPTURA', 'LAMINA', 'LUZ_UV'],
    zone: 'PERIMETRO_INTERIOR',
    riskLevel: 'MEDIO',
  },
  { name: 'Cámara de frío', traps: 12, types: ['CAPTURA', 'LAMINA'], zone: 'INTERIOR', riskLevel: 'MEDIO' },
  {
    name: 'Sala de envasado',
    traps: 18,
    types: ['LAMINA', 'LUZ_UV', 'FEROMONA'],
    zone: 'INTERIOR',
    riskLevel: 'ALTO',
  },
  { name: 'Comedor', traps: 8, types: ['LAMINA', 'CAPTURA', 'LUZ_UV'], zone: 'INTERIOR', riskLevel: 'BAJO' },
  { name: 'Oficinas', traps: 6, types: ['LAMINA', 'OTRO'], zone: 'INTERIOR', riskLevel: 'BAJO' },
  { name: 'Perímetro exterior', traps: 24, types: ['CEBADERO'], zone: 'EXTERIOR', riskLevel: 'BAJO' },
];

const WAREHOUSE_AREAS: DemoArea[] = [
  {
    name: 'Andenes',
    traps: 10,
    types: ['CAPTURA', 'LAMINA', 'LUZ_UV'],
    zone: 'PERIMETRO_INTERIOR',
    riskLevel: 'MEDIO',
  },
  {
    name: 'Almacenamiento en racks',
    traps: 14,
    types: ['CAPTURA', 'FEROMONA'],
    zone: 'INTERIOR',
    riskLevel: 'MEDIO',
  },
  { name: 'Zona de picking', traps: 6, types: ['LAMINA', 'FEROMONA', 'LUZ_UV'], zone: 'INTERIOR', riskLevel: 'MEDIO' },
  { name: 'Oficinas', traps: 4, types: ['LAMINA', 'OTRO'], zone: 'INTERIOR', riskLevel: 'BAJO' },
  { name: 'Sala de residuos', traps: 4, types: ['CEBADERO', 'CAPTURA'], zone: 'PERIMETRO_INTERIOR', riskLevel: 'BAJO' },
  { name: 'Comedor y vestidores', traps: 4, types: ['LAMINA', 'LUZ_UV'], zone: 'INTERIOR', riskLevel: 'BAJO' },
  { name: 'Perímetro exterior', traps: 18, types: ['CEBADERO'], zone: 'EXTERIOR', riskLevel: 'BAJO' },
];

/** The demonstration's two sites, each with its areas and its floor plan. */
const SITES = [
  {
    site: {
      name: 'Planta Maipú',
      client: 'Alimentos del Valle S.A.',
      address: 'Av. Los Pajaritos 3100, Maipú',
      timeZone: 'America/Santiago',
    },
    prefix: 'TRP',
    areas: PLANT_AREAS,
    plan: DEMO_PLANS.plant,
  },
  {
    site: {
      name: 'Centro de distribución Quilicura',
      client: 'Alimentos del Valle S.A.',
      address: 'Camino Lo Boza 120, Quilicura',
      timeZone: 'America/Santiago',
    },
    prefix: 'QLC',
    areas: WAREHOUSE_AREAS,
    plan: DEMO_PLANS.warehouse,
  },
];

/** Left off the plan so the editor's "sin ubicar" list has something in it: the last devices of the offices. */
const UNPLACED_PER_SITE = 2;

export const DEMO_TECHNICIAN_PASSWORD = 'tecnico-demo';

const TECHNICIANS = ['Camila Rojas', 'Diego Fuentes', 'Valentina Soto', 'Matías Contreras', 'Francisca Muñoz'];

function emailFor(fullName: string): string {
  const [first, last] = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${first}.${last}@rondin.local`;
}

/** The pest-control company that heads every document (Chile: its Seremi de Salud authorisation). */
const DEMO_COMPANY = {
  name: 'Control de Plagas Cordillera SpA',
  taxId: '76.543.210-K',
  address: 'Av. Providencia 1208, of. 504, Providencia, Santiago',
  phone: '+56 2 2345 6789',
  registryNumber: 'Res. Seremi de Salud RM N.º 2023-1187',
  technicalManager: 'Paula Herrera Vidal, ingeniera agrónoma',
};

/** Each technician's card: the first one is qualified for toxic products, the rest are applicators. */
const licenceOf = (index: number) => ({
  licenceNumber: `SEREMI-RM-${4410 + index}`,
  licenceExpiresAt: `${2027 + (index % 3)}-06-30`,
  qualification: index === 0 ? ('ESPECIAL' as const) : ('APLICADOR' as const),
});

/** The biocides the demo applies: a rodenticide for the bait stations and a gel for crawling insects. */
const DEMO_PRODUCTS = [
  {
    name: 'Brodifacoum Bloque 25',
    activeIngredients: 'Brodifacoum 0,0025 %',
    registrationNumber: 'ISP P-1187/19',
    type: 'TP14' as const,
    authorisationExpiresAt: '2030-12-31',
    userCategory: 'PROFESIONAL' as const,
    foodIndustryAllowed: true,
    safetyIntervalHours: 0,
    anticoagulant: true,
  },
  {
    name: 'Gel Imidacloprid 2,15',
    activeIngredients: 'Imidacloprid 2,15 %',
    registrationNumber: 'ISP P-0922/21',
    type: 'TP18' as const,
    authorisationExpiresAt: '2031-06-30',
    userCategory: 'PROFESIONAL' as const,
    foodIndustryAllowed: true,
    safetyIntervalHours: 2,
  },
];

/** A stand-in for the manufacturer's safety data sheet, so the demo's products have one on file. */
async function safetyDataSheet(product: (typeof DEMO_PRODUCTS)[number]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const bytes = buffer(doc);
  doc.fontSize(16).text(`Ficha de datos de seguridad: ${product.name}`);
  doc.moveDown().fontSize(10);
  doc.text(`Registro: ${product.registrationNumber} · Tipo de producto ${product.type}`);
  doc.text(`Sustancias activas: ${product.activeIngredients}`);
  doc.text('Revisión 3, 14-03-2025. Documento de demostración de Rondín: no es una ficha real.');
  doc.end();
  return Buffer.from(await bytes);
}

const DAY = 86_400_000;

/** A hand-drawn signature for the demo's accounts, a different stroke each: base64 PNG, as a phone exports it. */
async function demoSignature(index: number): Promise<string> {
  const lift = 30 + (index % 5) * 20;
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 ${lift}, 220 180, 320 60 S 520 ${200 - lift}, 580 40" stroke="#0b2a6f" stroke-width="6" fill="none"/></svg>`;
  return (await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64');
}

/**
 * Orders in every state, as a plant would have after a few weeks: closed ones (one forced with traps
 * left), one in progress, pending ones for the coming days and a couple overdue.
 */
async function seedOrders(
  db: Database,
  config: Config,
  techIds: number[],
  traps: TrapRow[],
  productIds: number[],
): Promise<number> {
  const applications = new ApplicationsService(new ApplicationsRepository(db), NO_ORDER_EVENTS, 'UTC');
  // Closed orders get their certificates, stored where the server keeps files.
  const { orders, certificates } = ordersWithCertificates(db, NO_ORDER_EVENTS, createFileStorage(config, db).files, {
    timeZone: 'UTC',
    publicUrl: config.PUBLIC_URL,
  });
  const admin: AuthUser = { id: await firstAdminId(db), role: 'ADMIN', tokenVersion: 0 };
  // No close goes without the closer's stored signature: each technician and the administrator draw theirs.
  for (const [index, id] of [admin.id, ...techIds].entries()) {
    await certificates.saveOwnSignature(id, await demoSignature(index));
  }
  // An order covers one area of one site (two sites each have a "Perímetro exterior").
  const byArea = new Map<string, TrapRow[]>();
  for (const trap of traps) {
    const key = `${trap.siteId}:${trap.area ?? ''}`;
    byArea.set(key, [...(byArea.get(key) ?? []), trap]);
  }
  // The plant's areas first (its codes after the centre's): its closed orders carry the applications its
  // audit pack lists, the perimeter's bait stations among them.
  const areas = [...byArea.values()].sort((a, b) => a[0]!.siteId - b[0]!.siteId);
  const perimeter = areas.findIndex((area) => area.every((trap) => trap.type === 'CEBADERO'));
  const plan = [
    { daysFromNow: -21, scan: 'all', close: true, area: perimeter },
    { daysFromNow: -14, scan: 'all', close: true },
    { daysFromNow: -10, scan: 'all', close: true },
    { daysFromNow: -7, scan: 'half', close: true },
    { daysFromNow: -3, scan: 'all', close: true },
    { daysFromNow: -2, scan: 'none', close: false },
    { daysFromNow: -1, scan: 'half', close: false },
    { daysFromNow: 0, scan: 'half', close: false },
    { daysFromNow: 1, scan: 'none', close: false },
    { daysFromNow: 2, scan: 'none', close: false },
    { daysFromNow: 5, scan: 'none', close: false },
  ] as const;
  let created = 0;
  for (const [index, step] of plan.entries()) {
    const technicianId = techIds[index % techIds.length]!;
    const areaTraps = areas['area' in step ? step.area : index % areas.length]!;
    const scheduledAt = new Date(Date.now() + step.daysFromNow * DAY);
    scheduledAt.setUTCHours(11, 0, 0, 0);
    const order = await orders.create(admin, {
      technicianId,
      trapIds: areaTraps.map((trap) => trap.id),
      scheduledAt: scheduledAt.toISOString(),
    });
    const technician: AuthUser = { id: technicianId, role: 'TECH', tokenVersion: 0 };
    const toScan =
      step.scan === 'all' ? areaTraps : step.scan === 'half' ? areaTraps.slice(0, Math.ceil(areaTraps.length / 2)) : [];
    for (const trap of toScan) await orders.scan(technician, order.id, { qrSlug: trap.qrSlug });
    if (step.close) await applyProducts(applications, technician, order.id, toScan, productIds);
    // The technician's close with the client's absence (the demo has nobody to sign), the office's forced one as
    // the office closes; both with «Sin novedad» for the devices scanned.
    if (step.close && step.scan === 'all') {
      await orders.close(technician, order.id, {
        defaultNoActivity: true,
        clientSignature: { absent: true, reason: 'Nadie del cliente en planta' },
      });
    }
    if (step.close && step.scan !== 'all') {
      await orders.close(admin, order.id, { force: true, defaultNoActivity: true });
    }
    created++;
  }
  return created;
}

/**
 * What the technician applied before closing: rodenticide in the order's bait stations, gel where the area's
 * traps are for crawling insects; an order of neither gets none ("sin aplicación de biocidas").
 */
async function applyProducts(
  applications: ApplicationsService,
  technician: AuthUser,
  orderId: number,
  scanned: TrapRow[],
  [rodenticide, gel]: number[],
) {
  const baits = scanned.filter((trap) => trap.type === 'CEBADERO');
  if (baits.length > 0) {
    await applications.put(technician, orderId, randomUUID(), {
      productId: rodenticide!,
      batch: 'L-24-0871',
      quantity: 20 * baits.length,
      unit: 'g',
      area: baits[0]!.area,
      trapId: null,
      method: 'Cebo en bloque en estaciones cerradas',
      dose: '20 g por estación',
    });
  }
  const crawling = scanned.find((trap) => trap.type === 'CAPTURA');
  if (crawling) {
    await applications.put(technician, orderId, randomUUID(), {
      productId: gel!,
      batch: 'G-25-0113',
      quantity: 12,
      unit: 'g',
      area: crawling.area,
      trapId: crawling.id,
      method: 'Gel en puntos en grietas y hendiduras',
      dose: '0,1 g por punto',
    });
  }
}

async function firstAdminId(db: Database): Promise<number> {
  return (await new TechniciansRepository(db).list()).find((user) => user.role === 'ADMIN')!.id;
}

/**
 * The two sites (the migration's "Sitio principal" becomes the plant), their devices, and a floor plan of each
 * drawn now, with every device on it but the last few of the offices.
 */
async function seedSites(db: Database, config: Config, admin: AuthUser) {
  const sites = new SitesService(new SitesRepository(db));
  const traps = new TrapsService(new TrapsRepository(db));
  // The plans' images go where the server would keep them: the database, or S3 with S3_BUCKET.
  const storage = createFileStorage(config, db);
  const plans = new PlansService(new PlansRepository(db), storage.files, { timeZone: 'UTC' });
  const [existing] = await sites.list(admin);
  const file = (image: Buffer) => spool(Readable.from([image]), NEW_PLAN_FORM);
  const summary: { name: string; traps: number; placed: number }[] = [];
  for (const [index, demo] of SITES.entries()) {
    const site =
      index === 0 && existing
        ? await sites.update(admin, existing.id, demo.site)
        : await sites.create(admin, { ...demo.site, isActive: true });
    const image = await drawFloorPlan(demo.plan);
    const plan = await plans.create(admin, site.id, async () => ({
      file: await file(image),
      fields: { name: demo.plan.name },
    }));
    let number = 0;
    let placed = 0;
    for (const area of demo.areas) {
      const room =
        area.zone === 'EXTERIOR' ? demo.plan.building : demo.plan.rooms[area.name as keyof typeof demo.plan.rooms];
      // Round the outside of the building, or along the inside of the room's walls.
      const points = alongWalls(demo.plan, room, area.traps, area.zone === 'EXTERIOR' ? -70 : 45);
      for (let i = 0; i < area.traps; i++) {
        number++;
        const type = area.types[i % area.types.length]!;
        const trap = await traps.create(admin, {
          siteId: site.id,
          code: `${demo.prefix}-${String(number).padStart(3, '0')}`,
          area: area.name,
          type,
          zone: area.zone,
          riskLevel: area.riskLevel,
          description: `${TRAP_TYPE_NAMES[type]} n.º ${i + 1} de ${area.name.toLowerCase()}`,
          // A few retired stations, as any real inventory has.
          isActive: number % 37 !== 0,
        });
        const leftOff = area.name === 'Oficinas' && i >= area.traps - UNPLACED_PER_SITE;
        if (!trap.isActive || leftOff) continue;
        await plans.place(admin, trap.id, { planId: plan.id, ...points[i]! });
        placed++;
      }
    }
    summary.push({ name: site.name, traps: number, placed });
  }
  await storage.close();
  return summary;
}

async function main(): Promise<void> {
  installSpanishErrors();
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const technicianRepository = new TechniciansRepository(database.db);
    const trapRepository = new TrapsRepository(database.db);
    if ((await trapRepository.list()).length > 0) {
      process.stdout.write('La base de datos ya tiene trampas: no se cargaron datos de demostración.\n');
      return;
    }
    const admin = await ensureAdmin(technicianRepository, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    if (admin?.generatedPassword) {
      process.stdout.write(`Administrador creado: ${admin.email} / ${admin.generatedPassword}\n`);
    }

    const sites = await seedSites(database.db, config, {
      id: await firstAdminId(database.db),
      role: 'ADMIN',
      tokenVersion: 0,
    });
    const number = sites.reduce((sum, site) => sum + site.traps, 0);

    const adminUser: AuthUser = { id: await firstAdminId(database.db), role: 'ADMIN', tokenVersion: 0 };
    const technicians = new TechniciansService(technicianRepository, { accessChanged() {} });
    const techIds: number[] = [];
    for (const fullName of TECHNICIANS) {
      const email = emailFor(fullName);
      const existing = await technicianRepository.findByEmail(email);
      const created =
        existing ??
        (await technicians.create(adminUser, {
          email,
          fullName,
          password: DEMO_TECHNICIAN_PASSWORD,
          role: 'TECH',
          isActive: true,
          ...licenceOf(techIds.length),
        }));
      techIds.push(created.id);
    }

    // The company that heads the certificates and the audit pack, and the products the technicians apply.
    const storage = createFileStorage(config, database.db);
    await new CompanyService(new CompanyRepository(database.db), storage.files).save(adminUser, DEMO_COMPANY);
    const products = new ProductsService(new ProductsRepository(database.db), storage.files, 'UTC');
    const productIds: number[] = [];
    for (const product of DEMO_PRODUCTS) {
      const { id } = await products.create(adminUser, CreateProductBody.parse(product));
      const sheet = await safetyDataSheet(product);
      await products.putDocument(adminUser, id, 'sds', async () => ({
        file: await spool(Readable.from([sheet]), DOCUMENT_FORM),
        fields: { issuedOn: '2025-03-14' },
      }));
      productIds.push(id);
    }
    await storage.close();

    const activeTraps = (await trapRepository.list()).filter((trap) => trap.isActive);
    const siteIds = [...new Set(activeTraps.map((trap) => trap.siteId))];
    // A year of weekly rounds, each site with its own technicians (the first two and the next two); the trends'
    // per-period counts counted once from all of them rather than one inspection at a time (half the seed's time).
    const year = await countTrendPeriodsAfter(database.db, () =>
      seedDemoYear(
        database.db,
        siteIds.map((siteId, index) => ({
          siteId,
          traps: activeTraps.filter((trap) => trap.siteId === siteId),
          technicianIds: techIds.slice(index * 2, index * 2 + 2),
        })),
      ),
    );
    const orders = await seedOrders(database.db, config, techIds, activeTraps, productIds);

    process.stdout.write(
      [
        `Demostración cargada: ${number} trampas en ${sites.length} sitios, ${TECHNICIANS.length} técnicos y ${orders + year.orders} órdenes.`,
        `Un año de visitas semanales: ${year.orders} órdenes cerradas, ${year.findings} hallazgos (${year.withActivity} con actividad) y ${year.exceptions} dispositivos no encontrados o inaccesibles.`,
        ...sites.map((site) => `${site.name}: ${site.traps} trampas, ${site.placed} ubicadas en su plano.`),
        `Empresa: ${DEMO_COMPANY.name} (${DEMO_COMPANY.registryNumber}); productos: ${DEMO_PRODUCTS.map((product) => product.name).join(', ')}.`,
        `Técnicos: ${TECHNICIANS.map(emailFor).join(', ')}`,
        `Contraseña de cada técnico: ${DEMO_TECHNICIAN_PASSWORD}`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

await main();
