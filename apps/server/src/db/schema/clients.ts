/** Clients and their contacts (modules/clients). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The company served (DESIGN-plant.md, "Clients and contacts"); every site belongs to one (sites.client_id).
 * Never deleted: deactivated.
 */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** NIF, CIF, RUT, RFC…: as the client writes it. */
    taxId: text('tax_id'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('clients_name_lower_key').on(sql`lower(${table.name})`)],
);

/**
 * A person of a client, and what they are sent. `site_ids` names some of the client's sites; empty, all of
 * them. Ids of sites no longer the client's are ignored when read (an array has no foreign key).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Their position at the client (Jefa de calidad, Gerente de planta). */
    role: text('role').notNull(),
    email: text('email'),
    phone: text('phone'),
    siteIds: integer('site_ids').array().notNull().default(sql`'{}'::integer[]`),
    notifyCertificates: boolean('notify_certificates').notNull().default(false),
    notifyActions: boolean('notify_actions').notNull().default(false),
    notifyReviews: boolean('notify_reviews').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('contacts_client_id_idx').on(table.clientId)],
);
