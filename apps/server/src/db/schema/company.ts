/** The company heading every document (modules/company). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.js';

/**
 * The company that heads every PDF and label: one row (id 1), written by the first save of the settings. The
 * logo is a PNG re-encoded at upload, kept as a file like any other.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    address: text('address'),
    phone: text('phone'),
    /** The biocide-service registry (ROESB with its autonomous community, or the local equivalent). */
    registryNumber: text('registry_number'),
    technicalManager: text('technical_manager'),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('company_settings_one_row_check', sql`${table.id} = 1`)],
);
