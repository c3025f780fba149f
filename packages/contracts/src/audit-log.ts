import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-log-names.js';
import { DateTimeInput, Id, Timestamp } from './common.js';
import { ReportMessages } from './messages.js';
import { PageParams, pageOf } from './paging.js';
import { periodInOrder } from './reports.js';

/**
 * Filters of GET /api/audit-log: one record's history (`entity` and `entityId`), every record of a kind
 * (`entity`), and the half-open period [from, to) of the change's instant.
 */
export const AuditLogQuery = z
  .strictObject({
    ...PageParams,
    entity: z.enum(AUDIT_ENTITIES, { error: `entity debe ser uno de: ${AUDIT_ENTITIES.join(', ')}.` }).optional(),
    entityId: Id.optional(),
    from: DateTimeInput.optional(),
    to: DateTimeInput.optional(),
  })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] })
  .refine((query) => query.entityId === undefined || query.entity !== undefined, {
    message: 'entityId va con entity: di de qué tipo es el registro.',
    path: ['entityId'],
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** A record as it was before or after the change, its fields named as the API names them; null: none. */
const AuditRecord = z.record(z.string(), z.unknown()).nullable();

/**
 * One change: who (null: the system), when, to what (`entityId` null for the global thresholds), the action, the
 * record before and after (a site's thresholds: `{thresholds: [...]}`), and the reason when one was given.
 */
export const AuditLogEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  actor: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  before: AuditRecord,
  after: AuditRecord,
  reason: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogPage = pageOf(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;
