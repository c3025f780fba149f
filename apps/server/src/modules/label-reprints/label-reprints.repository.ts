import type { LabelReprint } from '@rondin/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database.js';
import { labelReprints, sites, technicians, traps } from '../../db/schema.js';
import type { LabelTrap } from '../traps/trap-labels.js';

const requester = alias(technicians, 'requester');

/** A pending reprint with what its label prints. */
export interface PendingReprint {
  id: number;
  label: LabelTrap;
}

/** The queue of labels to print again (devices recorded MANUAL), oldest first. */
export class LabelReprintsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async pending(siteId?: number): Promise<LabelReprint[]> {
    const rows = await this.db
      .select({
        id: labelReprints.id,
        trapId: traps.id,
        code: traps.code,
        area: traps.area,
        siteId: traps.siteId,
        siteName: sites.name,
        reason: labelReprints.reason,
        requestedAt: labelReprints.requestedAt,
        requestedById: requester.id,
        requestedByName: requester.fullName,
        sessionId: labelReprints.sessionId,
      })
      .from(labelReprints)
      .innerJoin(traps, eq(traps.id, labelReprints.trapId))
      .innerJoin(sites, eq(sites.id, traps.siteId))
      .leftJoin(requester, eq(requester.id, labelReprints.requestedById))
      .where(and(isNull(labelReprints.printedAt), siteId === undefined ? undefined : eq(traps.siteId, siteId)))
      .orderBy(asc(labelReprints.requestedAt), asc(labelReprints.id));
    return rows.map((row) => ({
      id: row.id,
      trap: { id: row.trapId, code: row.code, area: row.area, siteId: row.siteId, siteName: row.siteName },
      reason: row.reason,
      requestedAt: row.requestedAt.toISOString(),
      requestedBy: row.requestedById === null ? null : { id: row.requestedById, fullName: row.requestedByName! },
      sessionId: row.sessionId,
    }));
  }

  /**
   * The pending reprints asked for (the given ids, or all, of one site when given), locked so two prints of the
   * queue cannot both take them; oldest first. The site's name is printed only when the company has several.
   */
  async lockPending(tx: Transaction, filter: { ids?: number[]; siteId?: number }): Promise<PendingReprint[]> {
    const rows = await tx
      .select({
        id: labelReprints.id,
        code: traps.code,
        area: traps.area,
        qrSlug: traps.qrSlug,
        type: traps.type,
        siteName: sites.name,
        severalSites: sql<boolean>`(select count(*) > 1 from ${sites})`,
      })
      .from(labelReprints)
      .innerJoin(traps, eq(traps.id, labelReprints.trapId))
      .innerJoin(sites, eq(sites.id, traps.siteId))
      .where(
        and(
          isNull(labelReprints.printedAt),
          filter.ids ? inArray(labelReprints.id, filter.ids) : undefined,
          filter.siteId === undefined ? undefined : eq(traps.siteId, filter.siteId),
        ),
      )
      .orderBy(asc(labelReprints.requestedAt), asc(labelReprints.id))
      .for('update', { of: labelReprints });
    return rows.map((row) => ({
      id: row.id,
      label: {
        code: row.code,
        area: row.area,
        qrSlug: row.qrSlug,
        type: row.type,
        siteName: row.severalSites ? row.siteName : null,
      },
    }));
  }

  async markPrinted(tx: Transaction, ids: number[], printedById: number): Promise<void> {
    await tx
      .update(labelReprints)
      .set({ printedAt: sql`clock_timestamp()`, printedById })
      .where(inArray(labelReprints.id, ids));
  }
}
