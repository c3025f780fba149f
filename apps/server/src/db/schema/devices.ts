/** Devices: the traps of each site (modules/traps). */
import { RISK_LEVELS, TRAP_TYPES, ZONES } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { folded } from '../../lib/search.js';
import { createdAt } from './columns.js';
import { sites } from './sites.js';

export const traps = pgTable(
  'traps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    /** What kind of device it is: it decides what the phone asks about it. */
    type: text('type', { enum: TRAP_TYPES }).notNull().default('OTRO'),
    /** Where it stands against the building; null until someone classifies a device that predates zones. */
    zone: text('zone', { enum: ZONES }),
    /** ALTO: product exposed nearby. Null until classified, as zone. */
    riskLevel: text('risk_level', { enum: RISK_LEVELS }),
    area: text('area'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    qrSlug: text('qr_slug').notNull(),
    /** Its place in the site's walk order (1 first); null: none, walked after, by code. */
    routeOrder: integer('route_order'),
    /** The id an electronic device reports under (modules/integrations/remote-events); unique over all devices. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // Codes repeat between sites (every plant has its TRP-001), never within one.
    uniqueIndex('traps_site_code_lower_key').on(table.siteId, sql`lower(${table.code})`),
    uniqueIndex('traps_qr_slug_key').on(table.qrSlug),
    uniqueIndex('traps_external_id_key').on(table.externalId),
    check('traps_external_id_check', sql`char_length(${table.externalId}) between 1 and 100`),
    index('traps_site_id_idx').on(table.siteId),
    check('traps_type_check', sql`${table.type} in ('CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO')`),
    check('traps_zone_check', sql`${table.zone} in ('EXTERIOR', 'PERIMETRO_INTERIOR', 'INTERIOR')`),
    check('traps_risk_level_check', sql`${table.riskLevel} in ('ALTO', 'MEDIO', 'BAJO')`),
    check('traps_route_order_check', sql`${table.routeOrder} > 0`),
    // Inventory filters: the code order, a search for text anywhere in the code or area, area, status (each
    // paged in code order). In byte order ("C"), one btree gives the code order and pages through it; the
    // trigram indexes (pg_trgm) find a code or area containing the text without reading every trap.
    index('traps_code_c_idx').using('btree', sql`(lower(${table.code}) collate "C")`),
    index('traps_code_trgm_idx').using('gin', sql`lower(${table.code}) gin_trgm_ops`),
    index('traps_area_trgm_idx').using('gin', sql`lower(${table.area}) gin_trgm_ops`),
    index('traps_area_code_idx').on(table.area, table.code),
    index('traps_active_code_idx').on(table.isActive, table.code),
    // The search box (modules/search) folds accents as well as case: a prefix of the code, in code order, from
    // one btree; text anywhere in the code or area from the trigram indexes.
    index('traps_code_folded_c_idx').using('btree', sql`(${folded(table.code)} collate "C")`),
    index('traps_code_folded_trgm_idx').using('gin', sql`${folded(table.code)} gin_trgm_ops`),
    index('traps_area_folded_trgm_idx').using('gin', sql`${folded(table.area)} gin_trgm_ops`),
  ],
);
