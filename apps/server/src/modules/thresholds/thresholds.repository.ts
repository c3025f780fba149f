import type { Threshold } from '@rondin/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';

type Executor = Database | Transaction;

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A site's thresholds in force at `at` (null: the global ones), with since when the newest of them a person saved
 * is: null while every one in force is shipped (migrations 0017 and 0020 write them with no author).
 */
async function thresholdsAt(db: Executor, siteId: number | null, at: Date | null) {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const found = await rows<Threshold & { validFrom: string | null }>(
    db,
    sql`select trap_type as "trapType", zone, risk_level as "riskLevel", metric, pest_group as "pestGroup", level, value,
        case when created_by_id is null then null else ${iso(sql`valid_from`)} end as "validFrom"
      from thresholds
      where site_id is not distinct from ${siteId} and valid_from <= ${when} and (valid_to is null or valid_to > ${when})
      order by trap_type, zone nulls first, risk_level nulls first, metric, pest_group nulls first, level desc`,
  );
  const validFrom = found.reduce<string | null>(
    (newest, row) => (row.validFrom && (!newest || row.validFrom > newest) ? row.validFrom : newest),
    null,
  );
  return { validFrom, thresholds: found.map(({ validFrom: _, ...threshold }) => threshold) };
}

/** Thresholds, global and per site. What a finding crosses is judged by the database itself (rondin_record_breach). */
export class ThresholdsRepository {
  constructor(private readonly db: Database) {}

  thresholds(siteId: number | null, at: Date | null = null) {
    return thresholdsAt(this.db, siteId, at);
  }

  /**
   * Ends the thresholds in force of one scope (global or a site) and puts these in their place, from now.
   * Writers of thresholds queue on the table's lock; findings go on reading it. The change log gets one row for
   * the set (entity threshold, the site's id or null for the global ones) with the set before and after, unless
   * they are the same: a save without changes still starts a version, but changes nothing a person would read.
   */
  async replaceThresholds(actor: { id: number }, siteId: number | null, thresholds: Threshold[]): Promise<void> {
    await auditedTransaction(this.db, actor, async (tx) => {
      await tx.execute(sql`lock table thresholds in exclusive mode`);
      const [row] = await rows<{ now: string }>(tx, sql`select clock_timestamp()::text as now`);
      const now = sql`${row!.now}::timestamptz`;
      await tx.execute(
        sql`update thresholds set valid_to = ${now} where site_id is not distinct from ${siteId} and valid_to is null`,
      );
      for (const threshold of thresholds) {
        await tx.execute(sql`insert into thresholds
          (site_id, trap_type, zone, risk_level, metric, pest_group, level, value, valid_from, created_by_id)
          values (${siteId}, ${threshold.trapType}, ${threshold.zone}, ${threshold.riskLevel}, ${threshold.metric},
            ${threshold.pestGroup}, ${threshold.level}, ${threshold.value}, ${now}, ${actor.id})`);
      }
      const set = (versions: SQL) => sql`(select jsonb_build_object('thresholds', coalesce(jsonb_agg(jsonb_build_object(
          'trapType', t.trap_type, 'zone', t.zone, 'riskLevel', t.risk_level, 'metric', t.metric,
          'pestGroup', t.pest_group, 'level', t.level, 'value', t.value)
          order by t.trap_type, t.zone nulls first, t.risk_level nulls first, t.metric, t.pest_group nulls first,
            t.level, t.value), '[]'::jsonb))
        from thresholds t where t.site_id is not distinct from ${siteId} and ${versions})`;
      await tx.execute(sql`select rondin_audit_append('threshold', ${siteId}::integer, 'update', before, after)
        from (select ${set(sql`t.valid_to = ${now}`)} as before, ${set(sql`t.valid_from = ${now} and t.valid_to is null`)} as after) s
        where before <> after`);
    });
  }

  async siteExists(id: number): Promise<boolean> {
    return (await rows(this.db, sql`select 1 from sites where id = ${id}`)).length > 0;
  }
}
