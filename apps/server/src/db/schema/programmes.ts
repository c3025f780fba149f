/** Control programmes of the sites (modules/programmes). */
import { PEST_GROUPS } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { contacts } from './clients.js';
import { allIn, createdAt, textList } from './columns.js';
import { sites } from './sites.js';

/**
 * A site's control programme (DESIGN-plant.md, "Control programme and assessments"), one row per version: every
 * save is the site's next `version`, and a saved version's content never changes. Approval (by an account
 * qualified RESPONSABLE_TECNICO) and the client's acceptance are set once each on the version they are of. The
 * version in force on a day is the latest approved one whose `effective_from` has come.
 */
export const controlProgrammes = pgTable(
  'control_programmes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    /** The day (site's zone) from which it applies once approved. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    targetPestGroups: textList('target_pest_groups'),
    methods: text('methods').notNull(),
    /** [{type, zone, frequency}]: the contracted inspection frequency per device type and area (null: all). */
    frequencies: jsonb('frequencies').notNull().default(sql`'[]'::jsonb`),
    responseTimeHours: integer('response_time_hours').notNull(),
    /** [{party: EMPRESA | CLIENTE, text}]. */
    responsibilities: jsonb('responsibilities').notNull().default(sql`'[]'::jsonb`),
    /** Products (products.id) permitted on the site; an array has no foreign key, products are deactivated. */
    permittedProductIds: integer('permitted_product_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    createdById: integer('created_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The account's name when it saved: the version still names who after a rename or a deletion. */
    createdByName: text('created_by_name').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedById: integer('approved_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    /** The day the client accepted it, and who: a contact of the site's client or a name typed. */
    acceptedOn: date('accepted_on', { mode: 'string' }),
    acceptedByName: text('accepted_by_name'),
    acceptedByRole: text('accepted_by_role'),
    acceptedContactId: integer('accepted_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    acceptanceRecordedAt: timestamp('acceptance_recorded_at', { withTimezone: true }),
    acceptanceRecordedById: integer('acceptance_recorded_by_id').references(() => technicians.id, {
      onDelete: 'set null',
    }),
    acceptanceRecordedByName: text('acceptance_recorded_by_name'),
  },
  (table) => [
    uniqueIndex('control_programmes_site_version_key').on(table.siteId, table.version),
    index('control_programmes_site_approved_idx')
      .on(table.siteId, table.effectiveFrom)
      .where(sql`${table.approvedAt} is not null`),
    check('control_programmes_version_check', sql`${table.version} >= 1`),
    check('control_programmes_pest_groups_check', allIn(table.targetPestGroups, PEST_GROUPS)),
    check('control_programmes_approval_check', sql`(${table.approvedAt} is null) = (${table.approvedByName} is null)`),
    check(
      'control_programmes_acceptance_check',
      sql`(${table.acceptedOn} is null) = (${table.acceptedByName} is null)
        and (${table.acceptedOn} is null) = (${table.acceptanceRecordedAt} is null)
        and (${table.acceptedOn} is null or ${table.approvedAt} is not null)`,
    ),
  ],
);
