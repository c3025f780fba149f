import { eq } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database } from '../../db/database.js';
import { signingCertificate } from '../../db/schema.js';

export type SigningCertificateRow = typeof signingCertificate.$inferSelect;
export type SigningCertificateFields = Omit<typeof signingCertificate.$inferInsert, 'id'>;

/** The one row of the company's signing certificate (id 1), absent while documents go unsigned. */
export class SigningRepository {
  constructor(private readonly db: Database) {}

  async find(): Promise<SigningCertificateRow | undefined> {
    const [row] = await this.db.select().from(signingCertificate).where(eq(signingCertificate.id, 1));
    return row;
  }

  async save(actor: Actor, fields: SigningCertificateFields): Promise<SigningCertificateRow> {
    const [row] = await auditedTransaction(this.db, actor, (tx) =>
      tx
        .insert(signingCertificate)
        .values({ id: 1, ...fields })
        .onConflictDoUpdate({ target: signingCertificate.id, set: fields })
        .returning(),
    );
    return row!;
  }

  /** True when there was one to remove. */
  async remove(actor: Actor): Promise<boolean> {
    const removed = await auditedTransaction(this.db, actor, (tx) =>
      tx.delete(signingCertificate).where(eq(signingCertificate.id, 1)).returning({ id: signingCertificate.id }),
    );
    return removed.length > 0;
  }
}
