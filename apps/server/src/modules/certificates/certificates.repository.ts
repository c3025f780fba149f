import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ActionStatus, VerifiedContent } from '@rondin/contracts';
import { auditAs } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import {
  certificateCounters,
  certificates,
  companySettings,
  correctiveActions,
  findings,
  photos,
  sessionItems,
  sessions,
  sites,
  technicians,
  thresholdBreaches,
  traps,
} from '../../db/schema.js';

export type CertificateRow = typeof certificates.$inferSelect;

/** What the close writes: who signed for the client (or that nobody could, and why), and the closer's signature. */
export interface IssueInput {
  sessionId: number;
  clientName: string | null;
  clientRole: string | null;
  clientSignatureFileId: number | null;
  clientAbsent: boolean;
  clientAbsentReason: string | null;
  technicianSignatureFileId: number;
}

/** A corrective action as the certificate lists it. */
export interface CertificateAction {
  id: number;
  description: string;
  status: ActionStatus;
  responsible: string;
  responsibleName: string | null;
  dueDate: string | null;
  trapCode: string | null;
  area: string | null;
}

/** A finding of the certificate's order corrected after the certificate was issued. */
const correctedSince = sql`exists (
  select 1 from ${findings} f join ${sessionItems} i on i.id = f.item_id
  where i.session_id = ${certificates.sessionId} and f.is_correction and f.received_at > ${certificates.issuedAt})`;

export class CertificatesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Gives the order its certificate in the close's transaction: the year's next number (the upsert locks the
   * year's counter row until commit, so concurrent closes take numbers one after another, and a rolled-back
   * close gives its number back), and a random code. The year is the close's, in `timeZone`.
   */
  async issue(tx: Transaction, input: IssueInput, code: string, timeZone: string): Promise<CertificateRow> {
    // The year the order closes in, where it was served: the site's zone, else the server's.
    const [{ year }] = (
      (await tx.execute(
        sql`select extract(year from (clock_timestamp() at time zone coalesce(${sites.timeZone}, ${timeZone})))::int as year
            from ${sessions} join ${sites} on ${sites.id} = ${sessions.siteId} where ${sessions.id} = ${input.sessionId}`,
      )) as unknown as { rows: { year: number }[] }
    ).rows as [{ year: number }];
    const [counter] = await tx
      .insert(certificateCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: certificateCounters.year,
        set: { lastNumber: sql`${certificateCounters.lastNumber} + 1` },
      })
      .returning({ number: certificateCounters.lastNumber });
    const [row] = await tx
      .insert(certificates)
      .values({ ...input, year, number: counter!.number, code, issuedAt: sql`clock_timestamp()` })
      .returning();
    return row!;
  }

  /** The order's certificate in force (the latest revision), if it has one. */
  async current(sessionId: number, tx: Database | Transaction = this.db): Promise<CertificateRow | undefined> {
    const [row] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.sessionId, sessionId), isNull(certificates.replacedAt)));
    return row;
  }

  /** The certificates in force of these orders (one each at most), for a list of visits. */
  inForce(sessionIds: readonly number[]) {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        sessionId: certificates.sessionId,
        year: certificates.year,
        number: certificates.number,
        revision: certificates.revision,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(and(inArray(certificates.sessionId, [...sessionIds]), isNull(certificates.replacedAt)));
  }

  /** The same, locked: the first request to store its PDF does it, the others wait and find it stored. */
  async lockCurrent(tx: Transaction, sessionId: number): Promise<CertificateRow | undefined> {
    const [row] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.sessionId, sessionId), isNull(certificates.replacedAt)))
      .for('update');
    return row;
  }

  /**
   * The order's certificate in force, locked, when an administrator corrected one of its findings after it was
   * issued (a version with is_correction received since): the document no longer says what the records say.
   */
  async lockOutdated(tx: Transaction, sessionId: number): Promise<CertificateRow | undefined> {
    const [row] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.sessionId, sessionId), isNull(certificates.replacedAt), correctedSince))
      .for('update');
    return row;
  }

  /** Whether the certificate in force is outdated (lockOutdated), read without a lock. */
  async outdated(sessionId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.sessionId, sessionId), isNull(certificates.replacedAt), correctedSince));
    return row !== undefined;
  }

  /**
   * Replaces `current` by its next revision: the same folio and signatures, a new random code and issue time,
   * and no PDF yet (drawn from the records as they are now). `current` stays, marked replaced, so its code
   * still verifies, as "sustituido".
   */
  async revise(tx: Transaction, current: CertificateRow, code: string): Promise<CertificateRow> {
    await tx.update(certificates).set({ replacedAt: sql`clock_timestamp()` }).where(eq(certificates.id, current.id));
    const [row] = await tx
      .insert(certificates)
      .values({
        sessionId: current.sessionId,
        year: current.year,
        number: current.number,
        revision: current.revision + 1,
        code,
        issuedAt: sql`clock_timestamp()`,
        clientName: current.clientName,
        clientRole: current.clientRole,
        clientSignatureFileId: current.clientSignatureFileId,
        clientAbsent: current.clientAbsent,
        clientAbsentReason: current.clientAbsentReason,
        technicianSignatureFileId: current.technicianSignatureFileId,
      })
      .returning();
    return row!;
  }

  /** The PDF drawn, its hash and what it says (for the verification page), stored together. */
  async attachPdf(
    tx: Transaction,
    id: number,
    pdf: { fileId: number; sha256: string; content: VerifiedContent },
  ): Promise<void> {
    await tx.update(certificates).set(pdf).where(eq(certificates.id, id));
  }

  /** What the public verification page shows of a code's certificate: nothing more is read. */
  async verification(code: string) {
    const [row] = await this.db
      .select({
        year: certificates.year,
        number: certificates.number,
        revision: certificates.revision,
        issuedAt: certificates.issuedAt,
        sha256: certificates.sha256,
        replacedAt: certificates.replacedAt,
        content: certificates.content,
        site: sites.name,
        company: companySettings.name,
      })
      .from(certificates)
      .innerJoin(sessions, eq(sessions.id, certificates.sessionId))
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .leftJoin(companySettings, eq(companySettings.id, 1))
      .where(eq(certificates.code, code));
    return row;
  }

  /** The technician's licence and qualification, as the certificate prints them. */
  async technician(id: number, tx: Database | Transaction = this.db) {
    const [row] = await tx
      .select({
        fullName: technicians.fullName,
        licenceNumber: technicians.licenceNumber,
        licenceExpiresAt: technicians.licenceExpiresAt,
        qualification: technicians.qualification,
        signatureFileId: technicians.signatureFileId,
      })
      .from(technicians)
      .where(eq(technicians.id, id));
    return row;
  }

  /**
   * The account's stored signature file for a close, its row held for share until the close commits: a replacement
   * made meanwhile (setOwnSignature locks the row for update) waits, then finds the file signed with and keeps it.
   */
  async signatureForClose(tx: Transaction, id: number): Promise<number | null> {
    const [row] = await tx
      .select({ signatureFileId: technicians.signatureFileId })
      .from(technicians)
      .where(eq(technicians.id, id))
      .for('share');
    return row?.signatureFileId ?? null;
  }

  /** The account's own change, which the change log records as theirs. */
  async setOwnSignature(tx: Transaction, technicianId: number, fileId: number | null): Promise<number | null> {
    await auditAs(tx, { id: technicianId });
    const [before] = await tx
      .select({ fileId: technicians.signatureFileId })
      .from(technicians)
      .where(eq(technicians.id, technicianId))
      .for('update');
    await tx.update(technicians).set({ signatureFileId: fileId }).where(eq(technicians.id, technicianId));
    return before?.fileId ?? null;
  }

  /** Whether a certificate holds this file as a signature: then it stays, as the certificate was signed. */
  async signatureInUse(tx: Transaction, fileId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.technicianSignatureFileId, fileId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The corrective actions this order's findings and exceptions opened or joined, and the site's client
   * recommendations (CLIENTE) still open: the certificate repeats those until they are closed.
   */
  async actions(
    sessionId: number,
    siteId: number,
  ): Promise<{ opened: CertificateAction[]; pending: CertificateAction[] }> {
    const columns = {
      id: correctiveActions.id,
      description: correctiveActions.description,
      status: correctiveActions.status,
      responsible: correctiveActions.responsible,
      responsibleName: correctiveActions.responsibleName,
      dueDate: correctiveActions.dueDate,
      trapCode: traps.code,
      area: correctiveActions.area,
    };
    // A device's action, or its area's (a repetition over neighbouring devices).
    const breachesOfOrder = (column: typeof thresholdBreaches.actionId | typeof thresholdBreaches.areaActionId) =>
      this.db
        .select({ id: column })
        .from(thresholdBreaches)
        .innerJoin(sessionItems, eq(sessionItems.id, thresholdBreaches.itemId))
        .where(eq(sessionItems.sessionId, sessionId));
    const opened = await this.db
      .select(columns)
      .from(correctiveActions)
      .leftJoin(traps, eq(traps.id, correctiveActions.trapId))
      .where(
        or(
          inArray(correctiveActions.id, breachesOfOrder(thresholdBreaches.actionId)),
          inArray(correctiveActions.id, breachesOfOrder(thresholdBreaches.areaActionId)),
        ),
      )
      .orderBy(asc(correctiveActions.id));
    const pending = await this.db
      .select(columns)
      .from(correctiveActions)
      .leftJoin(traps, eq(traps.id, correctiveActions.trapId))
      .where(
        and(
          eq(correctiveActions.siteId, siteId),
          eq(correctiveActions.responsible, 'CLIENTE'),
          ne(correctiveActions.status, 'CERRADA'),
        ),
      )
      .orderBy(asc(correctiveActions.id));
    return { opened, pending };
  }

  /** The site's next visit: its earliest open order scheduled after `after`. */
  async nextVisit(siteId: number, after: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sessions.scheduledAt })
      .from(sessions)
      .where(and(eq(sessions.siteId, siteId), ne(sessions.status, 'COMPLETED'), gt(sessions.scheduledAt, after)))
      .orderBy(asc(sessions.scheduledAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** The stored file of each of these photos, by the photo's id. */
  /** Each photo's file, and its thumbnail's when it was made at upload. */
  async photoFiles(photoIds: number[]): Promise<Map<number, { fileId: number; thumbnailFileId: number | null }>> {
    if (photoIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: photos.id, fileId: photos.fileId, thumbnailFileId: photos.thumbnailFileId })
      .from(photos)
      .where(inArray(photos.id, photoIds));
    return new Map(rows.map(({ id, ...files }) => [id, files]));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
