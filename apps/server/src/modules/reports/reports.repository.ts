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

  /** One pass over sessions; the per-order counters mean no item is read. */
  async compliance(): Promise<ComplianceCounts> {
    const [row] = await this.db
      .select({
        totalSessions: sql<number>`count(*)::int`,
        completedSessions: sql<number>`(count(*) filter (where ${sessions.status} = 'COMPLETED'))::int`,
        pendingTraps: sql<number>`coalesce(sum(${sessions.itemCount} - ${sessions.completedCount}) filter (where ${sessions.status} <> 'COMPLETED'), 0)::int`,
        overdueSessions: sql<number>`(count(*) filter (where ${sessions.status} <> 'COMPLETED' and ${sessions.scheduledAt} < now()))::int`,
      })
      .from(sessions);
    return row!;
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
