/**
 * Fills an empty database with a realistic food plant: 128 traps across eight areas, five technicians and
 * orders in every state, so a newcomer sees the product with real-looking data. Refuses to touch a database that already has traps.
 */
import { installSpanishErrors } from '@rondin/contracts';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { SessionsRepository } from '../modules/sessions/sessions.repository.js';
import { SessionsService } from '../modules/sessions/sessions.service.js';
import type { TrapRow } from '../modules/traps/traps.repository.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { ensureAdmin } from '../modules/technicians/ensure-admin.js';
import { TechniciansRepository } from '../modules/technicians/technicians.repository.js';
import { TechniciansService } from '../modules/technicians/technicians.service.js';
import { TrapsRepository } from '../modules/traps/traps.repository.js';
import { TrapsService } from '../modules/traps/traps.service.js';

const AREAS = [
  { name: 'Bodega', traps: 24 },
  { name: 'Producción', traps: 22 },
  { name: 'Andén de carga', traps: 14 },
  { name: 'Cámara de frío', traps: 12 },
  { name: 'Sala de envasado', traps: 18 },
  { name: 'Comedor', traps: 8 },
  { name: 'Oficinas', traps: 6 },
  { name: 'Perímetro exterior', traps: 24 },
];

const KINDS = ['Estación de cebo', 'Trampa de pegamento', 'Trampa de luz UV', 'Trampa mecánica para roedores'];

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

const DAY = 86_400_000;

/**
 * Orders in every state, as a plant would have after a few weeks: closed ones (one forced with traps
 * left), one in progress, pending ones for the coming days and a couple overdue.
 */
async function seedOrders(db: Database, techIds: number[], traps: TrapRow[]): Promise<number> {
  const sessions = new SessionsService(new SessionsRepository(db), { created() {}, updated() {} }, { timeZone: 'UTC' });
  const admin: AuthUser = {
    id: (await new TechniciansRepository(db).list()).find((user) => user.role === 'ADMIN')!.id,
    role: 'ADMIN',
    tokenVersion: 0,
  };
  const byArea = new Map<string, TrapRow[]>();
  for (const trap of traps) byArea.set(trap.area ?? '', [...(byArea.get(trap.area ?? '') ?? []), trap]);
  const areas = [...byArea.values()];
  const plan = [
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
    const areaTraps = areas[index % areas.length]!;
    const scheduledAt = new Date(Date.now() + step.daysFromNow * DAY);
    scheduledAt.setUTCHours(11, 0, 0, 0);
    const order = await sessions.create(admin, {
      technicianId,
      trapIds: areaTraps.map((trap) => trap.id),
      scheduledAt: scheduledAt.toISOString(),
    });
    const technician: AuthUser = { id: technicianId, role: 'TECH', tokenVersion: 0 };
    const toScan =
      step.scan === 'all' ? areaTraps : step.scan === 'half' ? areaTraps.slice(0, Math.ceil(areaTraps.length / 2)) : [];
    for (const trap of toScan) await sessions.scan(technician, order.id, { qrSlug: trap.qrSlug });
    if (step.close) await sessions.close(step.scan === 'all' ? technician : admin, order.id, true);
    created++;
  }
  return created;
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

    const traps = new TrapsService(trapRepository);
    let number = 0;
    for (const area of AREAS) {
      for (let i = 0; i < area.traps; i++) {
        number++;
        await traps.create({
          code: `TRP-${String(number).padStart(3, '0')}`,
          area: area.name,
          type: 'OTRO',
          description: `${KINDS[number % KINDS.length]} n.º ${i + 1} de ${area.name.toLowerCase()}`,
          // A few retired stations, as any real inventory has.
          isActive: number % 37 !== 0,
        });
      }
    }

    const technicians = new TechniciansService(technicianRepository, { accessChanged() {} });
    const techIds: number[] = [];
    for (const fullName of TECHNICIANS) {
      const email = emailFor(fullName);
      const existing = await technicianRepository.findByEmail(email);
      const created =
        existing ??
        (await technicians.create({
          email,
          fullName,
          password: DEMO_TECHNICIAN_PASSWORD,
          role: 'TECH',
          isActive: true,
        }));
      techIds.push(created.id);
    }

    const orders = await seedOrders(
      database.db,
      techIds,
      (await trapRepository.list()).filter((trap) => trap.isActive),
    );

    process.stdout.write(
      [
        `Planta de demostración cargada: ${number} trampas en ${AREAS.length} áreas, ${TECHNICIANS.length} técnicos y ${orders} órdenes.`,
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
