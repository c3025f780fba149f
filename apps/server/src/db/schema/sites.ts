/** Sites: the places served (modules/sites). */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** A place served (a client's plant, a warehouse). Every trap and every order belongs to one. */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The company served there. */
    client: text('client'),
    address: text('address'),
    /** IANA zone its documents use; null: the server's TIME_ZONE. */
    timeZone: text('time_zone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sites_name_lower_key').on(sql`lower(${table.name})`)],
);
