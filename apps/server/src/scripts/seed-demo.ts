/**
 * Fills an empty database with a well-run year in Spain, so a newcomer (or an auditor) sees the product with
 * real-looking data: a pest-control company registered in the ROESB, its five qualified technicians and three
 * biocides with their registration numbers, lots and safety data sheets; a food manufacturer with its plant
 * (128 devices in eight areas) and its warehouse (60), their contacts and floor plans; a year of weekly visits,
 * every one closed through the orders service with both signatures and its certificate; the thresholds crossed
 * by three outbreaks with their corrective actions analysed and verified; and what is open today.
 * Refuses to touch a database that already has traps.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { CreateProductBody, installSpanishErrors } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, type RiskLevel, type TrapType, type Zone } from '@rondin/contracts/devices';
import { type Config, loadConfig } from '../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database.js';
import { createFileStorage } from '../files/create-storage.js';
import { spool } from '../files/spool.js';
import type { AuthUser } from '../lib/auth-user.js';
import { localDate } from '../lib/time-zone.js';
import { ActionsRepository } from '../modules/actions/actions.repository.js';
import { ActionsService } from '../modules/actions/actions.service.js';
import { ClientsRepository } from '../modules/clients/clients.repository.js';
import { ClientsService } from '../modules/clients/clients.service.js';
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
import { SightingsRepository } from '../modules/sightings/sightings.repository.js';
import { SightingsService } from '../modules/sightings/sightings.service.js';
import { SitesRepository } from '../modules/sites/sites.repository.js';
import { SitesService } from '../modules/sites/sites.service.js';
import { ensureAdmin } from '../modules/technicians/ensure-admin.js';
import { TechniciansRepository } from '../modules/technicians/technicians.repository.js';
import { TechniciansService } from '../modules/technicians/technicians.service.js';
import type { TrapRow } from '../modules/traps/traps.repository.js';
import { TrapsRepository } from '../modules/traps/traps.repository.js';
import { TrapsService } from '../modules/traps/traps.service.js';
import { DEMO_PORTAL_PASSWORD, seedPortalAccount } from './demo-portal.js';
import { alongWalls, DEMO_PLANS, drawFloorPlan } from './demo-floor-plans.js';
import { countTrendPeriodsAfter } from '../modules/reports/trends.repository.js';
import { setDemoClock } from './demo-clock.js';
import { demoClose, type DemoProductIds } from './demo-close.js';
import { type DemoPlantSummary, demoPlant } from './demo-plant.js';
import { DEMO_WEEKS, type DemoYearSummary, seedDemoYear, visitDay } from './demo-year.js';

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
  {
    name: 'Almacén de materias primas',
    traps: 24,
    types: ['CAPTURA', 'FEROMONA', 'LAMINA'],
    zone: 'INTERIOR',
    riskLevel: 'MEDIO',
  },
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
    name: 'Muelles',
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
  { name: 'Comedor y vestuarios', traps: 4, types: ['LAMINA', 'LUZ_UV'], zone: 'INTERIOR', riskLevel: 'BAJO' },
  { name: 'Perímetro exterior', traps: 18, types: ['CEBADERO'], zone: 'EXTERIOR', riskLevel: 'BAJO' },
];

/** The client, a food manufacturer, and its two sites: the plant and its warehouse, each with its areas and plan. */
const DEMO_CLIENT = {
  name: 'Conservas del Llobregat S.A.',
  taxId: 'A08765432',
  address: 'Polígono Industrial Pratenc, C/ del Pla 12, 08820 El Prat de Llobregat (Barcelona)',
};

const SITES = [
  {
    site: {
      name: 'Planta de elaboración El Prat',
      address: 'Polígono Industrial Pratenc, C/ del Pla 12, 08820 El Prat de Llobregat (Barcelona)',
      timeZone: 'Europe/Madrid',
    },
    prefix: 'TRP',
    areas: PLANT_AREAS,
    plan: DEMO_PLANS.plant,
  },
  {
    site: {
      name: 'Almacén logístico Sant Boi',
      address: 'C/ de la Logística 7, Polígono Les Salines, 08830 Sant Boi de Llobregat (Barcelona)',
      timeZone: 'Europe/Madrid',
    },
    prefix: 'ALM',
    areas: WAREHOUSE_AREAS,
    plan: DEMO_PLANS.warehouse,
  },
];

/** The client's people: who signs each site's visits, and who is sent what. */
const DEMO_CONTACTS = [
  {
    name: 'Elena Martín Ruiz',
    role: 'Responsable de calidad y seguridad alimentaria',
    email: 'elena.martin@conservasllobregat.es',
    phone: '+34 934 789 120',
    site: 0,
    notifyCertificates: true,
    notifyActions: true,
  },
  {
    name: 'Óscar Pérez Lozano',
    role: 'Jefe de almacén',
    email: 'oscar.perez@conservasllobregat.es',
    phone: '+34 936 402 335',
    site: 1,
    notifyCertificates: true,
    notifyActions: true,
  },
  {
    name: 'Carmen Soto Iglesias',
    role: 'Directora de operaciones',
    email: 'carmen.soto@conservasllobregat.es',
    phone: '+34 934 789 100',
    site: null,
    notifyCertificates: false,
    notifyActions: false,
  },
];

/** Left off the plan so the editor's "sin ubicar" list has something in it: the last devices of the offices. */
const UNPLACED_PER_SITE = 2;

export const DEMO_TECHNICIAN_PASSWORD = 'tecnico-demo';
export { DEMO_PORTAL_PASSWORD } from './demo-portal.js';

/**
 * The company's technicians, with what RD 830/2010 asks of each: the qualification (certificado de
 * profesionalidad SEAG0110 for applicators, SEAG0311 for the technical manager) and, for the older regional
 * cards, their expiry, all valid through the year.
 */
const TECHNICIANS = [
  {
    fullName: 'Jordi Puig Serra',
    licenceNumber: 'SEAG0110 n.º 08-2017-02214',
    licenceExpiresAt: null,
    qualification: 'APLICADOR',
  },
  {
    fullName: 'Núria Ferrer Casals',
    licenceNumber: 'SEAG0110 n.º 08-2019-03158',
    licenceExpiresAt: null,
    qualification: 'APLICADOR',
  },
  {
    fullName: 'David Romero Gil',
    licenceNumber: 'B-2018-0417 (nivel cualificado)',
    licenceExpiresAt: '2028-05-31',
    qualification: 'APLICADOR',
  },
  {
    fullName: 'Lucía Navarro Ortega',
    licenceNumber: 'SEAG0311 n.º 08-2016-00873',
    licenceExpiresAt: null,
    qualification: 'RESPONSABLE_TECNICO',
  },
  {
    fullName: 'Sergio Molina Ruiz',
    licenceNumber: 'B-2019-0622 (nivel cualificado)',
    licenceExpiresAt: '2029-02-28',
    qualification: 'APLICADOR',
  },
] as const;

function emailFor(fullName: string): string {
  const [first, last] = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${first}.${last}@rondin.local`;
}

/** The pest-control company that heads every document: registered in Spain's ROESB (RD 830/2010). */
const DEMO_COMPANY = {
  name: 'Control de Plagas Mediterráneo S.L.',
  taxId: 'B66543210',
  address: 'C/ de la Indústria 45, 08907 L’Hospitalet de Llobregat (Barcelona)',
  phone: '+34 932 614 580',
  registryNumber: 'ROESB 0123-CAT-SB',
  technicalManager: 'Lucía Navarro Ortega, responsable técnica (SEAG0311)',
};

/** The biocides the demo applies: a rodenticide for the bait stations, a gel and a spray for the outbreaks. */
const DEMO_PRODUCTS = {
  rodenticide: {
    name: 'Rodenticida bloque brodifacum 25 ppm',
    activeIngredients: 'Brodifacum 0,0025 %',
    registrationNumber: 'ES/APP(NA)-2018-14-00512',
    type: 'TP14' as const,
    authorisationExpiresAt: '2029-10-31',
    userCategory: 'PROFESIONAL' as const,
    foodIndustryAllowed: true,
    safetyIntervalHours: 0,
    anticoagulant: true,
  },
  gel: {
    name: 'Gel cucarachicida imidacloprid 2,15 %',
    activeIngredients: 'Imidacloprid 2,15 %',
    registrationNumber: 'ES/RM-2021-18-00713',
    type: 'TP18' as const,
    authorisationExpiresAt: '2031-06-30',
    userCategory: 'PROFESIONAL' as const,
    foodIndustryAllowed: true,
    safetyIntervalHours: 2,
  },
  spray: {
    name: 'Cipermetrina 10 % concentrado emulsionable',
    activeIngredients: 'Cipermetrina 10 %',
    registrationNumber: 'ES/APP(NA)-2020-18-00634',
    type: 'TP18' as const,
    authorisationExpiresAt: '2030-03-31',
    userCategory: 'PROFESIONAL' as const,
    foodIndustryAllowed: true,
    safetyIntervalHours: 12,
  },
};
type DemoProduct = (typeof DEMO_PRODUCTS)[keyof typeof DEMO_PRODUCTS];

/** A stand-in for the manufacturer's safety data sheet, so the demo's products have one on file. */
async function safetyDataSheet(product: DemoProduct): Promise<Buffer> {
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

/** A hand-drawn signature for the demo's people, a different stroke each: base64 PNG, as a phone exports it. */
async function demoSignature(index: number): Promise<string> {
  const lift = 30 + (index % 5) * 20;
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 ${lift}, 220 180, 320 60 S 520 ${200 - lift}, 580 40" stroke="#0b2a6f" stroke-width="6" fill="none"/></svg>`;
  return (await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64');
}

/** What the seed is asked for: the whole demonstration, or a smaller one (tests). */
export interface DemoOptions {
  /** Weeks of visits before today (52 unless told). */
  weeks?: number;
  /** At most this many devices an area (every device of the plan unless told). */
  devicesPerArea?: number;
}

/** What the seed made, for its summary. */
export interface DemoSummary {
  sites: { name: string; traps: number; placed: number }[];
  year: DemoYearSummary;
  openOrders: number;
  assessed: DemoPlantSummary;
  /** The client's QA manager in the portal, and the notifications under her bell. */
  portal: { email: string; notifications: number };
}

/**
 * The client's two sites (the migration's "Sitio principal" becomes the plant, its client the demo's), their
 * contacts, their devices, and a floor plan of each drawn now, with every device on it but the last of the offices.
 */
async function seedSites(db: Database, config: Config, admin: AuthUser, options: DemoOptions) {
  const sites = new SitesService(new SitesRepository(db));
  const clients = new ClientsService(new ClientsRepository(db));
  const traps = new TrapsService(new TrapsRepository(db));
  // The plans' images go where the server would keep them: the database, or S3 with S3_BUCKET.
  const storage = createFileStorage(config, db);
  const plans = new PlansService(new PlansRepository(db), storage.files, { timeZone: 'UTC' });
  const [existing] = await sites.list(admin);
  const client = existing
    ? await clients.update(admin, existing.clientId, DEMO_CLIENT)
    : await clients.create(admin, { ...DEMO_CLIENT, isActive: true });
  const file = (image: Buffer) => spool(Readable.from([image]), NEW_PLAN_FORM);
  const summary: {
    id: number;
    name: string;
    traps: number;
    placed: number;
    contact?: { id: number; name: string; role: string };
  }[] = [];
  for (const [index, demo] of SITES.entries()) {
    const site =
      index === 0 && existing
        ? await sites.update(admin, existing.id, { ...demo.site, clientId: client.id })
        : await sites.create(admin, { ...demo.site, clientId: client.id, isActive: true });
    const image = await drawFloorPlan(demo.plan);
    const plan = await plans.create(admin, site.id, async () => ({
      file: await file(image),
      fields: { name: demo.plan.name },
    }));
    let number = 0;
    let placed = 0;
    for (const area of demo.areas) {
      const count = Math.min(area.traps, options.devicesPerArea ?? area.traps);
      const room =
        area.zone === 'EXTERIOR' ? demo.plan.building : demo.plan.rooms[area.name as keyof typeof demo.plan.rooms];
      // Round the outside of the building, or along the inside of the room's walls.
      const points = alongWalls(demo.plan, room, count, area.zone === 'EXTERIOR' ? -70 : 45);
      for (let i = 0; i < count; i++) {
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
        const leftOff = area.name === 'Oficinas' && i >= count - UNPLACED_PER_SITE;
        if (!trap.isActive || leftOff) continue;
        await plans.place(admin, trap.id, { planId: plan.id, ...points[i]! });
        placed++;
      }
    }
    summary.push({ id: site.id, name: site.name, traps: number, placed });
  }
  for (const contact of DEMO_CONTACTS) {
    const { site, ...fields } = contact;
    const created = await clients.createContact(admin, client.id, {
      ...fields,
      siteIds: site === null ? [] : [summary[site]!.id],
      notifyReviews: false,
    });
    if (site !== null) summary[site]!.contact = { id: created.id, name: contact.name, role: contact.role };
  }
  await storage.close();
  return summary;
}

/**
 * Fills an empty database with the demonstration (see the top of this file) and answers what it made. The year
 * is replayed on the seed's clock, so on PostgreSQL (whose clock is the server's) it is refused.
 */
export async function seedDemo(
  database: DatabaseHandle,
  config: Config,
  options: DemoOptions = {},
): Promise<DemoSummary> {
  const now = new Date();
  const weeks = options.weeks ?? DEMO_WEEKS;
  // Everything the year needs is set up two weeks before its first visit (the plans' revisions and the devices'
  // placements dated then, as the plan in force during the year); the visits then move the clock on.
  setDemoClock(now.getTime() - (weeks * 7 + 14) * DAY);
  try {
    return await seedDemoOnClock(database, config, now, weeks, options);
  } finally {
    setDemoClock(null);
  }
}

async function seedDemoOnClock(
  database: DatabaseHandle,
  config: Config,
  now: Date,
  weeks: number,
  options: DemoOptions,
): Promise<DemoSummary> {
  const db = database.db;
  const technicianRepository = new TechniciansRepository(db);
  const office: AuthUser = { id: await firstAdminId(db), role: 'ADMIN', tokenVersion: 0 };
  const sites = await seedSites(db, config, office, options);

  const technicians = new TechniciansService(technicianRepository, { accessChanged() {} });
  const techIds: number[] = [];
  for (const technician of TECHNICIANS) {
    const email = emailFor(technician.fullName);
    const existing = await technicianRepository.findByEmail(email);
    const created =
      existing ??
      (await technicians.create(office, {
        email,
        password: DEMO_TECHNICIAN_PASSWORD,
        role: 'TECH',
        isActive: true,
        ...technician,
      }));
    techIds.push(created.id);
  }

  // The company that heads the certificates and the audit pack, and the products the technicians apply.
  const storage = createFileStorage(config, db);
  const company = new CompanyService(new CompanyRepository(db), storage.files);
  await company.save(office, DEMO_COMPANY);
  const products = new ProductsService(new ProductsRepository(db), storage.files, 'UTC');
  const productIds: Record<string, number> = {};
  for (const [use, product] of Object.entries(DEMO_PRODUCTS)) {
    const { id } = await products.create(office, CreateProductBody.parse(product));
    const sheet = await safetyDataSheet(product);
    await products.putDocument(office, id, 'sds', async () => ({
      file: await spool(Readable.from([sheet]), DOCUMENT_FORM),
      fields: { issuedOn: '2025-03-14' },
    }));
    productIds[use] = id;
  }

  // The orders as the server wires them: closing one issues its certificate, headed by the company, its QR at
  // PUBLIC_URL.
  const { orders, certificates } = ordersWithCertificates(db, NO_ORDER_EVENTS, storage.files, {
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    company: () => company.letterhead(),
  });
  // No close goes without the closer's stored signature: each technician and the office draw theirs.
  for (const [index, id] of [office.id, ...techIds].entries()) {
    await certificates.saveOwnSignature(id, await demoSignature(index));
  }
  const signers = await Promise.all(
    DEMO_CONTACTS.filter((contact) => contact.site !== null).map(async (contact, index) => ({
      name: contact.name,
      role: contact.role,
      imagePng: await demoSignature(7 + index),
    })),
  );
  const applications = new ApplicationsService(new ApplicationsRepository(db), NO_ORDER_EVENTS, config.TIME_ZONE);
  const actions = new ActionsService(
    new ActionsRepository(db, config.TIME_ZONE),
    NO_ORDER_EVENTS,
    storage.files,
    config.TIME_ZONE,
  );

  const activeTraps = (await new TrapsRepository(db).list()).filter((trap) => trap.isActive);
  const timeZone = SITES[0]!.site.timeZone;
  // The diagnosis and the programme before the first visit; the reviews, the survey and a programme's second
  // version as the year goes (demo-plant.ts), signed by the technical manager.
  const plant = demoPlant({
    db,
    files: storage.files,
    company: () => company.letterhead(),
    office,
    manager: {
      id: techIds[TECHNICIANS.findIndex((each) => each.qualification === 'RESPONSABLE_TECNICO')]!,
      role: 'TECH',
      tokenVersion: 0,
    },
    actions,
    sightings: new SightingsService(new SightingsRepository(db), NO_ORDER_EVENTS, storage.files, {
      timeZone: config.TIME_ZONE,
      publicUrl: config.PUBLIC_URL,
      addressKey: randomBytes(32),
      perHour: 10,
      company: () => company.letterhead(),
    }),
    sites: sites.map((site, index) => ({
      id: site.id,
      areas: SITES[index]!.areas.map((area) => ({ name: area.name, types: area.types })),
      firstVisit: visitDay(now, weeks, index).toISOString().slice(0, 10),
      contact: site.contact!,
    })),
    productIds: Object.values(productIds),
    timeZone,
    at: setDemoClock,
  });
  await plant.start();
  const closeVisit = demoClose({
    db,
    orders,
    applications,
    actions,
    office,
    products: productIds as unknown as DemoProductIds,
    signers,
    timeZone,
    responsibleName: TECHNICIANS[3].fullName,
    openWeeks: 3,
    at: setDemoClock,
  });
  // A year of weekly rounds, each site with its own technicians (the first two and the next two), replayed on
  // the seed's clock; the trends' per-period counts counted once at the end rather than one inspection at a time.
  const year = await countTrendPeriodsAfter(db, async () => {
    try {
      return await seedDemoYear(
        db,
        sites.map((site, index) => ({
          siteId: site.id,
          traps: activeTraps.filter((trap) => trap.siteId === site.id),
          technicianIds: techIds.slice(index * 2, index * 2 + 2),
        })),
        {
          now,
          weeks,
          at: setDemoClock,
          close: async (visit) => {
            await closeVisit(visit);
            await plant.afterVisit(visit);
          },
        },
      );
    } finally {
      setDemoClock(null);
    }
  });
  let assessed: DemoPlantSummary;
  try {
    assessed = await plant.finish();
  } finally {
    setDemoClock(null);
  }
  const openOrders = await seedOpenItems({ orders, actions, office, techIds, traps: activeTraps, sites });
  await storage.close();
  const portal = await seedPortalAccount(db, config, office, sites[0]!.id, {
    email: DEMO_CONTACTS[0]!.email,
    fullName: DEMO_CONTACTS[0]!.name,
  });
  return { sites, year, openOrders, assessed, portal };
}

/**
 * What a well-run contract still has open today: the next visits planned, a sighting the client reported, an
 * improvement recommended to the client, and one past its due date.
 */
async function seedOpenItems(parts: {
  orders: ReturnType<typeof ordersWithCertificates>['orders'];
  actions: ActionsService;
  office: AuthUser;
  techIds: number[];
  traps: TrapRow[];
  sites: { id: number }[];
}): Promise<number> {
  const { orders, actions, office, techIds, traps, sites } = parts;
  const [plant, warehouse] = sites;
  // The next visits, planned on the sites' weekdays (the warehouse's Monday, the plant's Tuesday) after today:
  // nothing due is left open, so a pack ending today counts the year as it ran.
  const monday = new Date();
  monday.setUTCHours(7, 30, 0, 0);
  monday.setTime(monday.getTime() + ((8 - monday.getUTCDay()) % 7 || 7) * DAY);
  for (const [index, site] of [plant!, warehouse!].entries()) {
    await orders.create(office, {
      technicianId: techIds[index * 2]!,
      trapIds: traps.filter((trap) => trap.siteId === site.id).map((trap) => trap.id),
      scheduledAt: new Date(monday.getTime() + (1 - index) * DAY).toISOString(),
    });
  }
  const day = (offset: number) => localDate(new Date(Date.now() + offset * DAY), SITES[0]!.site.timeZone);
  await actions.create(
    {
      siteId: plant!.id,
      area: 'Comedor',
      origin: 'MANUAL',
      severity: 'ALTA',
      description:
        'Avistamiento de un ratón junto a las máquinas expendedoras del comedor, comunicado por el turno de noche.',
      immediateCorrection: 'Dos trampas de captura adicionales colocadas junto a las máquinas; revisión a los 3 días.',
      responsible: 'EMPRESA',
      responsibleName: DEMO_COMPANY.technicalManager,
      dueDate: day(6),
      verificationPlan: 'Sin capturas ni indicios en las dos revisiones siguientes.',
    },
    office,
  );
  await actions.create(
    {
      siteId: warehouse!.id,
      area: 'Muelles',
      origin: 'RECOMENDACION',
      severity: 'MEDIA',
      description:
        'Instalar burletes en las puertas seccionales de los muelles 3 y 4: holgura inferior de 1,5 cm por la que pueden entrar roedores.',
      responsible: 'CLIENTE',
      responsibleName: 'Óscar Pérez Lozano',
      dueDate: day(30),
    },
    office,
  );
  await actions.create(
    {
      siteId: plant!.id,
      area: 'Sala de envasado',
      origin: 'RECOMENDACION',
      severity: 'MEDIA',
      description: 'Reparar la rejilla del sumidero de la sala de envasado: rota, deja paso a cucarachas desde la red.',
      responsible: 'CLIENTE',
      responsibleName: 'Elena Martín Ruiz',
      dueDate: day(-5),
    },
    office,
  );
  return 2;
}

async function firstAdminId(db: Database): Promise<number> {
  return (await new TechniciansRepository(db).list()).find((user) => user.role === 'ADMIN')!.id;
}

async function main(): Promise<void> {
  installSpanishErrors();
  const config = loadConfig();
  if (config.DATABASE_URL) {
    process.stderr.write(
      'La demostración se carga solo en la base de datos integrada (sin DATABASE_URL): su año de visitas se cierra con el reloj del proceso, que PostgreSQL no sigue.\n',
    );
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase(config);
  try {
    const technicianRepository = new TechniciansRepository(database.db);
    if ((await new TrapsRepository(database.db).list()).length > 0) {
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
    const { sites, year, openOrders, assessed, portal } = await seedDemo(database, config);
    const number = sites.reduce((sum, site) => sum + site.traps, 0);
    process.stdout.write(
      [
        `Demostración cargada: ${number} trampas en ${sites.length} sitios, ${TECHNICIANS.length} técnicos y ${year.orders + openOrders} órdenes.`,
        `Un año de visitas semanales: ${year.orders} órdenes cerradas con su certificado, ${year.findings} hallazgos (${year.withActivity} con actividad) y ${year.exceptions} dispositivos no encontrados o inaccesibles.`,
        ...sites.map((site) => `${site.name}: ${site.traps} trampas, ${site.placed} ubicadas en su plano.`),
        `Programa de control de cada sitio aprobado por la responsable técnica y aceptado por el cliente (${assessed.versions} versiones); firmadas ${assessed.assessments.DIAGNOSTICO} diagnósticos, ${assessed.assessments.REVISION_TRIMESTRAL} revisiones trimestrales y ${assessed.assessments.REVISION_ANUAL} revisiones anuales, con ${assessed.recommendations} recomendaciones al cliente.`,
        `Empresa: ${DEMO_COMPANY.name} (${DEMO_COMPANY.registryNumber}); productos: ${Object.values(DEMO_PRODUCTS)
          .map((product) => product.name)
          .join(', ')}.`,
        `Técnicos: ${TECHNICIANS.map((technician) => emailFor(technician.fullName)).join(', ')}`,
        `Contraseña de cada técnico: ${DEMO_TECHNICIAN_PASSWORD}`,
        `Portal del cliente (/cliente): ${portal.email} / ${DEMO_PORTAL_PASSWORD}, con ${portal.notifications} notificaciones en la campana.`,
        config.PUBLIC_URL
          ? `Los QR de los certificados llevan a ${config.PUBLIC_URL}.`
          : 'Sin PUBLIC_URL, los QR de los certificados no llevan una dirección pública: defínala antes de cargar la demostración.',
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
