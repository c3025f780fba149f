import { eq } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database } from '../../db/database.js';
import { auditPacks } from '../../db/schema.js';

export type NewPackIssue = Omit<typeof auditPacks.$inferInsert, 'id'>;
export type PackIssue = typeof auditPacks.$inferSelect;

/** The audit packs handed out (audit_packs), each with the code its cover's QR carries. */
export class PackIssuesRepository {
  constructor(private readonly db: Database) {}

  async issue(actor: Actor, pack: NewPackIssue): Promise<void> {
    await auditedTransaction(this.db, actor, (tx) => tx.insert(auditPacks).values(pack));
  }

  async find(code: string): Promise<PackIssue | undefined> {
    const [row] = await this.db.select().from(auditPacks).where(eq(auditPacks.code, code));
    return row;
  }
}
