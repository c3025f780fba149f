import type { AuditLogEntry, AuditLogQuery } from '@rondin/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { auditLog } from '../../db/schema.js';

/** The first row of the chain that does not hold, and the row before it. */
export interface ChainBreak {
  id: number;
  at: Date;
  entity: string;
  entityId: number | null;
  action: string;
  /** The id of the row before it in the table (null: none), and whether each check held. */
  previousId: number | null;
  linked: boolean;
  sound: boolean;
  /** How many rows come before it: they hold. */
  rowsBefore: number;
}

function matching(filter: AuditLogQuery): SQL | undefined {
  return and(
    filter.entity !== undefined ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId !== undefined ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.at, new Date(filter.from)) : undefined,
    filter.to ? lt(auditLog.at, new Date(filter.to)) : undefined,
  );
}

/**
 * The rows of the chain, each with what the check finds: `step` (its id minus the previous one's: 1 when none is
 * missing), `linked` (its prev_hash is the previous row's hash, the first row's 64 zeros) and `sound` (its hash is
 * that of its content, rondin_audit_hash). One statement over the primary key's order, stopped at the first row
 * that fails: measured on 1,000,000 rows it was as fast as streaming every row's result through a cursor on
 * PostgreSQL, and twice as fast on PGlite, where each row brought out of the database costs (BENCHMARKS.md).
 */
const CHAIN = sql`select l.id, l.at, l.entity, l.entity_id, l.action,
    lag(l.id) over w as previous_id,
    l.prev_hash = coalesce(lag(l.hash) over w, repeat('0', 64)) as linked,
    l.hash = rondin_audit_hash(l.id, l.at, l.actor_id, l.actor_name, l.entity, l.entity_id, l.action, l.before,
      l.after, l.reason, l.prev_hash) as sound
  from ${auditLog} l window w as (order by l.id)`;

/** The change log: its pages, and the check of its chain. Rows are written by the database (rondin_audit_append). */
export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  /** The changes a filter keeps, newest first, one page, with their total. */
  async page(filter: AuditLogQuery, window: { pageSize: number; offset: number }) {
    const where = matching(filter);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(window.pageSize)
        .offset(window.offset),
      this.db.select({ value: count() }).from(auditLog).where(where),
    ]);
    const items: AuditLogEntry[] = rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorId === null ? null : { id: row.actorId, fullName: row.actorName ?? '' },
      entity: row.entity as AuditLogEntry['entity'],
      entityId: row.entityId,
      action: row.action as AuditLogEntry['action'],
      before: row.before as AuditLogEntry['before'],
      after: row.after as AuditLogEntry['after'],
      reason: row.reason,
    }));
    return { items, total: total?.value ?? 0 };
  }

  /**
   * The first row the chain breaks at (a number missing before it, a link or a hash that does not hold), if any,
   * with how many rows the log has and its last one, all read in one snapshot.
   */
  async check(): Promise<{
    rows: number;
    last: { id: number; at: Date; hash: string } | undefined;
    broken: ChainBreak | undefined;
  }> {
    return this.db.transaction(
      async (tx) => {
        const [first] = await rowsOf<{
          id: number | string;
          at: Date | string;
          entity: string;
          entity_id: number | null;
          action: string;
          previous_id: number | string | null;
          linked: boolean;
          sound: boolean;
        }>(
          tx,
          sql`select * from (${CHAIN}) c
            where c.id <> coalesce(c.previous_id, 0) + 1 or not c.linked or not c.sound order by c.id limit 1`,
        );
        const [summary] = await tx
          .select({ rows: count(), id: sql<string | number | null>`max(${auditLog.id})` })
          .from(auditLog);
        const [last] =
          summary?.id === null || summary?.id === undefined
            ? []
            : await tx
                .select({ id: auditLog.id, at: auditLog.at, hash: auditLog.hash })
                .from(auditLog)
                .where(eq(auditLog.id, Number(summary.id)));
        let broken: ChainBreak | undefined;
        if (first) {
          const id = Number(first.id);
          const [before] = await tx.select({ value: count() }).from(auditLog).where(lt(auditLog.id, id));
          broken = {
            id,
            at: new Date(first.at),
            entity: first.entity,
            entityId: first.entity_id,
            action: first.action,
            previousId: first.previous_id === null ? null : Number(first.previous_id),
            linked: first.linked,
            sound: first.sound,
            rowsBefore: before?.value ?? 0,
          };
        }
        return { rows: summary?.rows ?? 0, last, broken };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

async function rowsOf<Row>(tx: { execute(query: SQL): Promise<unknown> }, query: SQL): Promise<Row[]> {
  // Both drivers answer raw SQL with { rows }; Drizzle's common type does not say so.
  return ((await tx.execute(query)) as { rows: Row[] }).rows;
}
