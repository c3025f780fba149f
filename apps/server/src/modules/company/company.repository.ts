import { eq } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { companySettings } from '../../db/schema.js';

export type CompanySettingsRow = typeof companySettings.$inferSelect;
export type CompanyFields = Omit<typeof companySettings.$inferInsert, 'id' | 'logoFileId' | 'updatedAt'>;

/** The one row of company settings (id 1), absent until the first save. */
export class CompanyRepository {
  constructor(private readonly db: Database) {}

  async find(tx: Database | Transaction = this.db): Promise<CompanySettingsRow | undefined> {
    const [row] = await tx.select().from(companySettings).where(eq(companySettings.id, 1));
    return row;
  }

  /** Locks the row for the rest of the transaction, so two logo uploads replace one another in turn. */
  async lock(tx: Transaction): Promise<CompanySettingsRow | undefined> {
    const [row] = await tx.select().from(companySettings).where(eq(companySettings.id, 1)).for('update');
    return row;
  }

  async save(actor: Actor, fields: CompanyFields): Promise<CompanySettingsRow> {
    const values = { ...fields, updatedAt: new Date() };
    const [row] = await auditedTransaction(this.db, actor, (tx) =>
      tx
        .insert(companySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: companySettings.id, set: values })
        .returning(),
    );
    return row!;
  }

  async setLogo(tx: Transaction, fileId: number | null): Promise<void> {
    await tx
      .update(companySettings)
      .set({ logoFileId: fileId, updatedAt: new Date() })
      .where(eq(companySettings.id, 1));
  }

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }
}
