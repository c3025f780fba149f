import type { BenchDatabase } from './database.js';

/** A national operator's year: 50,000 traps, 300 technicians, 100,000 orders of 5 traps. */
export const NATIONAL_PLANT = { traps: 50_000, technicians: 300, orders: 100_000, itemsPerOrder: 5 } as const;
const { traps: TRAPS, technicians: TECHNICIANS, orders: ORDERS, itemsPerOrder: ITEMS_PER_ORDER } = NATIONAL_PLANT;

/**
 * Fills a fresh database with NATIONAL_PLANT in plain SQL: 60 areas of about 830 traps (one in 50 inactive), orders
 * an hour apart up to now, 70 % completed, 20 % pending, 10 % in progress. The administrator's password hash is
 * a placeholder (benchmarks sign their own tokens); a benchmark that signs in through the form sets a real one.
 */
export async function seedNationalPlant(database: BenchDatabase): Promise<{ adminId: number; techId: number }> {
  const [ids] = await database.sql<{ admin_id: number; tech_id: number }>(`
    insert into technicians (email, full_name, role, password_hash) values ('admin@bench.test', 'Administración', 'ADMIN', 'x');
    insert into technicians (email, full_name, role, password_hash)
      select 'tecnico' || g || '@bench.test', 'Técnico ' || g, 'TECH', 'x' from generate_series(1, ${TECHNICIANS}) g;
    insert into traps (site_id, code, area, description, qr_slug, is_active)
      select (select min(id) from sites), 'TRP-' || lpad(g::text, 5, '0'), 'Planta ' || (g % 60) || ' · Área ' || (g % 12), 'Estación ' || g,
             'slug' || lpad(g::text, 16, '0'), g % 50 <> 0
      from generate_series(1, ${TRAPS}) g;
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count, completed_count, closed_at)
      select (select min(id) from sites), 2 + (g % ${TECHNICIANS}),
             case when g % 10 < 7 then 'COMPLETED' when g % 10 < 9 then 'PENDING' else 'IN_PROGRESS' end,
             now() - ((${ORDERS} - g) || ' hours')::interval,
             ${ITEMS_PER_ORDER},
             case when g % 10 < 7 then ${ITEMS_PER_ORDER} when g % 10 < 9 then 0 else 2 end,
             case when g % 10 < 7 then now() - ((${ORDERS} - g) || ' hours')::interval + interval '2 hours' end
      from generate_series(1, ${ORDERS}) g;
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select s.id, 1 + ((s.id * 7 + k * 1009) % ${TRAPS}),
             case when k < s.completed_count then 'COMPLETED' else 'PENDING' end,
             case when k < s.completed_count then s.scheduled_at + interval '1 hour' end,
             case when k < s.completed_count then s.scheduled_at + interval '1 hour' end,
             case when k < s.completed_count then s.technician_id end
      from sessions s cross join generate_series(0, ${ITEMS_PER_ORDER - 1}) k;
    analyze;
    select (select id from technicians where email = 'admin@bench.test') as admin_id,
           (select id from technicians where email = 'tecnico1@bench.test') as tech_id;
  `);
  return { adminId: ids!.admin_id, techId: ids!.tech_id };
}
