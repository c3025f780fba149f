/** Biocide products and their applications (modules/products). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';
import { traps } from './devices.js';
import { files } from './files.js';
import { sessions } from './orders.js';
import { pests } from './pests.js';

/**
 * Biocide products a company applies (DESIGN-audit.md, "Certificates and the audit pack"). Never deleted once
 * an application names one: deactivated. The safety data sheet and the label are PDFs kept as files, each with
 * the date printed on it.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Active substances with their concentrations, as the label prints them. */
    activeIngredients: text('active_ingredients').notNull(),
    registrationNumber: text('registration_number').notNull(),
    /** Biocide product type (TP14 rodenticides, TP18 insecticides…). */
    type: text('type').notNull(),
    authorisationExpiresAt: date('authorisation_expires_at', { mode: 'string' }).notNull(),
    userCategory: text('user_category', { enum: ['PROFESIONAL', 'ESPECIALIZADO'] }).notNull(),
    foodIndustryAllowed: boolean('food_industry_allowed').notNull().default(false),
    /** Plazo de seguridad: hours after the application ends before people may go back in. */
    safetyIntervalHours: integer('safety_interval_hours').notNull().default(0),
    toxic: boolean('toxic').notNull().default(false),
    cmr: boolean('cmr').notNull().default(false),
    anticoagulant: boolean('anticoagulant').notNull().default(false),
    sdsFileId: integer('sds_file_id').references(() => files.id, { onDelete: 'restrict' }),
    sdsIssuedOn: date('sds_issued_on', { mode: 'string' }),
    labelFileId: integer('label_file_id').references(() => files.id, { onDelete: 'restrict' }),
    labelIssuedOn: date('label_issued_on', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_name_lower_key').on(sql`lower(${table.name})`),
    check('products_type_check', sql`${table.type} ~ '^TP([1-9]|1[0-9]|2[0-2])$'`),
    check('products_user_category_check', sql`${table.userCategory} in ('PROFESIONAL', 'ESPECIALIZADO')`),
    check('products_safety_interval_check', sql`${table.safetyIntervalHours} between 0 and 8760`),
    check('products_sds_check', sql`(${table.sdsFileId} is null) = (${table.sdsIssuedOn} is null)`),
    check('products_label_check', sql`(${table.labelFileId} is null) = (${table.labelIssuedOn} is null)`),
  ],
);

/**
 * A product applied during an order, recorded on the phone (offline, by its client id) or in the office. The
 * safety interval is copied from the product when recorded, so the re-entry time on a certificate never moves.
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    clientApplicationId: uuid('client_application_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The product's lot. */
    batch: text('batch').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit', { enum: ['g', 'kg', 'ml', 'l', 'unidades'] }).notNull(),
    area: text('area'),
    trapId: integer('trap_id').references(() => traps.id, { onDelete: 'restrict' }),
    targetPestId: integer('target_pest_id').references(() => pests.id, { onDelete: 'restrict' }),
    method: text('method').notNull(),
    /** Dose or dilution, as the technician wrote it ("20 g por estación", "0,5 %"). */
    dose: text('dose'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    safetyIntervalHours: integer('safety_interval_hours').notNull(),
    applicatorId: integer('applicator_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    recordedById: integer('recorded_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('applications_client_application_key').on(table.clientApplicationId),
    index('applications_session_idx').on(table.sessionId, table.id),
    index('applications_product_idx').on(table.productId),
    check('applications_quantity_check', sql`${table.quantity} > 0`),
    check('applications_unit_check', sql`${table.unit} in ('g', 'kg', 'ml', 'l', 'unidades')`),
    check('applications_times_check', sql`${table.startedAt} <= ${table.endedAt}`),
  ],
);
