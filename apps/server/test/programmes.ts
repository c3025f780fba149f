import type { SaveProgrammeBody } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { technicians } from '../src/db/schema.js';
import type { TestApp, TestUser } from './test-app.js';

/** A programme of the default site's devices: bait stations monthly wherever they are. */
export const programmeInput = (overrides: Partial<SaveProgrammeBody> = {}): SaveProgrammeBody => ({
  scope: 'Control de roedores e insectos en la planta y su perímetro.',
  targetPestGroups: ['ROEDORES', 'RASTREROS'],
  methods: 'Estaciones de cebo en el perímetro, trampas de captura en el interior.',
  frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'MENSUAL' }],
  responseTimeHours: 24,
  responsibilities: [
    { party: 'EMPRESA', text: 'Inspeccionar los dispositivos con la frecuencia contratada.' },
    { party: 'CLIENTE', text: 'Mantener el orden y la limpieza de las zonas.' },
  ],
  permittedProductIds: [],
  ...overrides,
});

export function saveProgramme(t: TestApp, admin: TestUser, siteId: number, body: object) {
  return t.app.inject({ method: 'PUT', url: `/api/sites/${siteId}/programme`, headers: admin.headers, payload: body });
}

/** Gives the account the qualification of a technical manager (RESPONSABLE_TECNICO). */
export async function makeTechnicalManager(t: TestApp, user: TestUser): Promise<void> {
  await t.database.db
    .update(technicians)
    .set({ qualification: 'RESPONSABLE_TECNICO' })
    .where(eq(technicians.id, user.id));
}
