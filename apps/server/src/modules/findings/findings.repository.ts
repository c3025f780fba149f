import type { Finding, Photo, SessionItem, SessionSummary } from '@rondin/contracts';
import type { ExceptionReason, PestGroup } from '@rondin/contracts';
import { and, countDistinct, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/database.js';
import {
  files,
  findingCaptures,
  findings,
  pests,
  photos,
  sessionItems,
  sessions,
  technicians,
  traps,
} from '../../db/schema.js';

export type NewFinding = Omit<typeof findings.$inferInsert, 'id'>;
export type NewCapture = Omit<typeof findingCaptures.$inferInsert, 'findingId' | 'recordedAt'>;

/** An order as a write to one of its items reads it, under lock. */
export interface LockedOrder {
  technicianId: number;
  status: (typeof sessions.$inferSelect)['status'];
  /** The order's creation to the millisecond: a device time before it is not plausible. */
  createdAt: Date;
  /** The database's clock: one clock for every process, as the scan uses. */
  now: Date;
}

/** An item as a write to it reads it, under lock, with its trap as it is now. */
export interface LockedItem {
  id: number;
  status: (typeof sessionItems.$inferSelect)['status'];
  exceptionReason: ExceptionReason | null;
  findingId: number | null;
  trapId: number;
  trapCode: string;
  trapType: (typeof traps.$inferSelect)['type'];
  siteId: number;
  /** recorded_at of the current finding version, when there is one. */
  currentRecordedAt: Date | null;
}

export interface PhotoRow {
  id: number;
  itemId: number;
  sessionId: number;
  /** The technician the photo's order is assigned to. */
  orderTechnicianId: number;
  orderStatus: LockedOrder['status'];
  fileId: number;
}

/** The instant a timestamp column holds, to the millisecond (JavaScript's precision). */
const toMilliseconds = (column: unknown) => sql<Date>`date_trunc('milliseconds', ${column})`;

/** Findings, exceptions and photos of order items. The JSON the API answers is built by the database (src/db/functions). */
export class FindingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Reads the order and locks its row: `share` lets writes to its other items go on side by side while keeping
   * a close (which locks it for update, as scans do) from passing them; `update` when the order's counts change.
   */
  async lockOrder(tx: Transaction, id: number, strength: 'share' | 'update'): Promise<LockedOrder | undefined> {
    const [row] = await tx
      .select({
        technicianId: sessions.technicianId,
        status: sessions.status,
        createdAt: toMilliseconds(sessions.createdAt).mapWith((value: string | Date) => new Date(value)),
        now: sql<Date>`clock_timestamp()`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(sessions)
      .where(eq(sessions.id, id))
      .for(strength);
    return row;
  }

  async orderTechnicianId(sessionId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ technicianId: sessions.technicianId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.technicianId;
  }

  async hasItem(sessionId: number, itemId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionItems.id })
      .from(sessionItems)
      .where(and(eq(sessionItems.id, itemId), eq(sessionItems.sessionId, sessionId)));
    return row !== undefined;
  }

  /** The order's item, locked so versions of one item are written one after another. */
  async lockItem(tx: Transaction, sessionId: number, itemId: number): Promise<LockedItem | undefined> {
    const [row] = await tx
      .select({
        id: sessionItems.id,
        status: sessionItems.status,
        exceptionReason: sessionItems.exceptionReason,
        findingId: sessionItems.findingId,
        trapId: traps.id,
        trapCode: traps.code,
        trapType: traps.type,
        siteId: traps.siteId,
        currentRecordedAt:
          sql<Date | null>`(select ${findings.recordedAt} from ${findings} where ${findings.id} = ${sessionItems.findingId})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
      })
      .from(sessionItems)
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .where(and(eq(sessionItems.id, itemId), eq(sessionItems.sessionId, sessionId)))
      .for('no key update', { of: sessionItems });
    return row;
  }

  async findingByClientId(
    tx: Transaction,
    clientFindingId: string,
  ): Promise<{ id: number; itemId: number } | undefined> {
    const [row] = await tx
      .select({ id: findings.id, itemId: findings.itemId })
      .from(findings)
      .where(eq(findings.clientFindingId, clientFindingId));
    return row;
  }

  /** The given pests that exist and are active, with their groups. */
  activePests(tx: Transaction, ids: number[]): Promise<{ id: number; group: PestGroup }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: pests.id, group: pests.group })
      .from(pests)
      .where(and(inArray(pests.id, ids), eq(pests.isActive, true)));
  }

  /** How many other devices the technician recorded findings of in (from, to]. */
  async devicesRecordedBetween(
    tx: Transaction,
    technicianId: number,
    window: { from: Date; to: Date },
    exceptItemId: number,
  ): Promise<number> {
    const [row] = await tx
      .select({ devices: countDistinct(findings.itemId) })
      .from(findings)
      .where(
        and(
          eq(findings.technicianId, technicianId),
          gt(findings.recordedAt, window.from),
          lte(findings.recordedAt, window.to),
          ne(findings.itemId, exceptItemId),
        ),
      );
    return row!.devices;
  }

  /** Adds a version with its captures; `current` makes it the item's current one. */
  async insertFinding(tx: Transaction, values: NewFinding, captures: NewCapture[], current: boolean): Promise<number> {
    const [row] = await tx.insert(findings).values(values).returning({ id: findings.id });
    const id = row!.id;
    if (captures.length > 0) {
      await tx
        .insert(findingCaptures)
        .values(captures.map((capture) => ({ ...capture, findingId: id, recordedAt: values.recordedAt })));
    }
    if (current) await tx.update(sessionItems).set({ findingId: id }).where(eq(sessionItems.id, values.itemId));
    return id;
  }

  /** The item whose completion used this client id: a scan's or an exception's, in any order. */
  async itemByClientScanId(
    tx: Transaction,
    clientScanId: string,
  ): Promise<{ id: number; exceptionReason: ExceptionReason | null } | undefined> {
    const [row] = await tx
      .select({ id: sessionItems.id, exceptionReason: sessionItems.exceptionReason })
      .from(sessionItems)
      .where(eq(sessionItems.clientScanId, clientScanId));
    return row;
  }

  /** Completes the item without a scan, and counts it in its order, as a scan does. */
  async recordException(
    tx: Transaction,
    values: {
      sessionId: number;
      itemId: number;
      reason: ExceptionReason;
      note: string;
      clientScanId: string;
      completedAt: Date;
      receivedAt: Date;
      completedById: number;
    },
  ): Promise<void> {
    await tx
      .update(sessionItems)
      .set({
        status: 'COMPLETED',
        completedAt: values.completedAt,
        receivedAt: values.receivedAt,
        completedById: values.completedById,
        clientScanId: values.clientScanId,
        exceptionReason: values.reason,
        exceptionNote: values.note,
      })
      .where(eq(sessionItems.id, values.itemId));
    await tx
      .update(sessions)
      .set({
        completedCount: sql`${sessions.completedCount} + 1`,
        status: sql`case when ${sessions.status} = 'PENDING' then 'IN_PROGRESS' else ${sessions.status} end`,
        startedAt: sql`coalesce(${sessions.startedAt}, ${values.receivedAt})`,
      })
      .where(eq(sessions.id, values.sessionId));
  }

  async photoByClientId(tx: Transaction, clientPhotoId: string): Promise<{ id: number; itemId: number } | undefined> {
    const [row] = await tx
      .select({ id: photos.id, itemId: photos.itemId })
      .from(photos)
      .where(eq(photos.clientPhotoId, clientPhotoId));
    return row;
  }

  async photoCount(tx: Transaction, itemId: number): Promise<number> {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(photos).where(eq(photos.itemId, itemId));
    return row!.count;
  }

  async insertPhoto(
    tx: Transaction,
    values: { itemId: number; fileId: number; clientPhotoId: string; technicianId: number },
  ): Promise<number> {
    const [row] = await tx.insert(photos).values(values).returning({ id: photos.id });
    return row!.id;
  }

  /** A photo with its order's technician and state; locked with its order's row when `tx` is given. */
  async photo(id: number, tx?: Transaction): Promise<PhotoRow | undefined> {
    const query = (tx ?? this.db)
      .select({
        id: photos.id,
        itemId: photos.itemId,
        sessionId: sessions.id,
        orderTechnicianId: sessions.technicianId,
        orderStatus: sessions.status,
        fileId: photos.fileId,
      })
      .from(photos)
      .innerJoin(sessionItems, eq(sessionItems.id, photos.itemId))
      .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
      .where(eq(photos.id, id));
    const [row] = tx ? await query.for('share', { of: sessions }) : await query;
    return row;
  }

  /** Deletes the photo; its file goes with it (trigger photos_file_delete). */
  async deletePhoto(tx: Transaction, id: number): Promise<void> {
    await tx.delete(photos).where(eq(photos.id, id));
  }

  async photoJson(id: number): Promise<Photo | undefined> {
    const [row] = await this.db
      .select({
        id: photos.id,
        sessionId: sessionItems.sessionId,
        itemId: photos.itemId,
        mediaType: files.mediaType,
        size: files.size,
        takenById: technicians.id,
        takenByName: technicians.fullName,
        createdAt: photos.createdAt,
      })
      .from(photos)
      .innerJoin(sessionItems, eq(sessionItems.id, photos.itemId))
      .innerJoin(files, eq(files.id, photos.fileId))
      .leftJoin(technicians, eq(technicians.id, photos.technicianId))
      .where(eq(photos.id, id));
    if (!row) return undefined;
    return {
      id: row.id,
      sessionId: row.sessionId,
      itemId: row.itemId,
      mediaType: row.mediaType as Photo['mediaType'],
      size: row.size,
      takenBy: row.takenById === null ? null : { id: row.takenById, fullName: row.takenByName! },
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** One finding version as the API answers it (src/db/functions/rondin_finding_json.sql). */
  async findingJson(id: number): Promise<Finding> {
    const [row] = await queryRows<{ finding: Finding }>(
      this.db,
      'select finding from rondin_finding_json where id = $1',
      [id],
    );
    return row!.finding;
  }

  /** Every version of the item, the current one first, then newest recorded first. */
  async versionsJson(itemId: number): Promise<Finding[]> {
    const rows = await queryRows<{ finding: Finding }>(
      this.db,
      `select f.finding from rondin_finding_json f join findings v on v.id = f.id
       where f.item_id = $1 order by (f.finding->>'isCurrent')::boolean desc, v.recorded_at desc, v.id desc`,
      [itemId],
    );
    return rows.map((row) => row.finding);
  }

  async itemJson(id: number): Promise<SessionItem> {
    const [row] = await queryRows<{ item: SessionItem }>(this.db, 'select item from rondin_item_json where id = $1', [
      id,
    ]);
    return row!.item;
  }

  async summaryJson(sessionId: number): Promise<SessionSummary> {
    const [row] = await queryRows<{ summary: SessionSummary }>(
      this.db,
      'select summary from rondin_session_summary_json where id = $1',
      [sessionId],
    );
    return row!.summary;
  }
}
