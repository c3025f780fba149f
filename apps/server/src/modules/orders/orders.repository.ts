import type { Session, SessionItem, SessionListItem, SessionListQuery, SessionSummary } from '@rondin/contracts';
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isEmbedded, queryRows, type Database, type Transaction } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/app-error.js';
import { batched } from '../../lib/batcher.js';
import { type scanEvents, sessionItems, sessions, sites, technicians, traps } from '../../db/schema.js';
import { containsPattern } from '../../lib/search.js';

export type SessionRow = typeof sessions.$inferSelect;

export type ScanResult =
  | (typeof scanEvents.$inferSelect)['result']
  | 'INACTIVE_USER'
  | 'STALE_TOKEN'
  | 'CLIENT_SCAN_ID_REUSED';

export interface ScanOutcome {
  result: ScanResult;
  session: SessionSummary | null;
  item: SessionItem | null;
}

/** Scans sent together at most on the embedded database; a shift start's burst is tens at once. */
const MAX_SCAN_BATCH = 64;

export interface ScanAttempt {
  sessionId: number;
  qrSlug: string;
  userId: number;
  /** The token's version: a token issued before the account's last password change is refused. */
  tokenVersion: number;
  /** The device's id for a scan it may send more than once (offline queue). */
  clientScanId?: string | undefined;
  /** When the device says the scan was made. */
  deviceTime?: string | undefined;
}

/** What a refused scan's code turned out to be, read only once the scan was refused. */
export interface ScanRefusalFacts {
  orderSiteName: string;
  /** The device whose QR holds the code read; undefined when none does. */
  device?: {
    id: number;
    code: string;
    area: string | null;
    isActive: boolean;
    siteId: number;
    siteName: string;
    orderSiteId: number;
    /** The oldest other open order of the device's site holding it, and its technician. */
    otherOrder: { id: number; technician: string } | null;
  };
  /** The order's device whose printed code (not its QR) was sent, when that is what was read. */
  typedCodeOf?: { id: number; code: string; area: string | null };
}

/** The order as the API returns it, built by the database (see sql/rondin_session_json.sql). */
const sessionJson = (id: unknown) => sql<Session>`rondin_session_json(${id})`;

export class OrdersRepository {
  /**
   * On the embedded database, scans that queue up behind the one being stored go together as one
   * statement (sql/rondin_scan_batch.sql): measured 0.93 → 0.32 ms a scan.
   * PostgreSQL serves scans side by side on its pool, one statement each.
   */
  readonly scan: (attempt: ScanAttempt) => Promise<ScanOutcome>;
  /** Scans waiting for the next batch (always 0 on PostgreSQL), for the metrics. */
  readonly scanQueueDepth: () => number;

  constructor(private readonly db: Database) {
    if (isEmbedded(db)) {
      const scanInBatches = batched((attempts: ScanAttempt[]) => this.scanBatch(attempts), MAX_SCAN_BATCH);
      this.scan = scanInBatches;
      this.scanQueueDepth = scanInBatches.queued;
    } else {
      this.scan = (attempt) => this.scanAlone(attempt);
      this.scanQueueDepth = () => 0;
    }
  }

  async findJson(id: number): Promise<Session | undefined> {
    const [row] = await this.db
      .select({ session: sessionJson(sessions.id) })
      .from(sessions)
      .where(eq(sessions.id, id));
    return row?.session;
  }

  /** Every order, newest first; or one technician's. */
  async listJson(filter: { technicianId?: number; openOnly?: boolean } = {}): Promise<Session[]> {
    const conditions = [
      filter.technicianId !== undefined ? eq(sessions.technicianId, filter.technicianId) : undefined,
      filter.openOnly ? ne(sessions.status, 'COMPLETED') : undefined,
    ];
    const rows = await this.db
      .select({ session: sessionJson(sessions.id) })
      .from(sessions)
      .where(and(...conditions))
      .orderBy(desc(sessions.id));
    return rows.map((row) => row.session);
  }

  /** One page of order summaries, newest first, each with its areas, and the total that matches. */
  async summaryPage(
    filter: SessionListQuery & { openOnly?: boolean },
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: SessionListItem[]; total: number }> {
    const byText = filter.q
      ? or(
          /^\d{1,9}$/.test(filter.q) ? eq(sessions.id, Number(filter.q)) : undefined,
          sql`exists (select 1 from ${technicians} where ${technicians.id} = ${sessions.technicianId} and lower(${technicians.fullName}) like ${containsPattern(filter.q)})`,
        )
      : undefined;
    const where = and(
      byText,
      filter.siteId !== undefined ? eq(sessions.siteId, filter.siteId) : undefined,
      filter.status ? eq(sessions.status, filter.status) : undefined,
      filter.openOnly ? ne(sessions.status, 'COMPLETED') : undefined,
      filter.technicianId !== undefined ? eq(sessions.technicianId, filter.technicianId) : undefined,
      filter.scheduledFrom ? gte(sessions.scheduledAt, new Date(filter.scheduledFrom)) : undefined,
      filter.scheduledTo ? lte(sessions.scheduledAt, new Date(filter.scheduledTo)) : undefined,
      // The compliance figures' rule for overdue: not completed, and scheduled before now.
      filter.overdue ? and(ne(sessions.status, 'COMPLETED'), lt(sessions.scheduledAt, sql`now()`)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        // Spelled out: inside the subquery a bare "id" would be the view's own.
        .select({
          summary: sql<SessionSummary>`(select v.summary from rondin_session_summary_json v where v.id = ${sessions}.id)`,
          // A page's orders only: at most pageSize lookups through the items' (session, trap) index.
          areas: sql<string[]>`(select coalesce(array_agg(distinct t.area order by t.area), '{}')
            from ${sessionItems} i join ${traps} t on t.id = i.trap_id
            where i.session_id = ${sessions}.id and t.area is not null)`,
        })
        .from(sessions)
        .where(where)
        .orderBy(desc(sessions.id))
        .limit(window.pageSize)
        .offset(window.offset),
      this.db.select({ total: sql<number>`count(*)::int` }).from(sessions).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.summary, areas: row.areas })), total: counted!.total };
  }

  /** What an order's report says of its site, and the time zone it is dated in (null: the server's). */
  async site(id: number): Promise<{ name: string; client: string | null; timeZone: string | null } | undefined> {
    const [row] = await this.db
      .select({ name: sites.name, client: sites.client, timeZone: sites.timeZone })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  }

  /**
   * What a code the order does not hold is: a device's QR (of which site, active or not, in which other open
   * order), or one of the order's devices' printed code. Off the hot path: read only for a refused scan.
   */
  async scanRefusal(sessionId: number, read: string): Promise<ScanRefusalFacts | undefined> {
    const [order] = await this.db
      .select({ siteId: sessions.siteId, siteName: sites.name })
      .from(sessions)
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .where(eq(sessions.id, sessionId));
    if (!order) return undefined;
    const [device] = await this.db
      .select({
        id: traps.id,
        code: traps.code,
        area: traps.area,
        isActive: traps.isActive,
        siteId: traps.siteId,
        siteName: sites.name,
      })
      .from(traps)
      .innerJoin(sites, eq(sites.id, traps.siteId))
      .where(eq(traps.qrSlug, read));
    if (device) {
      const [otherOrder] = await this.db
        .select({ id: sessions.id, technician: technicians.fullName })
        .from(sessionItems)
        .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
        .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
        .where(
          and(
            eq(sessionItems.trapId, device.id),
            ne(sessions.id, sessionId),
            ne(sessions.status, 'COMPLETED'),
            eq(sessions.siteId, order.siteId),
          ),
        )
        .orderBy(sessions.id)
        .limit(1);
      return {
        orderSiteName: order.siteName,
        device: { ...device, orderSiteId: order.siteId, otherOrder: otherOrder ?? null },
      };
    }
    const [typed] = await this.db
      .select({ id: traps.id, code: traps.code, area: traps.area })
      .from(sessionItems)
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .where(and(eq(sessionItems.sessionId, sessionId), sql`lower(${traps.code}) = lower(${read})`));
    return { orderSiteName: order.siteName, ...(typed ? { typedCodeOf: typed } : {}) };
  }

  /** A device as adding it to an order checks it, locked so it is not deactivated or moved meanwhile. */
  async trapToAdd(
    tx: Transaction,
    sessionId: number,
    trapId: number,
  ): Promise<
    | { code: string; area: string | null; isActive: boolean; siteId: number; siteName: string; inOrder: boolean }
    | undefined
  > {
    const [row] = await tx
      .select({
        code: traps.code,
        area: traps.area,
        isActive: traps.isActive,
        siteId: traps.siteId,
        siteName: sites.name,
        inOrder: sql<boolean>`exists (select 1 from ${sessionItems} i where i.session_id = ${sessionId} and i.trap_id = ${traps.id})`,
      })
      .from(traps)
      .innerJoin(sites, eq(sites.id, traps.siteId))
      .where(eq(traps.id, trapId))
      .for('share', { of: traps });
    return row;
  }

  /** The order's site name, for a refusal naming it. */
  async siteName(tx: Transaction, siteId: number): Promise<string> {
    const [row] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    return row!.name;
  }

  /** Adds a device to the order on the spot (the order's row already locked), counted in it; the new item's id. */
  async insertOnSiteItem(tx: Transaction, sessionId: number, trapId: number): Promise<number> {
    const [item] = await tx
      .insert(sessionItems)
      .values({ sessionId, trapId, addedOnSite: true })
      .returning({ id: sessionItems.id });
    await tx
      .update(sessions)
      .set({ itemCount: sql`${sessions.itemCount} + 1` })
      .where(eq(sessions.id, sessionId));
    return item!.id;
  }

  /** The order's summary and one of its items, as a scan answers them. */
  async scanResponseJson(sessionId: number, itemId: number): Promise<{ session: SessionSummary; item: SessionItem }> {
    const [row] = await queryRows<{ session: SessionSummary; item: SessionItem }>(
      this.db,
      `select (select v.summary from rondin_session_summary_json v where v.id = $1) as session,
         (select x.item from rondin_item_json x where x.id = $2) as item`,
      [sessionId, itemId],
    );
    return row!;
  }

  /** Reads the order and holds its row until the transaction ends, serialising it with scans. */
  async lockRow(tx: Transaction, id: number): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    return row;
  }

  /**
   * The given orders that exist, each with its site's zone, locked in id order (as two bulk changes of the same
   * orders then wait for each other instead of deadlocking) until the transaction ends.
   */
  async lockRows(
    tx: Transaction,
    ids: number[],
  ): Promise<(Pick<SessionRow, 'id' | 'status' | 'technicianId' | 'scheduledAt'> & { timeZone: string | null })[]> {
    return tx
      .select({
        id: sessions.id,
        status: sessions.status,
        technicianId: sessions.technicianId,
        scheduledAt: sessions.scheduledAt,
        timeZone: sites.timeZone,
      })
      .from(sessions)
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .where(inArray(sessions.id, ids))
      .orderBy(sessions.id)
      .for('update', { of: sessions });
  }

  /**
   * The order's inspected devices (scanned, or their code typed) without a finding, by code: what a close may
   * not leave behind. Read under the order's lock, so no finding lands in between.
   */
  async itemsWithoutFinding(
    tx: Transaction,
    sessionId: number,
  ): Promise<{ itemId: number; code: string; type: (typeof traps.$inferSelect)['type'] }[]> {
    return tx
      .select({ itemId: sessionItems.id, code: traps.code, type: traps.type })
      .from(sessionItems)
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .where(
        and(
          eq(sessionItems.sessionId, sessionId),
          eq(sessionItems.status, 'COMPLETED'),
          isNull(sessionItems.exceptionReason),
          isNull(sessionItems.findingId),
        ),
      )
      .orderBy(traps.code, sessionItems.id);
  }

  /** An active account, with what assigning it an order checks (its licence); undefined otherwise. */
  async activeTechnician(
    tx: Transaction,
    technicianId: number,
  ): Promise<{ fullName: string; licenceExpiresAt: string | null } | undefined> {
    const [row] = await tx
      .select({ fullName: technicians.fullName, licenceExpiresAt: technicians.licenceExpiresAt })
      .from(technicians)
      // A client's portal account is never assigned an order.
      .where(and(eq(technicians.id, technicianId), eq(technicians.isActive, true), ne(technicians.role, 'CLIENTE')))
      .for('share');
    return row;
  }

  /**
   * The given traps that exist and are active, with their sites, locked so none is deactivated, deleted or
   * moved meanwhile.
   */
  async activeTraps(tx: Transaction, trapIds: number[]): Promise<{ id: number; siteId: number }[]> {
    return tx
      .select({ id: traps.id, siteId: traps.siteId })
      .from(traps)
      .where(and(inArray(traps.id, trapIds), eq(traps.isActive, true)))
      .for('share');
  }

  async insert(
    tx: Transaction,
    values: {
      siteId: number;
      technicianId: number;
      trapIds: number[];
      scheduledAt: Date | null;
      createdById: number | null;
      servicePlanId?: number | undefined;
      plannedDate?: string | undefined;
      planSlot?: number | undefined;
    },
  ): Promise<number> {
    const [row] = await tx
      .insert(sessions)
      .values({
        siteId: values.siteId,
        technicianId: values.technicianId,
        scheduledAt: values.scheduledAt,
        createdById: values.createdById,
        servicePlanId: values.servicePlanId ?? null,
        plannedDate: values.plannedDate ?? null,
        planSlot: values.planSlot ?? 0,
        itemCount: values.trapIds.length,
      })
      .returning({ id: sessions.id });
    await tx.insert(sessionItems).values(values.trapIds.map((trapId) => ({ sessionId: row!.id, trapId })));
    return row!.id;
  }

  async markClosed(tx: Transaction, id: number, closedById: number, forceClosed: boolean): Promise<void> {
    await tx
      .update(sessions)
      .set({ status: 'COMPLETED', closedAt: sql`clock_timestamp()`, closedById, forceClosed })
      .where(eq(sessions.id, id));
  }

  /** Moves the order to another technician or time; a value left undefined is kept. */
  async reassign(
    tx: Transaction,
    id: number,
    values: { technicianId?: number | undefined; scheduledAt?: Date | null | undefined },
  ): Promise<void> {
    await tx
      .update(sessions)
      .set({
        ...(values.technicianId !== undefined ? { technicianId: values.technicianId } : {}),
        ...(values.scheduledAt !== undefined ? { scheduledAt: values.scheduledAt } : {}),
      })
      .where(eq(sessions.id, id));
  }

  /**
   * Deletes the order while nobody has started it; its items go with it (ON DELETE CASCADE) in the same
   * statement. An order in progress or closed is not deleted: undefined, as for one that does not exist.
   */
  async delete(id: number): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.status, 'PENDING')))
      .returning();
    return row;
  }

  /** The order's status, undefined when it does not exist. */
  async status(id: number): Promise<SessionRow['status'] | undefined> {
    const [row] = await this.db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, id));
    return row?.status;
  }

  /** A plan's orders from a date on with no device done, never started nor closed, deleted with their items. */
  deleteUnstartedPlanned(servicePlanId: number, fromDate: string): Promise<{ id: number; technicianId: number }[]> {
    // A visit's orders go together: a by-area visit one of whose technicians started keeps all its orders, as the
    // generator makes a visit whole or not at all.
    const started = alias(sessions, 'started');
    return this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.servicePlanId, servicePlanId),
          gte(sessions.plannedDate, fromDate),
          notExists(
            this.db
              .select({ id: started.id })
              .from(started)
              .where(
                and(
                  eq(started.servicePlanId, sessions.servicePlanId),
                  eq(started.plannedDate, sessions.plannedDate),
                  or(ne(started.status, 'PENDING'), gt(started.completedCount, 0), isNotNull(started.startedAt)),
                ),
              ),
          ),
        ),
      )
      .returning({ id: sessions.id, technicianId: sessions.technicianId });
  }

  /** One round trip, account check included: see sql/rondin_scan.sql. */
  private async scanAlone(attempt: ScanAttempt): Promise<ScanOutcome> {
    try {
      const [row] = await queryRows<ScanOutcome>(
        this.db,
        'select result, session, item from rondin_scan($1::integer, $2::text, $3::integer, $4::uuid, $5::timestamptz, $6::integer)',
        [
          attempt.sessionId,
          attempt.qrSlug,
          attempt.userId,
          attempt.clientScanId ?? null,
          attempt.deviceTime ?? null,
          attempt.tokenVersion,
        ],
      );
      return row!;
    } catch (error) {
      // The id was already accepted on another order (unique index on accepted client ids).
      if (isUniqueViolation(error)) return { result: 'CLIENT_SCAN_ID_REUSED', session: null, item: null };
      throw error;
    }
  }

  private async scanBatch(attempts: ScanAttempt[]): Promise<ScanOutcome[]> {
    const scans = attempts.map((attempt) => ({
      session_id: attempt.sessionId,
      slug: attempt.qrSlug,
      user_id: attempt.userId,
      client_scan_id: attempt.clientScanId ?? null,
      device_time: attempt.deviceTime ?? null,
      token_version: attempt.tokenVersion,
    }));
    const rows = await queryRows<ScanOutcome & { ord: number | string }>(
      this.db,
      'select ord, result, session, item from rondin_scan_batch($1::json) order by ord',
      [JSON.stringify(scans)],
    );
    return rows.map(({ result, session, item }) => ({ result, session, item }));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
