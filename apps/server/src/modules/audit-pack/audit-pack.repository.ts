import type {
  ActivityLevel,
  ActionOrigin,
  ActionStatus,
  Capture,
  ExceptionReason,
  ExceptionReasonDetail,
  PestGroup,
  ProductImpact,
  Qualification,
  RemoteEventType,
  RiskLevel,
  SightingSource,
  ThresholdLevel,
  ThresholdMetric,
  TrapType,
  TrendThreshold,
  Zone,
} from '@rondin/contracts';
import { PEST_GROUPS } from '@rondin/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
import { inServiceSql } from '../reports/coverage.repository.js';
import {
  type ComplianceCounts,
  capturesOf,
  completionRate,
  dueInSql,
  ReportsRepository,
} from '../reports/reports.repository.js';
import { countTrends, type TrendRow, trendThresholds, withThresholdsInForce } from '../reports/trends.repository.js';

/**
 * What every query of a pack reads: one site, the half-open period [from, to) and the instant it is made at.
 * Records are placed in the period by their order's date, as the compliance figures place orders (dueIn in
 * reports.repository): scheduled within it and by `now`, or undated and created within it. A certificate issued
 * or a product applied the day after its visit belongs to the visit's period.
 */
export interface PackRange {
  siteId: number;
  from: Date;
  to: Date;
  now: Date;
}

/** The range's orders as SQL text over `alias`, the parameters being $1 site, $2 from, $3 to, $4 now. */
const inPack = (alias: string) => `${alias}.site_id = $1 AND ${dueInSql(alias, '$2', '$3', '$4')}`;
const rangeParams = (range: PackRange) => [range.siteId, range.from, range.to, range.now];

export interface PackSite {
  id: number;
  name: string;
  client: string | null;
  address: string | null;
  timeZone: string | null;
  createdAt: Date;
  /** When its first device still there was registered; null without devices. */
  firstDeviceAt: Date | null;
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
  /** In service at some time of the period by its history (else it is listed for a due order that held it). */
  inService: boolean;
  /**
   * A bait station's bait: the rodenticide (TP14) last applied at it up to the period's end, or applied in its
   * area (or the whole site) during a visit to it. Null for other devices, which hold no biocide.
   */
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
  endedAt: Date;
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

/**
 * A recommendation's acknowledgement in the portal (responsible CLIENTE): when and by whom, or nobody yet; it
 * waits from when the action was made (`createdAt`), as the client's reminder counts it.
 */
export interface PackAcknowledgement {
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
}

/** A recommendation's corrective action as it stands now. */
export interface PackRecommendationState extends PackAcknowledgement {
  actionId: number;
  status: PackAction['status'];
  closedAt: Date | null;
}

export interface PackAction extends PackAcknowledgement {
  id: number;
  origin: ActionOrigin;
  detectedAt: Date;
  detectedBy: string | null;
  description: string;
  where: string | null;
  severity: 'BAJA' | 'MEDIA' | 'ALTA';
  immediateCorrection: string | null;
  productImpactKind: ProductImpact | null;
  productImpact: string | null;
  rootCause: string | null;
  preventiveAction: string | null;
  responsible: 'EMPRESA' | 'CLIENTE';
  responsibleName: string | null;
  dueDate: string;
  status: 'ABIERTA' | 'EN_CURSO' | 'CERRADA';
  verificationPlan: string | null;
  /** How it was verified, by whom and on which day: what a close states. */
  verificationResult: string | null;
  verifiedBy: string | null;
  verifiedOn: string | null;
  closedAt: Date | null;
  closedBy: string | null;
  closingNote: string | null;
}

/** A sighting reported by the plant's staff (modules/sightings), with the corrective action it opened. */
export interface PackSighting {
  id: number;
  seenAt: Date;
  area: string;
  device: string | null;
  pestGroup: PestGroup | null;
  pest: string | null;
  description: string;
  reporter: string;
  source: SightingSource;
  actionId: number;
  actionStatus: ActionStatus;
  dueDate: string;
  closedAt: Date | null;
  closedBy: string | null;
}

/**
 * An electronic device's event of the period (modules/integrations/remote-events): never a visit, so the pack lists
 * it apart from the inspections, with the corrective actions its remote finding opened or joined.
 */
export interface PackRemoteEvent {
  id: number;
  device: string;
  area: string | null;
  type: RemoteEventType;
  occurredAt: Date;
  count: number | null;
  activity: ActivityLevel | null;
  /** «N.º 12 (Abierta)», the actions its finding crossed a threshold into; null when none. */
  actions: { id: number; status: ActionStatus }[];
}

/**
 * An order of the period not completed: closed with devices not inspected (a forced close), or still open
 * (overdue once its scheduled time has passed), with the devices it left without inspection.
 */
export interface PackUnfinishedOrder {
  id: number;
  /** Its scheduled time, or its creation when it has none. */
  at: Date;
  scheduled: boolean;
  technician: string;
  closedAt: Date | null;
  forced: boolean;
  overdue: boolean;
  items: number;
  pending: number;
  /** The codes of the devices left without inspection, in code order. */
  pendingCodes: string[];
}

/** A device of an order of the period recorded as an exception: nobody saw it. */
export interface PackException {
  orderId: number;
  at: Date;
  code: string;
  area: string | null;
  reason: ExceptionReason;
  detail: ExceptionReasonDetail | null;
  note: string | null;
}

/** An order of the period, for the annex to read its devices order by order. */
export interface PackOrder {
  id: number;
  itemCount: number;
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

/** The figures of the period, exactly as GET /api/reports/compliance gives them for the site and period. */
export type PackFigures = ComplianceCounts & { completionRate: number };

const GROUP_COLUMNS = PEST_GROUPS.map((group) => group.toLowerCase());

/**
 * Every device of the given orders for the audit pack's Excel annex, done or not: order by order in their date's
 * order, each order's devices as they were done (those left without inspection last).
 */
function inspectionRows(db: Database, orderIds: number[], now: Date) {
  const orderAt = sql`coalesce(${sessions.scheduledAt}, ${sessions.createdAt})`;
  return (
    db
      .select({
        id: sessionItems.id,
        sessionId: sessionItems.sessionId,
        orderAt: sql<Date>`${orderAt}`.mapWith(sessions.createdAt),
        orderClosed: sql<boolean>`${sessions.status} = 'COMPLETED'`,
        orderOverdue: sql<boolean>`${sessions.status} <> 'COMPLETED' and coalesce(${sessions.scheduledAt} < ${now}, false)`,
        status: sessionItems.status,
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
      .where(inArray(sessionItems.sessionId, orderIds))
      .orderBy(asc(orderAt), asc(sessions.id), sql`${sessionItems.completedAt} asc nulls last`, asc(sessionItems.id))
  );
}

/**
 * The audit pack's own reads (DESIGN-audit.md "Certificates and the audit pack"): what no other module answers
 * for a site over a period. Coverage, trends, plans and product totals come from their modules.
 */
export class AuditPackRepository {
  private readonly reports: ReportsRepository;

  constructor(private readonly db: Database) {
    this.reports = new ReportsRepository(db);
  }

  /** The compliance figures of the site and period: the very count GET /api/reports/compliance makes. */
  async figures(range: PackRange): Promise<PackFigures> {
    const counts = await this.reports.compliance(range);
    return { ...counts, completionRate: completionRate(counts.completedSessions, counts.totalSessions) };
  }

  /** The period's orders not completed (forced closes and open orders), by date, with the devices they left. */
  unfinishedOrders(range: PackRange): Promise<PackUnfinishedOrder[]> {
    return queryRows<PackUnfinishedOrder>(
      this.db,
      `SELECT s.id, coalesce(s.scheduled_at, s.created_at) AS at, s.scheduled_at IS NOT NULL AS scheduled,
              u.full_name AS technician, s.closed_at AS "closedAt", s.status = 'COMPLETED' AS forced,
              s.status <> 'COMPLETED' AND coalesce(s.scheduled_at < $4, false) AS overdue,
              s.item_count AS items, s.item_count - s.completed_count AS pending,
              coalesce((SELECT array_agg(t.code ORDER BY lower(t.code) COLLATE "C", t.id)
                        FROM session_items i JOIN traps t ON t.id = i.trap_id
                        WHERE i.session_id = s.id AND i.status = 'PENDING'), '{}') AS "pendingCodes"
       FROM sessions s JOIN technicians u ON u.id = s.technician_id
       WHERE ${inPack('s')} AND s.completed_count < s.item_count
       ORDER BY at, s.id`,
      rangeParams(range),
    );
  }

  /** The devices of the period's orders recorded as an exception, by order date and code. */
  exceptions(range: PackRange): Promise<PackException[]> {
    return queryRows<PackException>(
      this.db,
      `SELECT s.id AS "orderId", coalesce(s.scheduled_at, s.created_at) AS at, t.code, t.area,
              i.exception_reason AS reason, i.exception_detail AS detail, i.exception_note AS note
       FROM sessions s JOIN session_items i ON i.session_id = s.id JOIN traps t ON t.id = i.trap_id
       WHERE ${inPack('s')} AND i.exception_reason IS NOT NULL
       ORDER BY at, s.id, lower(t.code) COLLATE "C", t.id`,
      rangeParams(range),
    );
  }

  /** The period's orders by date, for the annex to read their devices a group of orders at a time. */
  orders(range: PackRange): Promise<PackOrder[]> {
    return queryRows<PackOrder>(
      this.db,
      `SELECT s.id, s.item_count AS "itemCount" FROM sessions s WHERE ${inPack('s')}
       ORDER BY coalesce(s.scheduled_at, s.created_at), s.id`,
      rangeParams(range),
    );
  }

  async site(id: number): Promise<PackSite | undefined> {
    const [row] = await queryRows<PackSite>(
      this.db,
      `SELECT id, name, client, address, time_zone AS "timeZone", created_at AS "createdAt",
              (SELECT min(created_at) FROM traps WHERE site_id = sites.id) AS "firstDeviceAt"
       FROM sites WHERE id = $1`,
      [id],
    );
    return row;
  }

  technicians(range: PackRange): Promise<PackTechnician[]> {
    return queryRows<PackTechnician>(
      this.db,
      `WITH worked AS (
         SELECT technician_id AS id, count(*)::int AS orders FROM sessions s
         WHERE ${inPack('s')}
         GROUP BY technician_id
         UNION ALL
         SELECT a.applicator_id, 0 FROM applications a JOIN sessions s ON s.id = a.session_id
         WHERE ${inPack('s')}
       )
       SELECT t.full_name AS "fullName", t.role, t.qualification, t.licence_number AS "licenceNumber",
              to_char(t.licence_expires_at, 'YYYY-MM-DD') AS "licenceExpiresAt", sum(w.orders)::int AS orders
       FROM worked w JOIN technicians t ON t.id = w.id
       GROUP BY t.id ORDER BY lower(t.full_name), t.id`,
      rangeParams(range),
    );
  }

  /**
   * The site's devices in service at some time of the period by their history (registered before its end and
   * active then: not today's state), and any other an order of the period held, in code order, with their bait.
   */
  devices(range: PackRange): Promise<PackDevice[]> {
    return queryRows<PackDevice>(
      this.db,
      // Each bait station's last rodenticide in one pass over the site's applications and their orders' devices,
      // rather than a subquery for each of 2,000 devices.
      `WITH baits AS (
         SELECT DISTINCT ON (i.trap_id) i.trap_id, p.name
         FROM applications a JOIN sessions s ON s.id = a.session_id
         JOIN products p ON p.id = a.product_id
         JOIN session_items i ON i.session_id = a.session_id
         JOIN traps b ON b.id = i.trap_id
         WHERE s.site_id = $1 AND a.started_at < $3 AND p.type = 'TP14' AND b.type = 'CEBADERO'
           AND (a.trap_id = b.id OR (a.trap_id IS NULL AND (a.area IS NULL OR lower(a.area) = lower(b.area))))
         ORDER BY i.trap_id, a.started_at DESC, a.trap_id IS NULL, a.id DESC
       )
       SELECT * FROM (
         SELECT t.id AS "trapId", t.code, t.area, t.zone, t.type, t.risk_level AS "riskLevel",
                t.is_active AS "isActive", t.created_at AS "createdAt", ${inServiceSql('t', '$2', '$3')} AS "inService",
                baits.name AS bait, lower(t.code) COLLATE "C" AS sort
         FROM traps t LEFT JOIN baits ON baits.trap_id = t.id WHERE t.site_id = $1) d
       WHERE d."inService" OR EXISTS (
         SELECT 1 FROM session_items i JOIN sessions s ON s.id = i.session_id WHERE i.trap_id = d."trapId" AND ${inPack('s')})
       ORDER BY d.sort, d."trapId"`,
      rangeParams(range),
    ).then((rows) => rows.map(({ sort: _, ...device }: PackDevice & { sort?: string }) => device));
  }

  /** The certificates of the period's orders (dated by their service, not their issue), every revision, by folio. */
  certificates(range: PackRange): Promise<PackCertificate[]> {
    return queryRows<PackCertificate>(
      this.db,
      `SELECT c.year, c.number, c.revision, c.issued_at AS "issuedAt", t.full_name AS technician, c.sha256,
              c.replaced_at IS NOT NULL AS replaced
       FROM certificates c JOIN sessions s ON s.id = c.session_id JOIN technicians t ON t.id = s.technician_id
       WHERE ${inPack('s')}
       ORDER BY c.year, c.number, c.revision`,
      rangeParams(range),
    );
  }

  /** Per area, over the period's orders: its devices inspected, their inspections, those with activity and the catches by group. */
  async activity(range: PackRange): Promise<PackActivity[]> {
    const rows = await queryRows<Omit<PackActivity, 'captures'> & Record<string, number | null>>(
      this.db,
      `SELECT t.area, count(DISTINCT s.trap_id)::int AS devices, count(*)::int AS inspections,
              (count(*) FILTER (WHERE s.active))::int AS "withActivity",
              ${GROUP_COLUMNS.map((column) => `sum(s.${column})::int AS ${column}`).join(', ')}
       FROM trend_inspections s JOIN traps t ON t.id = s.trap_id
       JOIN session_items i ON i.id = s.item_id JOIN sessions o ON o.id = i.session_id
       WHERE ${inPack('o')}
       GROUP BY t.area ORDER BY t.area NULLS LAST`,
      rangeParams(range),
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

  /** The products applied in the period's orders (placed by the visit's date, not the application's). */
  applications(range: PackRange): Promise<PackApplication[]> {
    return queryRows<PackApplication>(
      this.db,
      `SELECT a.started_at AS "startedAt", a.ended_at AS "endedAt", p.name AS product, p.registration_number AS "registrationNumber", a.batch,
              a.quantity, a.unit, a.dose, a.method, coalesce(t.code, a.area) AS "where", u.full_name AS applicator
       FROM applications a JOIN sessions s ON s.id = a.session_id JOIN products p ON p.id = a.product_id
       JOIN technicians u ON u.id = a.applicator_id LEFT JOIN traps t ON t.id = a.trap_id
       WHERE ${inPack('s')}
       ORDER BY a.started_at, a.id`,
      rangeParams(range),
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

  /**
   * The limits crossed in the period's orders, by each device's record as it stands (its finding's current
   * version, or its exception): what the annex's rows show.
   */
  breaches(range: PackRange): Promise<PackBreach[]> {
    return queryRows<PackBreach>(
      this.db,
      `SELECT b.occurred_at AS "occurredAt", t.code, t.area, b.level, b.exception_reason AS "exceptionReason",
              b.breaches, coalesce(b.action_id, b.area_action_id) AS "actionId"
       FROM threshold_breaches b JOIN traps t ON t.id = b.trap_id
       JOIN session_items i ON i.id = b.item_id JOIN sessions s ON s.id = i.session_id
       WHERE ${inPack('s')}
         AND (b.finding_id = i.finding_id OR (b.finding_id IS NULL AND i.finding_id IS NULL))
       ORDER BY b.occurred_at, b.id`,
      rangeParams(range),
    );
  }

  /** Actions detected in the period, and those detected before it still open when it began. */
  actions(range: PackRange): Promise<PackAction[]> {
    return queryRows<PackAction>(
      this.db,
      `SELECT a.id, a.origin, a.detected_at AS "detectedAt", d.full_name AS "detectedBy", a.description,
              nullif(concat_ws(' · ', t.code, a.area), '') AS "where", a.severity, a.immediate_correction AS "immediateCorrection",
              a.product_impact_kind AS "productImpactKind", a.product_impact AS "productImpact",
              a.root_cause AS "rootCause", a.preventive_action AS "preventiveAction", a.responsible,
              a.responsible_name AS "responsibleName", to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.status,
              a.verification_plan AS "verificationPlan", a.verification_result AS "verificationResult",
              a.verified_by AS "verifiedBy", to_char(a.verified_on, 'YYYY-MM-DD') AS "verifiedOn",
              a.closed_at AS "closedAt", c.full_name AS "closedBy", a.closing_note AS "closingNote",
              a.created_at AS "createdAt", a.acknowledged_at AS "acknowledgedAt", k.full_name AS "acknowledgedBy"
       FROM corrective_actions a LEFT JOIN traps t ON t.id = a.trap_id
       LEFT JOIN technicians d ON d.id = a.detected_by_id LEFT JOIN technicians c ON c.id = a.closed_by_id
       LEFT JOIN technicians k ON k.id = a.acknowledged_by_id
       WHERE a.site_id = $1 AND a.detected_at < $3 AND (a.detected_at >= $2 OR a.closed_at IS NULL OR a.closed_at >= $2)
       ORDER BY a.origin = 'RECOMENDACION', a.detected_at, a.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /**
   * The sightings seen in the period, and those seen before whose action was still open when it began, oldest
   * first, each with where its action stands now.
   */
  sightings(range: PackRange): Promise<PackSighting[]> {
    return queryRows<PackSighting>(
      this.db,
      `SELECT g.id, g.seen_at AS "seenAt", g.area, t.code AS device, g.pest_group AS "pestGroup", p.name AS pest,
              g.description, g.reporter_name AS reporter, g.source, a.id AS "actionId", a.status AS "actionStatus",
              to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.closed_at AS "closedAt", c.full_name AS "closedBy"
       FROM sightings g JOIN corrective_actions a ON a.id = g.action_id
       LEFT JOIN traps t ON t.id = g.trap_id LEFT JOIN pests p ON p.id = g.pest_id
       LEFT JOIN technicians c ON c.id = a.closed_by_id
       WHERE g.site_id = $1 AND g.seen_at < $3 AND (g.seen_at >= $2 OR a.closed_at IS NULL OR a.closed_at >= $2)
       ORDER BY g.seen_at, g.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** The site's electronic devices' events of the period, by device (code order), then time. */
  remoteEvents(range: PackRange): Promise<PackRemoteEvent[]> {
    return queryRows<PackRemoteEvent>(
      this.db,
      `SELECT r.id::int AS id, t.code AS device, t.area, r.type, r.occurred_at AS "occurredAt", r.count, f.activity,
              coalesce((SELECT json_agg(json_build_object('id', a.id, 'status', a.status) ORDER BY a.id)
                FROM corrective_actions a
                WHERE a.id IN (SELECT b.action_id FROM threshold_breaches b WHERE b.finding_id = r.finding_id
                               UNION SELECT b.area_action_id FROM threshold_breaches b WHERE b.finding_id = r.finding_id)),
                '[]'::json) AS actions
       FROM remote_events r JOIN traps t ON t.id = r.trap_id LEFT JOIN findings f ON f.id = r.finding_id
       WHERE r.site_id = $1 AND r.occurred_at >= $2 AND r.occurred_at < $3
       ORDER BY lower(t.code) COLLATE "C", r.occurred_at, r.id`,
      [range.siteId, range.from, range.to],
    );
  }

  /** Where the site's actions `ids` stand now (the client actions the assessments' recommendations became). */
  recommendationStates(siteId: number, ids: number[]): Promise<PackRecommendationState[]> {
    if (!ids.length) return Promise.resolve([]);
    return queryRows<PackRecommendationState>(
      this.db,
      `SELECT a.id AS "actionId", a.status, a.closed_at AS "closedAt", a.created_at AS "createdAt",
              a.acknowledged_at AS "acknowledgedAt", k.full_name AS "acknowledgedBy"
       FROM corrective_actions a LEFT JOIN technicians k ON k.id = a.acknowledged_by_id
       WHERE a.site_id = $1 AND a.id = ANY($2::int[]) ORDER BY a.id`,
      [siteId, ids],
    );
  }

  /** The devices of a group of the period's orders for the annex (see inspectionRows), each with its catches. */
  async inspections(orderIds: number[], now: Date): Promise<PackInspection[]> {
    const rows = await inspectionRows(this.db, orderIds, now);
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
