/** Pests: what catches are recorded of (modules/pests). */
import { PEST_GROUPS } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** The species (or, for light traps, the groups) a technician records catches of. */
export const pests = pgTable(
  'pests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scientificName: text('scientific_name'),
    group: text('group', { enum: PEST_GROUPS }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pests_name_lower_key').on(sql`lower(${table.name})`),
    check(
      'pests_group_check',
      sql`${table.group} in ('ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS')`,
    ),
  ],
);
