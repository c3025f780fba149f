import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';

type Executor = Database | Transaction;

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface Account {
  id: number;
  email: string;
}

export interface CertificateFacts {
  id: number;
  folio: string;
  revision: number;
  fileId: number | null;
  sessionId: number;
  siteId: number;
  siteName: string;
  issuedAt: string;
}

export interface ActionFacts {
  id: number;
  siteId: number;
  siteName: string;
  origin: string;
  severity: string;
  description: string;
  area: string | null;
  dueDate: string;
  acknowledged: boolean;
  closed: boolean;
  sightingId: number | null;
  sightingReporter: string | null;
}

export interface OverdueOrder {
  id: number;
  siteName: string;
  scheduledAt: string;
  technicianName: string | null;
}

/** Which contact flag a kind of notification asks for (schema/clients.ts). */
export type ContactFlag = 'notify_certificates' | 'notify_actions' | 'notify_reviews';

/**
 * Who is told, and the facts the texts need: the contacts of a site's client, its portal accounts, the office.
 * Read in the transaction that turns an event into notifications.
 */
export class RecipientsRepository {
  /** The office: active administrators. */
  async office(tx: Executor): Promise<Account[]> {
    return rowsOf<Account>(tx, sql`select id, email from technicians where role = 'ADMIN' and is_active order by id`);
  }

  /** The site's client's contacts with an email who asked for `flag`, for this site or for all of them. */
  async siteContacts(tx: Executor, siteId: number, flag: ContactFlag): Promise<string[]> {
    const rows = await rowsOf<{ email: string }>(
      tx,
      sql`select distinct lower(btrim(c.email)) as email from contacts c join sites s on s.client_id = c.client_id
        where s.id = ${siteId} and c.${sql.raw(flag)} and nullif(btrim(c.email), '') is not null
          and (cardinality(c.site_ids) = 0 or ${siteId} = any(c.site_ids))
        order by 1`,
    );
    return rows.map((row) => row.email);
  }

  /** The active portal accounts (CLIENTE) of the site's client that see this site. */
  async portalAccounts(tx: Executor, siteId: number): Promise<Account[]> {
    return rowsOf<Account>(
      tx,
      sql`select t.id, t.email from technicians t join sites s on s.client_id = t.client_id
        where s.id = ${siteId} and t.role = 'CLIENTE' and t.is_active
          and (cardinality(t.portal_site_ids) = 0 or ${siteId} = any(t.portal_site_ids))
        order by t.id`,
    );
  }

  async certificate(tx: Executor, id: number): Promise<CertificateFacts | undefined> {
    const [row] = await rowsOf<CertificateFacts>(
      tx,
      sql`select c.id, c.year || '-' || lpad(c.number::text, 6, '0') as folio, c.revision, c.file_id as "fileId",
          c.session_id as "sessionId", s.site_id as "siteId", st.name as "siteName",
          to_char(c.issued_at, 'YYYY-MM-DD') as "issuedAt"
        from certificates c join sessions s on s.id = c.session_id join sites st on st.id = s.site_id
        where c.id = ${id}`,
    );
    return row;
  }

  async action(tx: Executor, id: number): Promise<ActionFacts | undefined> {
    const [row] = await rowsOf<ActionFacts>(
      tx,
      sql`select a.id, a.site_id as "siteId", st.name as "siteName", a.origin, a.severity, a.description, a.area,
          a.due_date::text as "dueDate", a.acknowledged_at is not null as acknowledged,
          a.status = 'CERRADA' as closed, sg.id as "sightingId", sg.reporter_name as "sightingReporter"
        from corrective_actions a join sites st on st.id = a.site_id
          left join sightings sg on sg.action_id = a.id
        where a.id = ${id}`,
    );
    return row;
  }

  async siteName(tx: Executor, id: number): Promise<string | undefined> {
    const [row] = await rowsOf<{ name: string }>(tx, sql`select name from sites where id = ${id}`);
    return row?.name;
  }

  /** A device's maintenance alert: which device, where, what and when (modules/integrations/remote-events). */
  async deviceAlert(
    tx: Executor,
    remoteEventId: number,
  ): Promise<{ trapId: number; trapCode: string; siteName: string; type: string; occurredAt: string } | undefined> {
    const [row] = await rowsOf<{
      trapId: number;
      trapCode: string;
      siteName: string;
      type: string;
      occurredAt: string;
    }>(
      tx,
      sql`select r.trap_id as "trapId", t.code as "trapCode", st.name as "siteName", r.type,
          to_char(r.occurred_at at time zone coalesce(st.time_zone, 'UTC'), 'DD-MM-YYYY HH24:MI') as "occurredAt"
        from remote_events r join traps t on t.id = r.trap_id join sites st on st.id = r.site_id
        where r.id = ${remoteEventId}`,
    );
    return row;
  }

  async technicianName(tx: Executor, id: number): Promise<string | undefined> {
    const [row] = await rowsOf<{ name: string }>(tx, sql`select full_name as name from technicians where id = ${id}`);
    return row?.name;
  }

  async productName(tx: Executor, id: number): Promise<string | undefined> {
    const [row] = await rowsOf<{ name: string }>(
      tx,
      sql`select name || ' (' || registration_number || ')' as name from products where id = ${id}`,
    );
    return row?.name;
  }

  /** Orders not completed whose time has passed (the reminders' overdue), oldest first, at most `limit`. */
  async overdueOrders(tx: Executor, limit: number): Promise<{ total: number; orders: OverdueOrder[] }> {
    const orders = await rowsOf<OverdueOrder & { total: number }>(
      tx,
      sql`select s.id, st.name as "siteName", s.scheduled_at::text as "scheduledAt", t.full_name as "technicianName",
          count(*) over ()::int as total
        from sessions s join sites st on st.id = s.site_id left join technicians t on t.id = s.technician_id
        where s.status <> 'COMPLETED' and s.scheduled_at < now()
        order by s.scheduled_at, s.id limit ${limit}`,
    );
    return { total: orders[0]?.total ?? 0, orders: orders.map(({ total: _total, ...order }) => order) };
  }

  /**
   * Recommendations (responsible CLIENTE) open and unacknowledged `days` after they were made: what the
   * scheduler reminds the client of, once each.
   */
  async recommendationsWaiting(db: Executor, days: number): Promise<number[]> {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select id from corrective_actions
        where responsible = 'CLIENTE' and status <> 'CERRADA' and acknowledged_at is null
          and created_at < now() - make_interval(days => ${days})
        order by id`,
    );
    return rows.map((row) => row.id);
  }
}
