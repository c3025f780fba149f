/**
 * Fills an empty database with a realistic food plant: 128 traps across eight areas and five technicians,
 * so a newcomer sees the product with real-looking data. Refuses to touch a database that already has traps.
 */
import { installSpanishErrors } from '@rondin/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
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

const TECHNICIANS = [
  'Camila Rojas',
  'Diego Fuentes',
  'Valentina Soto',
  'Matías Contreras',
  'Francisca Muñoz',
];

function emailFor(fullName: string): string {
  const [first, last] = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${first}.${last}@rondin.local`;
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
    const admin = await ensureAdmin(technicianRepository, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
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
          description: `${KINDS[number % KINDS.length]} n.º ${i + 1} de ${area.name.toLowerCase()}`,
          // A few retired stations, as any real inventory has.
          isActive: number % 37 !== 0,
        });
      }
    }

    const technicians = new TechniciansService(technicianRepository);
    for (const fullName of TECHNICIANS) {
      const email = emailFor(fullName);
      if (await technicianRepository.findByEmail(email)) continue;
      await technicians.create({ email, fullName, password: DEMO_TECHNICIAN_PASSWORD, role: 'TECH', isActive: true });
    }

    process.stdout.write(
      [
        `Planta de demostración cargada: ${number} trampas en ${AREAS.length} áreas y ${TECHNICIANS.length} técnicos.`,
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
