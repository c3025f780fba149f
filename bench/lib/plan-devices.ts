import { alongWalls, DEMO_PLANS } from '../../apps/server/dist/scripts/demo-floor-plans.js';
import type { BenchDatabase } from './database.js';
import type { RunningServer } from './server.js';

const TYPES = ['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO'];

/**
 * An administrator and `count` devices of every type in the first site, in plain SQL; their ids in code order.
 * The administrator's password hash is a placeholder: benchmarks sign their own tokens.
 */
export async function seedDevices(
  database: BenchDatabase,
  count: number,
): Promise<{ adminId: number; trapIds: number[] }> {
  await database.sql(`
    insert into technicians (email, full_name, role, password_hash) values ('admin@bench.test', 'Administración', 'ADMIN', 'x');
    insert into traps (site_id, code, area, type, qr_slug)
      select 1, 'MAP-' || lpad(g::text, 3, '0'), 'Área ' || (g % 8),
        (array[${TYPES.map((type) => `'${type}'`).join(',')}])[1 + g % 6], 'map-slug-' || g
      from generate_series(1, ${count}) g;`);
  const [admin] = await database.sql<{ id: number }>(`select id from technicians where email = 'admin@bench.test'`);
  const trapIds = (await database.sql<{ id: number }>(`select id from traps order by code`)).map((trap) => trap.id);
  return { adminId: admin!.id, trapIds };
}

/** `count` points along the walls of the demo plant's rooms and round the building, as the demo lays them out. */
export function demoPlacements(count: number): { x: number; y: number }[] {
  const plan = DEMO_PLANS.plant;
  const boxes = [...Object.values(plan.rooms), plan.building];
  const each = Math.ceil(count / boxes.length);
  return boxes
    .flatMap((box, index) => alongWalls(plan, box, each, index === boxes.length - 1 ? -70 : 45))
    .slice(0, count);
}

/** Uploads a plan image to the first site, as the site's page does; its id. */
export async function uploadPlan(server: RunningServer, token: string, name: string, image: Buffer, type: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(image)], { type }), 'plano');
  const response = await fetch(`${server.base}/api/sites/1/plans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Places each device at its point of the plan through the API, as the editor does. */
export async function placeAll(
  server: RunningServer,
  token: string,
  planId: number,
  trapIds: readonly number[],
  points: readonly { x: number; y: number }[],
): Promise<void> {
  for (const [index, trapId] of trapIds.entries()) {
    const response = await fetch(`${server.base}/api/traps/${trapId}/placement`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ planId, ...points[index]! }),
    });
    if (!response.ok) throw new Error(`placement: ${response.status} ${await response.text()}`);
  }
}
