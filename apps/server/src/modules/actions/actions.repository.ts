import {
  ACTION_PAGE_SIZE,
  type ActionListQuery,
  type ActionPhoto,
  type ActionResponsible,
  type ActionStatus,
  type ActionTrackedField,
  type CorrectiveAction,
  type CorrectiveActionDetail,
  type CreateActionBody,
} from '@rondin/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Actor, auditAs, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import {
  actionPhotos,
  actionResponses,
  correctiveActionChanges,
  correctiveActionEvents,
  correctiveActions,
} from '../../db/schema.js';

type Executor = Database | Transaction;

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One action as the API answers it. `today` is the calendar day of the site's zone (or the server's): an
 * action is overdue once its due date is before it. The device's inspections after the last breach that
 * crossed no limit (any level; an exception never counts; the breaching inspections themselves never count,
 * even corrected) suggest closing once there are two.
 */
const actionJson = (timeZone: string) => sql`json_build_object(
    'id', a.id,
    'site', json_build_object('id', s.id, 'name', s.name),
    'trap', case when t.id is null then null else json_build_object('id', t.id, 'code', t.code, 'area', t.area, 'type', t.type) end,
    'area', a.area,
    'origin', a.origin,
    'detectedAt', ${iso(sql`a.detected_at`)},
    'detectedBy', case when d.id is null then null else json_build_object('id', d.id, 'fullName', d.full_name) end,
    'severity', a.severity,
    'description', a.description,
    'immediateCorrection', a.immediate_correction,
    'productImpactKind', a.product_impact_kind,
    'productImpact', a.product_impact,
    'rootCause', a.root_cause,
    'preventiveAction', a.preventive_action,
    'responsible', a.responsible,
    'responsibleName', a.responsible_name,
    'dueDate', to_char(a.due_date, 'YYYY-MM-DD'),
    'status', a.status,
    'overdue', a.status <> 'CERRADA' and a.due_date < (now() at time zone coalesce(s.time_zone, ${timeZone}))::date,
    'verificationPlan', a.verification_plan,
    'verificationResult', a.verification_result,
    'verifiedBy', a.verified_by,
    'verifiedOn', to_char(a.verified_on, 'YYYY-MM-DD'),
    'closingNote', a.closing_note,
    'closedAt', ${iso(sql`a.closed_at`)},
    'occurrenceCount', occ.n,
    'lastOccurrenceAt', ${iso(sql`occ.last`)},
    'verificationSuggested', a.status <> 'CERRADA' and (case
      when a.trap_id is not null then (
        select count(*) from session_items i join findings f on f.id = i.finding_id
        where i.trap_id = a.trap_id and i.exception_reason is null
          and f.recorded_at > coalesce(occ.last, a.detected_at)
          and not exists (select 1 from threshold_breaches b where b.finding_id = f.id)
          and not exists (select 1 from threshold_breaches b where b.action_id = a.id and b.item_id = i.id)
      ) >= 2
      when a.area is not null then coalesce((
        select bool_and(clean.n >= 2) from (
          select count(*) filter (where not exists (select 1 from threshold_breaches b where b.finding_id = f.id)) as n
          from traps x join session_items i on i.trap_id = x.id join findings f on f.id = i.finding_id
          where x.site_id = a.site_id and x.area = a.area and i.exception_reason is null
            and f.recorded_at > coalesce(occ.last, a.detected_at)
          group by x.id
        ) clean), false)
      else false end),
    'createdAt', ${iso(sql`a.created_at`)},
    'updatedAt', ${iso(sql`a.updated_at`)}
  )`;

const actionFrom = sql`corrective_actions a
  join sites s on s.id = a.site_id
  left join traps t on t.id = a.trap_id
  left join technicians d on d.id = a.detected_by_id
  left join lateral (
    select count(*)::int as n, max(b.occurred_at) as last from threshold_breaches b
    where b.action_id = a.id or b.area_action_id = a.id
  ) occ on true`;

/** What the plant answered about an action in its portal. */
export type PlantAnswers = Pick<CorrectiveActionDetail, 'acknowledgement' | 'responses'>;

/** A recommendation waiting for the client's acknowledgement (unacknowledgedRecommendations). */
export interface UnacknowledgedRecommendation {
  id: number;
  siteId: number;
  clientId: number;
  description: string;
  createdAt: string;
  daysWaiting: number;
}

/** What a change is checked against: the action's state and tracked fields, and today in its site's calendar. */
export interface LockedAction {
  status: ActionStatus;
  dueDate: string;
  responsible: ActionResponsible;
  responsibleName: string | null;
  verificationResult: string | null;
  verifiedBy: string | null;
  verifiedOn: string | null;
  today: string;
}

/** One change of a tracked field, as corrective_action_changes keeps it. */
export interface FieldChange {
  field: ActionTrackedField;
  before: string | null;
  after: string | null;
  reason: string | null;
}

export type ActionChanges = Partial<
  Omit<typeof correctiveActions.$inferInsert, 'id' | 'siteId' | 'trapId' | 'origin' | 'createdAt'>
>;

/** Corrective actions. Those over a threshold are opened by the database itself (rondin_record_breach). */
export class ActionsRepository {
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
  ) {}

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  async siteExists(id: number): Promise<boolean> {
    return (await rows(this.db, sql`select 1 from sites where id = ${id}`)).length > 0;
  }

  async trapOfSite(trapId: number, siteId: number): Promise<{ area: string | null } | undefined> {
    const [row] = await rows<{ area: string | null }>(
      this.db,
      sql`select area from traps where id = ${trapId} and site_id = ${siteId}`,
    );
    return row;
  }

  /** The list's filters (site, state, overdue, responsible) and, after a cursor, where its page starts. */
  private filters(query: Omit<ActionListQuery, 'limit'>): SQL {
    const filters: SQL[] = [sql`true`];
    if (query.siteId !== undefined) filters.push(sql`a.site_id = ${query.siteId}`);
    if (query.status) filters.push(sql`a.status = ${query.status}`);
    if (query.responsible) filters.push(sql`a.responsible = ${query.responsible}`);
    if (query.overdue === 'true') filters.push(this.overdue);
    if (query.overdue === 'false') filters.push(sql`not ${this.overdue}`);
    // Keyset paging over (closed, due date, newest id first): a page starts right after the cursor's action.
    if (query.cursor) {
      const [closed, due, id] = query.cursor.split('_') as [string, string, string];
      filters.push(
        sql`((a.status = 'CERRADA')::int, a.due_date, -a.id) > (${Number(closed)}::int, ${due}::date, ${-Number(id)}::int)`,
      );
    }
    return sql.join(filters, sql` and `);
  }

  private get overdue() {
    return sql`(a.status <> 'CERRADA' and a.due_date < (now() at time zone coalesce(s.time_zone, ${this.timeZone}))::date)`;
  }

  /**
   * Up to `limit` actions the filters keep after the query's cursor, in the list's order, each with its own cursor
   * (`key`) and its site's zone: a page of the list, or an export's batch.
   */
  async batch(query: Omit<ActionListQuery, 'limit'>, limit: number) {
    return rows<{ action: CorrectiveAction; key: string; timeZone: string }>(
      this.db,
      sql`select ${actionJson(this.timeZone)} as action,
          (a.status = 'CERRADA')::int || '_' || to_char(a.due_date, 'YYYY-MM-DD') || '_' || a.id as key,
          coalesce(s.time_zone, ${this.timeZone}) as "timeZone"
        from ${actionFrom}
        where ${this.filters(query)}
        order by a.status = 'CERRADA', a.due_date, a.id desc
        limit ${limit}`,
    );
  }

  async list(query: ActionListQuery) {
    const limit = query.limit ?? ACTION_PAGE_SIZE;
    const found = await this.batch(query, limit + 1);
    const items = found.slice(0, limit);
    const nextCursor = found.length > limit ? items.at(-1)!.key : null;
    const [counts] = await rows<{ openCount: number; overdueCount: number }>(
      this.db,
      sql`select count(*) filter (where a.status <> 'CERRADA')::int as "openCount",
          count(*) filter (where ${this.overdue})::int as "overdueCount"
        from corrective_actions a join sites s on s.id = a.site_id`,
    );
    return { items: items.map((row) => row.action), nextCursor, ...counts! };
  }

  async detail(id: number): Promise<CorrectiveActionDetail | undefined> {
    const [row] = await rows<{ action: CorrectiveAction }>(
      this.db,
      sql`select ${actionJson(this.timeZone)} as action from ${actionFrom} where a.id = ${id}`,
    );
    if (!row) return undefined;
    const history = await rows<CorrectiveActionDetail['history'][number]>(
      this.db,
      sql`select e.from_status as "fromStatus", e.to_status as "toStatus", e.note,
          case when w.id is null then null else json_build_object('id', w.id, 'fullName', w.full_name) end as by,
          ${iso(sql`e.at`)} as at
        from corrective_action_events e left join technicians w on w.id = e.by_id
        where e.action_id = ${id} order by e.id`,
    );
    const fieldChanges = await rows<CorrectiveActionDetail['fieldChanges'][number]>(
      this.db,
      sql`select c.field, c.before, c.after, c.reason,
          case when w.id is null then null else json_build_object('id', w.id, 'fullName', w.full_name) end as by,
          ${iso(sql`c.at`)} as at
        from corrective_action_changes c left join technicians w on w.id = c.by_id
        where c.action_id = ${id} order by c.id`,
    );
    const photos = await this.photos(id);
    const occurrences = await rows<CorrectiveActionDetail['occurrences'][number]>(
      this.db,
      sql`select b.id::int as id, ${iso(sql`b.occurred_at`)} as "occurredAt", b.level, i.session_id as "sessionId",
          b.item_id as "itemId", b.finding_id::int as "findingId", b.exception_reason as "exceptionReason", b.breaches
        from threshold_breaches b left join session_items i on i.id = b.item_id
        where b.action_id = ${id} or b.area_action_id = ${id} order by b.occurred_at, b.id`,
    );
    const answers = (await this.plantAnswers([id])).get(id)!;
    return { ...row.action, ...answers, history, fieldChanges, photos, occurrences };
  }

  /** The site's actions, open ones first, then by due date. */
  async forSite(siteId: number): Promise<CorrectiveAction[]> {
    const found = await rows<{ action: CorrectiveAction }>(
      this.db,
      sql`select ${actionJson(this.timeZone)} as action from ${actionFrom} where a.site_id = ${siteId}
        order by (a.status = 'CERRADA'), a.due_date, a.id`,
    );
    return found.map((row) => row.action);
  }

  /** Each action's acknowledgement in the plant's portal and the plant's responses with their photos' ids. */
  async plantAnswers(ids: readonly number[]): Promise<Map<number, PlantAnswers>> {
    const answers = new Map<number, PlantAnswers>(ids.map((id) => [id, { acknowledgement: null, responses: [] }]));
    if (ids.length === 0) return answers;
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const acknowledged = await rows<{ id: number; acknowledgement: PlantAnswers['acknowledgement'] }>(
      this.db,
      sql`select a.id, json_build_object('by', json_build_object('id', w.id, 'fullName', w.full_name),
            'at', ${iso(sql`a.acknowledged_at`)}, 'note', a.acknowledgement_note) as acknowledgement
        from corrective_actions a join technicians w on w.id = a.acknowledged_by_id
        where a.id in (${list}) and a.acknowledged_at is not null`,
    );
    for (const row of acknowledged) answers.get(row.id)!.acknowledgement = row.acknowledgement;
    const responses = await rows<{ actionId: number; response: PlantAnswers['responses'][number] }>(
      this.db,
      sql`select r.action_id as "actionId", json_build_object('id', r.id, 'note', r.note,
            'by', json_build_object('id', w.id, 'fullName', coalesce(w.full_name, '')),
            'at', ${iso(sql`r.created_at`)},
            'photoIds', coalesce((select json_agg(p.id order by p.id) from action_photos p where p.response_id = r.id), '[]')
          ) as response
        from action_responses r left join technicians w on w.id = r.by_id
        where r.action_id in (${list}) order by r.id`,
    );
    for (const row of responses) answers.get(row.actionId)!.responses.push(row.response);
    return answers;
  }

  /** Records who of the client acknowledged the recommendation, once: false when it already was. */
  async acknowledge(tx: Transaction, id: number, byId: number, note: string | null): Promise<boolean> {
    const updated = await tx
      .update(correctiveActions)
      .set({
        acknowledgedAt: sql`clock_timestamp()`,
        acknowledgedById: byId,
        acknowledgementNote: note,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(sql`${correctiveActions.id} = ${id} and ${correctiveActions.acknowledgedAt} is null`)
      .returning({ id: correctiveActions.id });
    return updated.length > 0;
  }

  async insertResponse(tx: Transaction, values: { actionId: number; note: string; byId: number }): Promise<number> {
    const [row] = await tx.insert(actionResponses).values(values).returning({ id: actionResponses.id });
    return row!.id;
  }

  /**
   * Open recommendations (responsible CLIENTE) nobody of the client has acknowledged, created at least `days`
   * days before `now`: what the client is reminded of, and what the audit pack marks.
   */
  async unacknowledgedRecommendations(days: number, now: Date = new Date()): Promise<UnacknowledgedRecommendation[]> {
    return rows<UnacknowledgedRecommendation>(
      this.db,
      sql`select a.id, a.site_id as "siteId", s.client_id as "clientId", a.description,
          ${iso(sql`a.created_at`)} as "createdAt",
          floor(extract(epoch from (${now.toISOString()}::timestamptz - a.created_at)) / 86400)::int as "daysWaiting"
        from corrective_actions a join sites s on s.id = a.site_id
        where a.responsible = 'CLIENTE' and a.status <> 'CERRADA' and a.acknowledged_at is null
          and a.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${days})
        order by a.created_at, a.id`,
    );
  }

  async insert(values: CreateActionBody & { area: string | null; responsible: 'EMPRESA' | 'CLIENTE' }, userId: number) {
    return auditedTransaction(this.db, { id: userId }, async (tx) => {
      const [row] = await tx
        .insert(correctiveActions)
        .values({
          siteId: values.siteId,
          trapId: values.trapId ?? null,
          area: values.area,
          origin: values.origin,
          detectedAt: sql`clock_timestamp()`,
          detectedById: userId,
          severity: values.severity,
          description: values.description,
          immediateCorrection: values.immediateCorrection ?? null,
          productImpactKind: values.productImpactKind ?? null,
          productImpact: values.productImpact ?? null,
          rootCause: values.rootCause ?? null,
          preventiveAction: values.preventiveAction ?? null,
          responsible: values.responsible,
          responsibleName: values.responsibleName ?? null,
          dueDate: values.dueDate,
          verificationPlan: values.verificationPlan ?? null,
        })
        .returning({ id: correctiveActions.id });
      await tx
        .insert(correctiveActionEvents)
        .values({ actionId: row!.id, fromStatus: null, toStatus: 'ABIERTA', note: 'Creada a mano.', byId: userId });
      return row!.id;
    });
  }

  /** The action's state and tracked fields, its row locked for the rest of the transaction. */
  async lock(tx: Transaction, id: number): Promise<LockedAction | undefined> {
    const [row] = await rows<LockedAction>(
      tx,
      sql`select a.status, to_char(a.due_date, 'YYYY-MM-DD') as "dueDate", a.responsible,
          a.responsible_name as "responsibleName", a.verification_result as "verificationResult",
          a.verified_by as "verifiedBy", to_char(a.verified_on, 'YYYY-MM-DD') as "verifiedOn",
          to_char((now() at time zone coalesce(s.time_zone, ${this.timeZone}))::date, 'YYYY-MM-DD') as today
        from corrective_actions a join sites s on s.id = a.site_id
        where a.id = ${id} for update of a`,
    );
    return row;
  }

  async update(
    tx: Transaction,
    id: number,
    changes: ActionChanges,
    event: { from: ActionStatus; to: ActionStatus; note: string | null; byId: number } | null,
    fieldChanges: readonly FieldChange[],
    by: { id: number; reason: string | null },
  ): Promise<void> {
    // A state change's note (the verification, the reason to reopen) or a postponement's reason is the change
    // log's reason.
    await auditAs(tx, { id: by.id }, by.reason);
    if (fieldChanges.length > 0) {
      await tx
        .insert(correctiveActionChanges)
        .values(fieldChanges.map((change) => ({ ...change, actionId: id, byId: by.id })));
    }
    await tx
      .update(correctiveActions)
      .set({ ...changes, updatedAt: sql`clock_timestamp()` })
      .where(sql`${correctiveActions.id} = ${id}`);
    if (event) {
      await tx.insert(correctiveActionEvents).values({
        actionId: id,
        fromStatus: event.from,
        toStatus: event.to,
        note: event.note,
        byId: event.byId,
      });
    }
  }

  /** How many photos the office itself added to the action (the plant's responses hold their own). */
  async officePhotoCount(actionId: number, executor: Executor = this.db): Promise<number> {
    const [row] = await rows<{ count: number }>(
      executor,
      sql`select count(*)::int as count from action_photos where action_id = ${actionId} and response_id is null`,
    );
    return row!.count;
  }

  async photos(actionId: number, executor: Executor = this.db): Promise<ActionPhoto[]> {
    return rows<ActionPhoto>(
      executor,
      sql`select p.id, f.media_type as "mediaType", f.size::int as size,
          case when w.id is null then null else json_build_object('id', w.id, 'fullName', w.full_name) end as by,
          ${iso(sql`p.created_at`)} as "createdAt"
        from action_photos p join files f on f.id = p.file_id left join technicians w on w.id = p.by_id
        where p.action_id = ${actionId} order by p.id`,
    );
  }

  async photoFiles(
    actionId: number,
    photoId: number,
    executor: Executor = this.db,
  ): Promise<{ fileId: number; thumbnailFileId: number | null; responseId: number | null } | undefined> {
    const [row] = await rows<{ fileId: number; thumbnailFileId: number | null; responseId: number | null }>(
      executor,
      sql`select file_id as "fileId", thumbnail_file_id as "thumbnailFileId", response_id as "responseId"
        from action_photos
        where id = ${photoId} and action_id = ${actionId}`,
    );
    return row;
  }

  async insertPhoto(
    tx: Transaction,
    values: { actionId: number; fileId: number; thumbnailFileId: number | null; byId: number; responseId?: number },
  ): Promise<number> {
    const [row] = await tx.insert(actionPhotos).values(values).returning({ id: actionPhotos.id });
    return row!.id;
  }

  async deletePhoto(tx: Transaction, photoId: number): Promise<void> {
    await tx.delete(actionPhotos).where(sql`${actionPhotos.id} = ${photoId}`);
  }
}
