import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, technicians } from '../../db/schema.js';

export interface ComplianceCounts {
  totalSessions: number;
  completedSessions: number;
  pendingTraps: number;
  overdueSessions: number;
}

export interface ExportRow {
  id: number;
  technician: string;
  scheduledAt: Date | null;
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  completedCount: number;
  itemCount: number;
  closedAt: Date | null;
  forceClosed: boolean;
}

export class ReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The open orders through their partial index, and the count of all orders from the smallest index;
   * the per-order counters mean no item is read. A year's closed orders are never visited row by row:
   * measured on 100,000 orders (30,000 open), 12–16 ms in one process where a pass over every order took
   * 23 ms using two.
   */
  async compliance(): Promise<ComplianceCounts> {
    const [row] = await this.db
      .select({
        totalSessions: sql<number>`(select count(*) from ${sessions})::int`,
        openSessions: sql<number>`count(*)::int`,
        pendingTraps: sql<number>`coalesce(sum(${sessions.itemCount} - ${sessions.completedCount}), 0)::int`,
        overdueSessions: sql<number>`(count(*) filter (where ${sessions.scheduledAt} < now()))::int`,
      })
      .from(sessions)
      // A literal, not a parameter, so the planner can match the partial index's predicate.
      .where(sql`${sessions.status} <> 'COMPLETED'`);
    const { totalSessions, openSessions, pendingTraps, overdueSessions } = row!;
    return { totalSessions, completedSessions: totalSessions - openSessions, pendingTraps, overdueSessions };
  }

  /** Every order, newest first, a batch at a time (keyset pagination), so exports never hold them all. */
  async *ordersInBatches(batchSize = 2000): AsyncGenerator<ExportRow[]> {
    let before: number | undefined;
    for (;;) {
      const rows = await this.db
        .select({
          id: sessions.id,
          technician: technicians.fullName,
          scheduledAt: sessions.scheduledAt,
          status: sessions.status,
          completedCount: sessions.completedCount,
          itemCount: sessions.itemCount,
          closedAt: sessions.closedAt,
          forceClosed: sessions.forceClosed,
        })
        .from(sessions)
        .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
        .where(before === undefined ? undefined : lt(sessions.id, before))
        .orderBy(desc(sessions.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      before = rows[rows.length - 1]!.id;
    }
  }
}
