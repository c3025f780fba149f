/** Sites: the places served (modules/sites). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { createdAt } from './columns.js';

/** A place served (a client's plant, a warehouse). Every trap and every order belongs to one. */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /**
     * The client it belongs to. An insert without one gets the client its `client` text names, or one of the
     * site's own name, found ignoring case or created (trigger sites_client, modules/clients/sql/rondin_site_client.sql).
     */
    clientId: integer('client_id')
      .notNull()
      .default(sql`NULL`)
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The client's name, kept equal to it by sites_client and clients_site_names: what documents print. */
    client: text('client'),
    address: text('address'),
    /** IANA zone its documents use; null: the server's TIME_ZONE. */
    timeZone: text('time_zone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sites_name_lower_key').on(sql`lower(${table.name})`),
    index('sites_client_id_idx').on(table.clientId),
  ],
);
