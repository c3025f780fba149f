import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './database.js';

/** Who makes a change: an account, or null for the system (start-up, scripts, a threshold crossed). */
export type Actor = { id: number } | null;

/**
 * Says who makes the changes of this transaction, and why when there is a reason, for the rows the audit_log
 * triggers write (modules/audit-log/sql/rondin_audit_row.sql). Transaction-local (`set_config(…, true)`), so a pooled
 * connection carries nothing into the next transaction. A write to an audited table in a transaction that did not
 * call it is logged as the system's.
 */
export async function auditAs(tx: Transaction, actor: Actor, reason: string | null = null): Promise<void> {
  await tx.execute(
    sql`select set_config('rondin.actor_id', ${actor ? String(actor.id) : ''}, true),
               set_config('rondin.audit_reason', ${reason ?? ''}, true)`,
  );
}

/** A transaction whose changes audit_log records as the actor's. */
export function auditedTransaction<T>(
  db: Database,
  actor: Actor,
  work: (tx: Transaction) => Promise<T>,
  reason: string | null = null,
): Promise<T> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actor, reason);
    return work(tx);
  });
}
