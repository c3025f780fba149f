import type {
  Assessment,
  AssessmentKind,
  AssessmentPhoto,
  AssessmentSummary,
  QuarterAction,
  QuarterBreachCount,
  QuarterFigures,
} from '@rondin/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import {
  assessmentPhotos,
  assessments,
  correctiveActionEvents,
  correctiveActions,
  type StoredArea,
  type StoredRecommendationRow,
} from '../../db/schema.js';

type Executor = Database | Transaction;

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An assessment's summary as the API answers it; `a` the assessment, `s` its site. */
const summaryFields = sql`
    'id', a.id,
    'clientAssessmentId', a.client_assessment_id,
    'site', json_build_object('id', s.id, 'name', s.name),
    'kind', a.kind,
    'status', a.status,
    'periodFrom', to_char(a.period_from, 'YYYY-MM-DD'),
    'periodTo', to_char(a.period_to, 'YYYY-MM-DD'),
    'performedAt', ${iso(sql`a.performed_at`)},
    'performedBy', (select json_build_object('id', p.id, 'fullName', p.full_name) from technicians p where p.id = a.performed_by_id),
    'revisionOf', a.revision_of_id,
    'supersededBy', (select r.id from assessments r where r.revision_of_id = a.id and r.status <> 'BORRADOR'),
    'signedAt', ${iso(sql`a.signed_at`)},
    'signedBy', case when a.signed_at is null then null
      else json_build_object('id', a.signed_by_id, 'fullName', a.signer_name, 'qualification', a.signer_qualification) end,
    'acceptedAt', ${iso(sql`a.accepted_at`)},
    'acceptedBy', (select json_build_object('id', c.id, 'fullName', c.full_name) from technicians c where c.id = a.accepted_by_id),
    'acceptanceNote', a.acceptance_note,
    'createdAt', ${iso(sql`a.created_at`)},
    'updatedAt', ${iso(sql`a.updated_at`)}`;

const photoJson = sql`json_build_object(
    'id', ph.id,
    'clientPhotoId', ph.client_photo_id,
    'mediaType', f.media_type,
    'size', f.size,
    'by', (select json_build_object('id', t.id, 'fullName', t.full_name) from technicians t where t.id = ph.by_id),
    'createdAt', ${iso(sql`ph.created_at`)})`;

/** What the rules of an edit or a signature read of an assessment, its row locked. */
export interface LockedAssessment {
  id: number;
  siteId: number;
  kind: AssessmentKind;
  status: 'BORRADOR' | 'FIRMADA' | 'ACEPTADA';
  revisionOfId: number | null;
  updatedAt: string;
}

/** An account as the signature needs it. */
export interface Signer {
  id: number;
  fullName: string;
  qualification: 'APLICADOR' | 'RESPONSABLE_TECNICO' | 'ESPECIAL' | null;
  signatureFileId: number | null;
  isActive: boolean;
}

export interface NewAssessment {
  clientAssessmentId: string | null;
  siteId: number;
  kind: AssessmentKind;
  periodFrom: string | null;
  periodTo: string | null;
  performedAt: Date | null;
  performedById: number;
  areas: StoredArea[];
  conclusions: string | null;
  recommendations: StoredRecommendationRow[];
  figures: QuarterFigures | null;
  revisionOfId: number | null;
  createdById: number;
}

export interface AssessmentChanges {
  periodFrom?: string | null;
  periodTo?: string | null;
  performedAt?: Date;
  performedById?: number;
  areas?: StoredArea[];
  conclusions?: string | null;
  recommendations?: StoredRecommendationRow[];
  figures?: QuarterFigures | null;
}

export interface SignedValues {
  signedById: number;
  signerName: string;
  signerQualification: string;
  signedAt: Date;
  signatureFileId: number;
  reportFileId: number;
  reportSha256: string;
  recommendations: StoredRecommendationRow[];
}

/** A site's record of assessments and visits, what its due dates are worked out from. */
export interface SiteDueFacts {
  siteId: number;
  siteName: string;
  timeZone: string;
  /** The site's first visit: its earliest order's scheduled day (or its creation's), local; null without orders. */
  firstVisit: string | null;
  lastDiagnosis: string | null;
  lastAnnual: string | null;
  /** The quarters (first days) that have a signed review. */
  reviewedQuarters: string[];
  /** Open drafts (not revisions): kind, period start, id. */
  drafts: { id: number; kind: AssessmentKind; periodFrom: string | null }[];
}

export class AssessmentsRepository {
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
  ) {}

  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  async site(id: number): Promise<{ id: number; name: string; timeZone: string } | undefined> {
    const [row] = await rows<{ id: number; name: string; timeZone: string }>(
      this.db,
      sql`select id, name, coalesce(time_zone, ${this.timeZone}) as "timeZone" from sites where id = ${id}`,
    );
    return row;
  }

  async account(id: number, executor: Executor = this.db): Promise<Signer | undefined> {
    const [row] = await rows<Signer>(
      executor,
      sql`select id, full_name as "fullName", qualification, signature_file_id as "signatureFileId",
          is_active as "isActive" from technicians where id = ${id}`,
    );
    return row;
  }

  async byClientId(clientAssessmentId: string, executor: Executor = this.db) {
    const [row] = await rows<{ id: number; siteId: number }>(
      executor,
      sql`select id, site_id as "siteId" from assessments where client_assessment_id = ${clientAssessmentId}`,
    );
    return row;
  }

  async list(siteId: number): Promise<AssessmentSummary[]> {
    return (
      await rows<{ json: AssessmentSummary }>(
        this.db,
        sql`select json_build_object(${summaryFields}) as json
          from assessments a join sites s on s.id = a.site_id
          where a.site_id = ${siteId} order by a.performed_at desc, a.id desc`,
      )
    ).map((row) => row.json);
  }

  /** The site's signed assessments (accepted or not), newest first: what its plant reads in the portal. */
  async signed(siteId: number): Promise<AssessmentSummary[]> {
    return (
      await rows<{ json: AssessmentSummary }>(
        this.db,
        sql`select json_build_object(${summaryFields}) as json
          from assessments a join sites s on s.id = a.site_id
          where a.site_id = ${siteId} and a.status <> 'BORRADOR' order by a.signed_at desc, a.id desc`,
      )
    ).map((row) => row.json);
  }

  async summary(id: number): Promise<AssessmentSummary | undefined> {
    const [row] = await rows<{ json: AssessmentSummary }>(
      this.db,
      sql`select json_build_object(${summaryFields}) as json
        from assessments a join sites s on s.id = a.site_id where a.id = ${id}`,
    );
    return row?.json;
  }

  /** Records the plant's acceptance of a signed assessment: who, when and their note. */
  async accept(tx: Transaction, id: number, byId: number, note: string | null): Promise<void> {
    await tx
      .update(assessments)
      .set({
        status: 'ACEPTADA',
        acceptedAt: sql`clock_timestamp()`,
        acceptedById: byId,
        acceptanceNote: note,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(sql`${assessments.id} = ${id}`);
  }

  /** The assessment as the API answers it (reportSha256 and the file ids beside it, for the service). */
  async detail(
    id: number,
    executor: Executor = this.db,
  ): Promise<
    | (Assessment & {
        timeZone: string;
        siteAddress: string | null;
        client: string | null;
        reportFileId: number | null;
      })
    | undefined
  > {
    const [row] = await rows<{
      json: Assessment;
      timeZone: string;
      siteAddress: string | null;
      client: string | null;
      reportFileId: number | null;
    }>(
      executor,
      sql`select json_build_object(${summaryFields},
            'areas', a.areas,
            'conclusions', a.conclusions,
            'recommendations', a.recommendations,
            'figures', a.figures,
            'photos', coalesce((select json_agg(${photoJson} order by ph.id)
              from assessment_photos ph join files f on f.id = ph.file_id where ph.assessment_id = a.id), '[]'::json),
            'reportSha256', a.report_sha256) as json,
          coalesce(s.time_zone, ${this.timeZone}) as "timeZone", s.address as "siteAddress", s.client,
          a.report_file_id as "reportFileId"
        from assessments a join sites s on s.id = a.site_id where a.id = ${id}`,
    );
    return (
      row && {
        ...row.json,
        timeZone: row.timeZone,
        siteAddress: row.siteAddress,
        client: row.client,
        reportFileId: row.reportFileId,
      }
    );
  }

  async lock(tx: Transaction, id: number): Promise<LockedAssessment | undefined> {
    const [row] = await rows<LockedAssessment>(
      tx,
      sql`select id, site_id as "siteId", kind, status, revision_of_id as "revisionOfId",
          ${iso(sql`updated_at`)} as "updatedAt"
        from assessments where id = ${id} for update`,
    );
    return row;
  }

  /** The assessment another corrects, with whether it already has a revision. */
  async revisable(tx: Transaction, id: number) {
    const [row] = await rows<LockedAssessment & { revisedBy: number | null; revisedByStatus: string | null }>(
      tx,
      sql`select a.id, a.site_id as "siteId", a.kind, a.status, a.revision_of_id as "revisionOfId",
          ${iso(sql`a.updated_at`)} as "updatedAt", r.id as "revisedBy", r.status as "revisedByStatus"
        from assessments a left join assessments r on r.revision_of_id = a.id
        where a.id = ${id} for update of a`,
    );
    return row;
  }

  /** The content a revision starts from. */
  async content(tx: Transaction, id: number) {
    const [row] = await tx
      .select({
        periodFrom: assessments.periodFrom,
        periodTo: assessments.periodTo,
        performedById: assessments.performedById,
        areas: assessments.areas,
        conclusions: assessments.conclusions,
        recommendations: assessments.recommendations,
        figures: assessments.figures,
      })
      .from(assessments)
      .where(sql`${assessments.id} = ${id}`);
    return row;
  }

  async insert(tx: Transaction, values: NewAssessment): Promise<number> {
    const [row] = await tx
      .insert(assessments)
      .values({ ...values, performedAt: values.performedAt ?? sql`clock_timestamp()` })
      .returning({ id: assessments.id });
    return row!.id;
  }

  async update(tx: Transaction, id: number, changes: AssessmentChanges): Promise<void> {
    await tx
      .update(assessments)
      .set({ ...changes, updatedAt: sql`clock_timestamp()` })
      .where(sql`${assessments.id} = ${id}`);
  }

  /** Signs: the fields, the report and the recommendations' actions, in the caller's transaction. */
  async sign(tx: Transaction, id: number, values: SignedValues): Promise<void> {
    await tx
      .update(assessments)
      .set({ ...values, status: 'FIRMADA', updatedAt: sql`clock_timestamp()` })
      .where(sql`${assessments.id} = ${id}`);
  }

  /** A recommendation made the client's corrective action, with its opening event. */
  async insertRecommendationAction(
    tx: Transaction,
    values: { siteId: number; assessmentId: number; text: string; dueDate: string; byId: number; note: string },
  ): Promise<number> {
    const [row] = await tx
      .insert(correctiveActions)
      .values({
        siteId: values.siteId,
        assessmentId: values.assessmentId,
        origin: 'RECOMENDACION',
        detectedAt: sql`clock_timestamp()`,
        detectedById: values.byId,
        severity: 'MEDIA',
        description: values.text,
        responsible: 'CLIENTE',
        dueDate: values.dueDate,
      })
      .returning({ id: correctiveActions.id });
    await tx
      .insert(correctiveActionEvents)
      .values({ actionId: row!.id, fromStatus: null, toStatus: 'ABIERTA', note: values.note, byId: values.byId });
    return row!.id;
  }

  async photos(assessmentId: number, executor: Executor = this.db): Promise<AssessmentPhoto[]> {
    return (
      await rows<{ json: AssessmentPhoto }>(
        executor,
        sql`select ${photoJson} as json from assessment_photos ph join files f on f.id = ph.file_id
          where ph.assessment_id = ${assessmentId} order by ph.id`,
      )
    ).map((row) => row.json);
  }

  async photoByClientId(tx: Transaction, clientPhotoId: string) {
    const [row] = await rows<{ id: number; assessmentId: number }>(
      tx,
      sql`select id, assessment_id as "assessmentId" from assessment_photos where client_photo_id = ${clientPhotoId}`,
    );
    return row;
  }

  async photoFiles(assessmentId: number, photoId: number) {
    const [row] = await rows<{ fileId: number; thumbnailFileId: number | null }>(
      this.db,
      sql`select file_id as "fileId", thumbnail_file_id as "thumbnailFileId" from assessment_photos
        where id = ${photoId} and assessment_id = ${assessmentId}`,
    );
    return row;
  }

  /** The small JPEGs of the photos named, by clientPhotoId, for the report. */
  async printPhotos(assessmentId: number) {
    return rows<{ clientPhotoId: string; fileId: number; thumbnailFileId: number | null }>(
      this.db,
      sql`select client_photo_id as "clientPhotoId", file_id as "fileId", thumbnail_file_id as "thumbnailFileId"
        from assessment_photos where assessment_id = ${assessmentId} order by id`,
    );
  }

  async insertPhoto(
    tx: Transaction,
    values: {
      assessmentId: number;
      clientPhotoId: string;
      fileId: number;
      thumbnailFileId: number | null;
      byId: number;
    },
  ): Promise<number> {
    const [row] = await tx.insert(assessmentPhotos).values(values).returning({ id: assessmentPhotos.id });
    return row!.id;
  }

  async photoCount(tx: Transaction, assessmentId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from assessment_photos where assessment_id = ${assessmentId}`,
    );
    return row!.n;
  }

  /** The quarter's threshold crossings by the device's zone, level and metric. */
  async breachCounts(siteId: number, from: Date, to: Date): Promise<QuarterBreachCount[]> {
    return rows<QuarterBreachCount>(
      this.db,
      sql`select coalesce(t.zone, '') as zone, d->>'level' as level, d->>'metric' as metric, count(*)::int as count
        from threshold_breaches b
        join traps t on t.id = b.trap_id
        cross join lateral jsonb_array_elements(b.breaches) d
        where b.site_id = ${siteId} and b.occurred_at >= ${from.toISOString()} and b.occurred_at < ${to.toISOString()}
        group by 1, 2, 3 order by 1, 2, 3`,
    );
  }

  /** Actions a threshold opened in the quarter or that one of its breaches joined, where they stand now. */
  async quarterActions(siteId: number, from: Date, to: Date): Promise<QuarterAction[]> {
    const start = from.toISOString();
    const end = to.toISOString();
    return (
      await rows<{ json: QuarterAction }>(
        this.db,
        sql`with occurrences as (
            select coalesce(b.area_action_id, b.action_id) as action_id, count(*)::int as n
            from threshold_breaches b
            where b.site_id = ${siteId} and b.occurred_at >= ${start} and b.occurred_at < ${end}
              and coalesce(b.area_action_id, b.action_id) is not null
            group by 1
          )
          select json_build_object(
              'id', a.id, 'origin', a.origin, 'trapCode', t.code, 'area', a.area, 'description', a.description,
              'severity', a.severity, 'status', a.status, 'dueDate', to_char(a.due_date, 'YYYY-MM-DD'),
              'detectedAt', ${iso(sql`a.detected_at`)}, 'closedAt', ${iso(sql`a.closed_at`)},
              'occurrences', coalesce(o.n, 0)) as json
          from corrective_actions a
          left join occurrences o on o.action_id = a.id
          left join traps t on t.id = a.trap_id
          where a.site_id = ${siteId} and a.origin = 'UMBRAL'
            and (o.action_id is not null or (a.detected_at >= ${start} and a.detected_at < ${end}))
          order by a.detected_at, a.id`,
      )
    ).map((row) => row.json);
  }

  /**
   * What every active site's due assessments are worked out from (one site with siteId): its first visit, its
   * last signed diagnosis and annual survey, the quarters reviewed, its open drafts. One statement, whatever the
   * number of sites.
   */
  async dueFacts(siteId?: number): Promise<SiteDueFacts[]> {
    const site = siteId === undefined ? sql`s.is_active` : sql`s.id = ${siteId}`;
    const local = (column: SQL) =>
      sql`to_char((${column} at time zone coalesce(s.time_zone, ${this.timeZone}))::date, 'YYYY-MM-DD')`;
    const sites = await rows<SiteDueFacts>(
      this.db,
      sql`select s.id as "siteId", s.name as "siteName", coalesce(s.time_zone, ${this.timeZone}) as "timeZone",
          (select ${local(sql`min(coalesce(o.scheduled_at, o.created_at))`)} from sessions o where o.site_id = s.id) as "firstVisit",
          (select ${local(sql`max(a.performed_at)`)} from assessments a
            where a.site_id = s.id and a.kind = 'DIAGNOSTICO' and a.status <> 'BORRADOR') as "lastDiagnosis",
          (select ${local(sql`max(a.performed_at)`)} from assessments a
            where a.site_id = s.id and a.kind = 'REVISION_ANUAL' and a.status <> 'BORRADOR') as "lastAnnual",
          coalesce((select array_agg(distinct to_char(a.period_from, 'YYYY-MM-DD')) from assessments a
            where a.site_id = s.id and a.kind = 'REVISION_TRIMESTRAL' and a.status <> 'BORRADOR'
              and a.period_from is not null), '{}') as "reviewedQuarters",
          coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind,
              'periodFrom', to_char(a.period_from, 'YYYY-MM-DD')) order by a.id)
            from assessments a where a.site_id = s.id and a.status = 'BORRADOR' and a.revision_of_id is null), '[]'::json) as drafts
        from sites s where ${site} order by s.name, s.id`,
    );
    return sites;
  }
}
