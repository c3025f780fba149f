import type { Finding, Photo, SessionItem, SessionSummary } from '@rondin/contracts';
import type {
  ExceptionReason,
  ExceptionReasonDetail,
  ManualReason,
  PestGroup,
  RecordedFacts,
  TrapType,
} from '@rondin/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/database.js';
import { files, labelReprints, photos, sessionItems, sessions, technicians, traps } from '../../db/schema.js';

/** An order as a write to one of its items reads it, under lock. */
export interface LockedOrder {
  technicianId: number;
  status: (typeof sessions.$inferSelect)['status'];
  /** The order's creation to the millisecond: a device time before it is not plausible. */
  createdAt: Date;
  /** The database's clock: one clock for every process, as the scan uses. */
  now: Date;
}

/** An item as a write to it reads it, under lock. */
export interface LockedItem {
  id: number;
  status: (typeof sessionItems.$inferSelect)['status'];
  trapId: number;
  trapCode: string;
}

/** What recording a finding depends on, as rondin_finding_context reads it; nulls where nothing was found. */
export interface FindingContext {
  /** The caller's role, null when the account is not active. */
  role: 'ADMIN' | 'TECH' | null;
  tokenVersion: number | null;
  orderTechnicianId: number | null;
  orderStatus: LockedOrder['status'] | null;
  itemStatus: LockedItem['status'] | null;
  exceptionReason: ExceptionReason | null;
  trapType: TrapType | null;
  /** The item the finding's client id is already stored on. */
  storedItemId: number | null;
  /** The caught pests that exist and are active, with their groups. */
  pests: { id: number; group: PestGroup }[];
  trapCode: string | null;
  /** The order's creation to the millisecond: a device time before it is not plausible. */
  orderCreatedAt: Date | null;
  /** The item's current version, what a new one may lower; null when it has none. */
  currentFinding: CurrentFinding | null;
}

/** The item's current version as far as lowering it is concerned. */
export interface CurrentFinding extends RecordedFacts {
  id: number;
  recordedAt: string;
}

/** A version checked against its context, with what it was checked against. */
export interface FindingWrite {
  sessionId: number;
  itemId: number;
  user: { id: number; tokenVersion: number };
  /** The order was closed when checked: an administrator's correction. */
  correction: boolean;
  trapType: TrapType;
  pests: { id: number; group: PestGroup }[];
  finding: {
    clientFindingId: string;
    deviceTime: string;
    deviceStatus: string;
    /** Null for a replay: the version stored is answered, nothing is written. */
    activity: string | null;
    derivedActivity: string | null;
    baitConsumption: number | null;
    baitState: string | null;
    evidence: string[];
    actions: string[];
    notes: string | null;
    reason: string | null;
    captures: { pestId: number; count: number | null; band: string | null }[];
    /** The item's current version this one was checked against: the write answers CHANGED if it is no longer. */
    currentFindingId: number | null;
  };
  rules: { lateDeliveryMs: number; cadenceWindowMs: number; cadenceMaxDevices: number };
}

export type FindingWritten =
  | { result: 'RECORDED' | 'REPLAYED'; technicianId: number; finding: Finding; item: SessionItem }
  | { result: 'CHANGED'; technicianId: null; finding: null; item: null };

export interface PhotoRow {
  id: number;
  itemId: number;
  sessionId: number;
  /** The technician the photo's order is assigned to. */
  orderTechnicianId: number;
  orderStatus: LockedOrder['status'];
  /** The order's site: a portal account (CLIENTE) of it sees the photo. */
  siteId: number;
  fileId: number;
}

/** rondin_finding's arguments, in order. */
function findingParams(write: FindingWrite): unknown[] {
  return [
    write.sessionId,
    write.itemId,
    write.user.id,
    write.user.tokenVersion,
    write.correction,
    write.trapType,
    JSON.stringify(write.pests),
    JSON.stringify(write.finding),
    `${write.rules.lateDeliveryMs} milliseconds`,
    `${write.rules.cadenceWindowMs} milliseconds`,
    write.rules.cadenceMaxDevices,
  ];
}

/** The instant a timestamp column holds, to the millisecond (JavaScript's precision). */
const toMilliseconds = (column: unknown) => sql<Date>`date_trunc('milliseconds', ${column})`;

/** Findings, exceptions and photos of order items. The JSON the API answers is built by the database (sql/). */
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

  /** The order's item, locked so writes to one item (its exception, its photos) come one after another. */
  async lockItem(tx: Transaction, sessionId: number, itemId: number): Promise<LockedItem | undefined> {
    const [row] = await tx
      .select({ id: sessionItems.id, status: sessionItems.status, trapId: sessionItems.trapId, trapCode: traps.code })
      .from(sessionItems)
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .where(and(eq(sessionItems.id, itemId), eq(sessionItems.sessionId, sessionId)))
      .for('no key update', { of: sessionItems });
    return row;
  }

  /** What recording a finding depends on, read without locks (sql/rondin_finding_context.sql). */
  async findingContext(
    user: { id: number },
    sessionId: number,
    itemId: number,
    clientFindingId: string,
    pestIds: number[],
  ): Promise<FindingContext> {
    const [row] = await queryRows<FindingContext>(
      this.db,
      `select role, token_version as "tokenVersion", order_technician_id as "orderTechnicianId",
         order_status as "orderStatus", item_status as "itemStatus", exception_reason as "exceptionReason",
         trap_type as "trapType", stored_item_id as "storedItemId", pests, trap_code as "trapCode",
         order_created_at as "orderCreatedAt", current_finding as "currentFinding"
       from rondin_finding_context($1::integer, $2::integer, $3::integer, $4::uuid, $5::integer[])`,
      [sessionId, itemId, user.id, clientFindingId, pestIds],
    );
    // Each driver reads a timestamptz its own way: one Date for both.
    return { ...row!, orderCreatedAt: row!.orderCreatedAt === null ? null : new Date(row!.orderCreatedAt) };
  }

  /** Writes a checked version in one round trip (sql/rondin_finding.sql). */
  async writeFinding(write: FindingWrite): Promise<FindingWritten> {
    const [row] = await queryRows<FindingWritten>(
      this.db,
      `select result, technician_id as "technicianId", finding, item
       from rondin_finding($1::integer, $2::integer, $3::integer, $4::integer, $5::boolean, $6::text, $7::json,
         $8::json, $9::interval, $10::interval, $11::integer)`,
      findingParams(write),
    );
    return row!;
  }

  /**
   * The same write inside the caller's transaction, which already holds the order's lock (a close recording
   * «Sin novedad»): answers only how it went.
   */
  async writeFindingIn(tx: Transaction, write: FindingWrite): Promise<FindingWritten['result']> {
    const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] = findingParams(write);
    const { rows } = (await tx.execute(
      sql`select result from rondin_finding(${p1}::integer, ${p2}::integer, ${p3}::integer, ${p4}::integer,
        ${p5}::boolean, ${p6}::text, ${p7}::json, ${p8}::json, ${p9}::interval, ${p10}::interval, ${p11}::integer)`,
    )) as unknown as { rows: { result: FindingWritten['result'] }[] };
    return rows[0]!.result;
  }

  /** The database's clock, which every recorded time is judged against. */
  async now(tx: Transaction): Promise<Date> {
    const { rows } = (await tx.execute(sql`select clock_timestamp() as now`)) as unknown as {
      rows: { now: string | Date }[];
    };
    return new Date(rows[0]!.now);
  }

  /** The item whose completion used this client id: a scan's, an exception's or a typed code's, in any order. */
  async itemByClientScanId(
    tx: Transaction,
    clientScanId: string,
  ): Promise<{ id: number; exceptionReason: ExceptionReason | null; manualReason: ManualReason | null } | undefined> {
    const [row] = await tx
      .select({
        id: sessionItems.id,
        exceptionReason: sessionItems.exceptionReason,
        manualReason: sessionItems.manualReason,
      })
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
      detail: ExceptionReasonDetail | null;
      note: string | null;
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
        exceptionDetail: values.detail,
        exceptionNote: values.note,
      })
      .where(eq(sessionItems.id, values.itemId));
    await this.countCompleted(tx, values.sessionId, values.receivedAt);
  }

  /**
   * Completes the item with the device's printed code typed (outcome MANUAL), counted in its order as a scan is,
   * and queues a reprint of its label: one pending per device, so a second request keeps the first.
   */
  async recordManual(
    tx: Transaction,
    values: {
      sessionId: number;
      itemId: number;
      trapId: number;
      reason: ManualReason;
      code: string;
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
        manualReason: values.reason,
        manualCode: values.code,
      })
      .where(eq(sessionItems.id, values.itemId));
    await this.countCompleted(tx, values.sessionId, values.receivedAt);
    await tx
      .insert(labelReprints)
      .values({
        trapId: values.trapId,
        reason: values.reason,
        sessionId: values.sessionId,
        requestedById: values.completedById,
      })
      // The device's pending reprint (a partial unique index) already asks for its label.
      .onConflictDoNothing();
  }

  /** One more of the order's items done: the order started, if it was not. */
  private async countCompleted(tx: Transaction, sessionId: number, at: Date): Promise<void> {
    await tx
      .update(sessions)
      .set({
        completedCount: sql`${sessions.completedCount} + 1`,
        status: sql`case when ${sessions.status} = 'PENDING' then 'IN_PROGRESS' else ${sessions.status} end`,
        startedAt: sql`coalesce(${sessions.startedAt}, ${at})`,
      })
      .where(eq(sessions.id, sessionId));
  }

  /**
   * The corrective actions (the device's, and the area's for a repetition) a finding version or an exception
   * opened (not those it joined as an occurrence).
   */
  async actionsOpenedBy(breach: { findingId: number } | { itemId: number }): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      `select o.id from threshold_breaches b
       cross join lateral (values (b.action_id), (b.area_action_id)) o (id)
       where ${'findingId' in breach ? 'b.finding_id = $1' : 'b.item_id = $1 and b.finding_id is null'}
         and o.id is not null
         and not exists (
           select 1 from threshold_breaches e where (e.action_id = o.id or e.area_action_id = o.id) and e.id < b.id
         )`,
      ['findingId' in breach ? breach.findingId : breach.itemId],
    );
    return rows.map((row) => row.id);
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
    values: {
      itemId: number;
      fileId: number;
      thumbnailFileId: number | null;
      clientPhotoId: string;
      technicianId: number;
    },
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
        siteId: sessions.siteId,
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

  /** One finding version as the API answers it (sql/rondin_finding_json.sql). */
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
