import type {
  Capture,
  ExceptionReason,
  PestGroup,
  Qualification,
  RiskLevel,
  ThresholdLevel,
  ThresholdMetric,
  TrapType,
  TrendThreshold,
  Zone,
} from '@rondin/contracts';
import { PEST_GROUPS } from '@rondin/contracts';
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import {
  certificates,
  correctiveActions,
  findings,
  sessionItems,
  sessions,
  technicians,
  thresholdBreaches,
  traps,
} from '../../db/schema.js';
import { capturesOf } from '../reports/reports.repository.js';
import { countTrends, type TrendRow, trendThresholds, withThresholdsInForce } from '../reports/trends.repository.js';

/** What every query of a pack reads: one site and the half-open period [from, to). */
export interface PackRange {
  siteId: number;
  from: Date;
  to: Date;
}

export interface PackSite {
  id: number;
  name: string;
  client: string | null;
  address: string | null;
  timeZone: string | null;
}

/** A person who worked at the site in the period: ran an order or applied a product. */
export interface PackTechnician {
  fullName: string;
  role: 'ADMIN' | 'TECH';
  qualification: Qualification | null;
  licenceNumber: string | null;
  licenceExpiresAt: string | null;
  orders: number;
}

export interface PackDevice {
  trapId: number;
  code: string;
  area: string | null;
  zone: Zone | null;
  type: TrapType;
  riskLevel: RiskLevel | null;
  isActive: boolean;
  /** When it was registered: months before it are not months it went without a visit. */
  createdAt: Date;
  /** The product last applied at the device up to the period's end (its bait), when any. */
  bait: string | null;
}

export interface PackCertificate {
  year: number;
  number: number;
  revision: number;
  issuedAt: Date;
  technician: string;
  sha256: string | null;
  replaced: boolean;
}

/** Inspections of an area in the period (current finding versions) and what they caught, by pest group. */
export interface PackActivity {
  area: string | null;
  devices: number;
  inspections: number;
  withActivity: number;
  captures: Partial<Record<PestGroup, number>>;
}

export interface PackApplication {
  startedAt: Date;
  product: string;
  registrationNumber: string;
  batch: string;
  quantity: number;
  unit: string;
  dose: string | null;
  method: string;
  where: string | null;
  applicator: string;
}

export interface PackThreshold {
  trapType: TrapType;
  zone: Zone | null;
  riskLevel: RiskLevel | null;
  metric: ThresholdMetric;
  pestGroup: PestGroup | null;
  level: 'ALERTA' | 'ACCION';
  value: number;
  siteOwn: boolean;
}

export interface PackBreach {
  occurredAt: Date;
  code: string;
  area: string | null;
  level: 'ALERTA' | 'ACCION';
  exceptionReason: ExceptionReason | null;
  breaches: { metric: ThresholdMetric; pestGroup?: string | null; limit?: number; observed?: number }[];
  actionId: number | null;
}

/** Quarters by zone over the period and the year before it, and the limits in force at its end. */
export interface PackTrends {
  rows: TrendRow[];
  limits: TrendThreshold[];
}

export interface PackAction {
  id: number;
  origin: 'UMBRAL' | 'MANUAL' | 'RECOMENDACION';
  detectedAt: Date;
  description: string;
  where: string | null;
  severity: string;
  responsible: 'EMPRESA' | 'CLIENTE';
  responsibleName: string | null;
  dueDate: string;
  status: 'ABIERTA' | 'EN_CURSO' | 'CERRADA';
  closedAt: Date | null;
  /** How it was verified (by whom, when) and the closing note: what the pack says of its close. */
  closingNote: string | null;
}

/** One limit an inspection crossed, as `threshold_breaches.breaches` holds it. */
export interface PackInspectionBreach {
  metric: ThresholdMetric;
  pestGroup: PestGroup | null;
  level: ThresholdLevel;
  limit: number;
  observed: number;
}

/** A row of the annex: one device inspection with its finding, certificate, breach and catches. */
export type PackInspection = Awaited<ReturnType<typeof inspectionRows>>[number] & { captures: Capture[] };

const GROUP_COLUMNS = PEST_GROUPS.map((group) => group.toLowerCase());

/**
 * The site's inspections of [from, to) for the audit pack's Excel annex, oldest first, `batchSize` at the most:
 * those after `after`, the last item of the previous batch (its time is read back exactly: microseconds, not a JS
 * Date's milliseconds). Through session_items_completed_idx from where the last batch ended.
 */
function inspectionRows(db: Database, { siteId, from, to }: PackRange, batchSize: number, after: number | undefined) {
  return (
    db
      .select({
        id: sessionItems.id,
        sessionId: sessionItems.sessionId,
        completedAt: sessionItems.completedAt,
        exceptionReason: sessionItems.exceptionReason,
        exceptionDetail: sessionItems.exceptionDetail,
        exceptionNote: sessionItems.exceptionNote,
        manualReason: sessionItems.manualReason,
        manualCode: sessionItems.manualCode,
        findingId: sessionItems.findingId,
        technician: technicians.fullName,
        code: traps.code,
        area: traps.area,
        zone: traps.zone,
        type: traps.type,
        deviceStatus: findings.deviceStatus,
        activity: findings.activity,
        baitConsumption: findings.baitConsumption,
        notes: findings.notes,
        folioYear: certificates.year,
        folioNumber: certificates.number,
        photos: sql<number>`(select count(*) from photos where photos.item_id = ${sessionItems.id})::int`,
        breachLevel: thresholdBreaches.level,
        breaches: sql<PackInspectionBreach[] | null>`${thresholdBreaches.breaches}`,
        actionId: correctiveActions.id,
        actionStatus: correctiveActions.status,
      })
      .from(sessionItems)
      .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .leftJoin(technicians, eq(technicians.id, sessionItems.completedById))
      .leftJoin(findings, eq(findings.id, sessionItems.findingId))
      .leftJoin(certificates, and(eq(certificates.sessionId, sessionItems.sessionId), isNull(certificates.replacedAt)))
      // What the current version crossed (one row a finding version), or the exception (its row has no finding).
      .leftJoin(
        thresholdBreaches,
        and(
          eq(thresholdBreaches.itemId, sessionItems.id),
          or(
            eq(thresholdBreaches.findingId, sessionItems.findingId),
            and(isNull(thresholdBreaches.findingId), isNull(sessionItems.findingId)),
          ),
        ),
      )
      .leftJoin(
        correctiveActions,
        eq(correctiveActions.id, sql`coalesce(${thresholdBreaches.actionId}, ${thresholdBreaches.areaActionId})`),
      )
      .where(
        and(
          eq(sessions.siteId, siteId),
          eq(sessionItems.status, 'COMPLETED'),
          gte(sessionItems.completedAt, from),
          lt(sessionItems.completedAt, to),
          after === undefined
            ? undefined
            : sql`(${sessionItems.completedAt}, ${sessionItems.id}) > ((select completed_at from session_items where id = ${after}), ${after})`,
        ),
      )
      .orderBy(asc(sessionItems.completedAt), asc(sessionItems.id))
      .limit(batchSize)
  );
}

/**
 * The audit pack's own reads (DESIGN-audit.md "Certificates and the audit pack"): what no other module answers
 * for a site over a period. Coverage, trends, plans and product totals come from their modules.
 */
export class AuditPackRepository {
  constructor(private readonly db: Database) {}

  async site(id: number): Promise<PackSite | undefined> {
    const [row] = await queryRows<PackSite>(
      this.db,
      `SELECT id, name, client, address, time_zone AS "timeZone" FROM sites WHERE id = $1`,
      [id],
    );
    return row;
  }

  technicians(range: PackRange): Promise<PackTechnician[]> {
    return queryRows<PackTechnician>(
      this.db,
      `WITH worked AS (
         SELECT technician_id AS id, count(*)::int AS orders FROM sessions
         WHERE site_id = $1 AND coalesce(scheduled_at, created_at) >= $2 AND coalesce(scheduled_at, created_at) < $3
         GROUP BY technician_id
         UNION ALL
         SELECT a.applicator_id, 0 FROM applications a JOIN sessions s ON s.id = a.session_id
         WHERE s.site_id = $1 AND a.started_at >= $2 AND a.started_at < $3
       )
       SELECT t.full_name AS "fullName", t.role, t.qualification, t.licence_number AS "licenceNumber",
              to_char(t.licence_expires_at, 'YYYY-MM-DD') AS "licenceExpiresAt", sum(w.orders)::int AS orders
       FROM worked w JOIN technicians t ON t.id = w.id
       GROUP BY t.id ORDER BY lower(t.full_name), t.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** The site's active devices and those retired after the period began, in code order, with their bait. */
  devices(range: PackRange): Promise<PackDevice[]> {
    return queryRows<PackDevice>(
      this.db,
      `SELECT t.id AS "trapId", t.code, t.area, t.zone, t.type, t.risk_level AS "riskLevel", t.is_active AS "isActive",
              t.created_at AS "createdAt",
              (SELECT p.name FROM applications a JOIN products p ON p.id = a.product_id
               WHERE a.trap_id = t.id AND a.started_at < $3 ORDER BY a.started_at DESC, a.id DESC LIMIT 1) AS bait
       FROM traps t
       WHERE t.site_id = $1 AND (t.is_active OR EXISTS (
         SELECT 1 FROM session_items i JOIN sessions s ON s.id = i.session_id
         WHERE i.trap_id = t.id AND coalesce(s.scheduled_at, s.created_at) >= $2))
       ORDER BY lower(t.code) COLLATE "C", t.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** Certificates issued in the period for the site's orders, every revision, by folio. */
  certificates(range: PackRange): Promise<PackCertificate[]> {
    return queryRows<PackCertificate>(
      this.db,
      `SELECT c.year, c.number, c.revision, c.issued_at AS "issuedAt", t.full_name AS technician, c.sha256,
              c.replaced_at IS NOT NULL AS replaced
       FROM certificates c JOIN sessions s ON s.id = c.session_id JOIN technicians t ON t.id = s.technician_id
       WHERE s.site_id = $1 AND c.issued_at >= $2 AND c.issued_at < $3
       ORDER BY c.year, c.number, c.revision`,
      [range.siteId, range.from, range.to],
    );
  }

  /** Per area: its devices inspected, their inspections, those with activity and the catches by group. */
  async activity(range: PackRange): Promise<PackActivity[]> {
    const rows = await queryRows<Omit<PackActivity, 'captures'> & Record<string, number | null>>(
      this.db,
      `SELECT t.area, count(DISTINCT s.trap_id)::int AS devices, count(*)::int AS inspections,
              (count(*) FILTER (WHERE s.active))::int AS "withActivity",
              ${GROUP_COLUMNS.map((column) => `sum(s.${column})::int AS ${column}`).join(', ')}
       FROM trend_inspections s JOIN traps t ON t.id = s.trap_id
       WHERE s.site_id = $1 AND s.recorded_at >= $2 AND s.recorded_at < $3
       GROUP BY t.area ORDER BY t.area NULLS LAST`,
      [range.siteId, range.from, range.to],
    );
    return rows.map((row) => {
      const captures: Partial<Record<PestGroup, number>> = {};
      PEST_GROUPS.forEach((group, index) => {
        const value = row[GROUP_COLUMNS[index]!];
        if (typeof value === 'number') captures[group] = value;
      });
      return {
        area: row.area,
        devices: row.devices,
        inspections: row.inspections,
        withActivity: row.withActivity,
        captures,
      };
    });
  }

  applications(range: PackRange): Promise<PackApplication[]> {
    return queryRows<PackApplication>(
      this.db,
      `SELECT a.started_at AS "startedAt", p.name AS product, p.registration_number AS "registrationNumber", a.batch,
              a.quantity, a.unit, a.dose, a.method, coalesce(t.code, a.area) AS "where", u.full_name AS applicator
       FROM applications a JOIN sessions s ON s.id = a.session_id JOIN products p ON p.id = a.product_id
       JOIN technicians u ON u.id = a.applicator_id LEFT JOIN traps t ON t.id = a.trap_id
       WHERE s.site_id = $1 AND a.started_at >= $2 AND a.started_at < $3
       ORDER BY a.started_at, a.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** The limits in force at the period's end: the site's own, and the global ones it does not replace. */
  thresholds(range: PackRange): Promise<PackThreshold[]> {
    return queryRows<PackThreshold>(
      this.db,
      `${withThresholdsInForce('$1', '$2')}
       SELECT c.trap_type AS "trapType", c.zone, c.risk_level AS "riskLevel", c.metric, c.pest_group AS "pestGroup",
              c.level, c.value, c.site_id IS NOT NULL AS "siteOwn"
       FROM in_force c
       ORDER BY c.trap_type, c.zone NULLS FIRST, c.risk_level NULLS FIRST, c.metric, c.pest_group NULLS FIRST,
                c.level DESC`,
      [range.siteId, new Date(range.to.getTime() - 1)],
    );
  }

  breaches(range: PackRange): Promise<PackBreach[]> {
    return queryRows<PackBreach>(
      this.db,
      `SELECT b.occurred_at AS "occurredAt", t.code, t.area, b.level, b.exception_reason AS "exceptionReason",
              b.breaches, coalesce(b.action_id, b.area_action_id) AS "actionId"
       FROM threshold_breaches b JOIN traps t ON t.id = b.trap_id
       WHERE b.site_id = $1 AND b.occurred_at >= $2 AND b.occurred_at < $3
       ORDER BY b.occurred_at, b.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** Actions detected in the period, and those detected before it still open when it began. */
  actions(range: PackRange): Promise<PackAction[]> {
    return queryRows<PackAction>(
      this.db,
      `SELECT a.id, a.origin, a.detected_at AS "detectedAt", a.description, coalesce(t.code, a.area) AS "where",
              a.severity, a.responsible, a.responsible_name AS "responsibleName",
              to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.status, a.closed_at AS "closedAt",
              nullif(concat_ws(' ',
                'Verificada el ' || to_char(a.verified_on, 'DD/MM/YYYY') || ' por ' || a.verified_by || ': ' || a.verification_result,
                a.closing_note), '') AS "closingNote"
       FROM corrective_actions a LEFT JOIN traps t ON t.id = a.trap_id
       WHERE a.site_id = $1 AND a.detected_at < $3 AND (a.detected_at >= $2 OR a.closed_at IS NULL OR a.closed_at >= $2)
       ORDER BY a.origin = 'RECOMENDACION', a.detected_at, a.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** A batch of the annex's inspections (see inspectionRows), each with its catches. */
  async inspections(range: PackRange, batchSize: number, after: number | undefined): Promise<PackInspection[]> {
    const rows = await inspectionRows(this.db, range, batchSize, after);
    const captures = await capturesOf(
      this.db,
      rows.flatMap((row) => (row.findingId === null ? [] : [row.findingId])),
    );
    return rows.map((row) => ({ ...row, captures: row.findingId === null ? [] : (captures.get(row.findingId) ?? []) }));
  }

  /** The trends' own count (modules/reports), by quarter and zone, from a year before the period. */
  async trends(range: PackRange, timeZone: string): Promise<PackTrends> {
    const from = new Date(range.from);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    const rows = await countTrends(this.db, { from, to: range.to, siteId: range.siteId }, 'quarter', 'zone', timeZone);
    const limits = await trendThresholds(this.db, range.siteId, new Date(range.to.getTime() - 1), 'zone');
    return { rows, limits };
  }
}
