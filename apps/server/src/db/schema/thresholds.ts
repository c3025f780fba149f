/** Thresholds and what crossed them (modules/thresholds). */
import { PEST_GROUPS, RISK_LEVELS, TRAP_TYPES, ZONES } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { correctiveActions } from './actions.js';
import { findings } from './findings.js';
import { sessionItems } from './orders.js';

/**
 * Limits on what findings show (modules/thresholds): global ones (site_id null) by device type, zone and risk
 * level, and a site's own, which take the place of the global one with the same type, zone, risk, metric,
 * pest group and level. Versioned: a change ends the rows in force (valid_to) and adds new ones, so a finding
 * recorded earlier and delivered later is judged by the limits in force when it was recorded. No foreign
 * keys: the history outlives a deleted site or account. The defaults ship with valid_from '-infinity'.
 */
export const thresholds = pgTable(
  'thresholds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id'),
    trapType: text('trap_type', { enum: TRAP_TYPES }).notNull(),
    zone: text('zone', { enum: ZONES }),
    riskLevel: text('risk_level', { enum: RISK_LEVELS }),
    metric: text('metric', {
      enum: ['ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'CAPTURAS_SEMANA', 'ESTADO', 'REPETICION'],
    }).notNull(),
    pestGroup: text('pest_group', { enum: PEST_GROUPS }),
    level: text('level', { enum: ['ALERTA', 'ACCION'] }).notNull(),
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdById: integer('created_by_id'),
  },
  (table) => [
    index('thresholds_type_idx').on(table.trapType, table.validFrom),
    index('thresholds_site_idx').on(table.siteId, table.validFrom),
    check(
      'thresholds_metric_check',
      sql`${table.metric} in ('ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'CAPTURAS_SEMANA', 'ESTADO', 'REPETICION')`,
    ),
    check('thresholds_level_check', sql`${table.level} in ('ALERTA', 'ACCION')`),
    check(
      'thresholds_pest_group_check',
      sql`${table.pestGroup} is null or ${table.metric} in ('CAPTURAS', 'CAPTURAS_SEMANA')`,
    ),
    check('thresholds_value_check', sql`${table.value} >= 1`),
    check('thresholds_validity_check', sql`${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`),
  ],
);

/**
 * What a finding version or an exception crossed, recorded once in its transaction (one row a finding
 * version, one an exception); those over an ACCION limit are occurrences of the action they opened or joined.
 */
export const thresholdBreaches = pgTable(
  'threshold_breaches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id').notNull(),
    trapId: integer('trap_id').notNull(),
    /** Null for a remote finding's breach (no order item). */
    itemId: integer('item_id').references(() => sessionItems.id, { onDelete: 'cascade' }),
    findingId: bigint('finding_id', { mode: 'number' }).references(() => findings.id, { onDelete: 'cascade' }),
    exceptionReason: text('exception_reason'),
    level: text('level', { enum: ['ALERTA', 'ACCION'] }).notNull(),
    /** [{metric, pestGroup, level, limit, observed}] */
    breaches: jsonb('breaches').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actionId: integer('action_id').references(() => correctiveActions.id, { onDelete: 'set null' }),
    /** The area's action a REPETICION crossing at ACCION opened or joined (the device's stays in actionId). */
    areaActionId: integer('area_action_id').references(() => correctiveActions.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('threshold_breaches_finding_key').on(table.findingId).where(sql`${table.findingId} is not null`),
    uniqueIndex('threshold_breaches_exception_key').on(table.itemId).where(sql`${table.findingId} is null`),
    index('threshold_breaches_action_idx').on(table.actionId, table.occurredAt),
    index('threshold_breaches_area_action_idx')
      .on(table.areaActionId, table.occurredAt)
      .where(sql`${table.areaActionId} is not null`),
    index('threshold_breaches_trap_idx').on(table.trapId, table.occurredAt),
    check('threshold_breaches_level_check', sql`${table.level} in ('ALERTA', 'ACCION')`),
  ],
);
