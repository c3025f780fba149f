import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { applications, files, products, sessions } from '../../db/schema.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductChanges = Partial<Omit<NewProductRow, 'id' | 'createdAt'>>;
type FileFields = { name: string; size: number; sha256: string } | null;
/** A product with the name, size and hash of its documents. */
export type ProductWithFiles = ProductRow & { sdsFile: FileFields; labelFile: FileFields };

const sdsFiles = alias(files, 'sds_files');
const labelFiles = alias(files, 'label_files');
const byName = (name: string) => eq(sql`lower(${products.name})`, name.toLowerCase());

export class ProductsRepository {
  constructor(private readonly db: Database) {}

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /** The catalogue (active ones only unless `all`), by name as a person reads it. */
  async list(filter: { all: boolean }, id?: number): Promise<ProductWithFiles[]> {
    const rows = await this.db
      .select({
        product: products,
        sdsFile: { name: sdsFiles.name, size: sdsFiles.size, sha256: sdsFiles.sha256 },
        labelFile: { name: labelFiles.name, size: labelFiles.size, sha256: labelFiles.sha256 },
      })
      .from(products)
      .leftJoin(sdsFiles, eq(sdsFiles.id, products.sdsFileId))
      .leftJoin(labelFiles, eq(labelFiles.id, products.labelFileId))
      .where(and(filter.all ? undefined : eq(products.isActive, true), id ? eq(products.id, id) : undefined))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
    return rows.map((row) => ({ ...row.product, sdsFile: row.sdsFile, labelFile: row.labelFile }));
  }

  /**
   * The products applied in the site's orders (active or not: what was applied stays applied), by name, each
   * with when it was last applied there; with `id`, that product only if it was.
   */
  async appliedAt(siteId: number, id?: number): Promise<(ProductWithFiles & { lastAppliedAt: Date })[]> {
    const applied = this.db
      .select({
        productId: applications.productId,
        lastAppliedAt: sql<Date>`max(${applications.startedAt})`.as('last_applied_at'),
      })
      .from(applications)
      .innerJoin(sessions, eq(sessions.id, applications.sessionId))
      .where(and(eq(sessions.siteId, siteId), id ? eq(applications.productId, id) : undefined))
      .groupBy(applications.productId)
      .as('applied');
    const rows = await this.db
      .select({
        product: products,
        lastAppliedAt: applied.lastAppliedAt,
        sdsFile: { name: sdsFiles.name, size: sdsFiles.size, sha256: sdsFiles.sha256 },
        labelFile: { name: labelFiles.name, size: labelFiles.size, sha256: labelFiles.sha256 },
      })
      .from(products)
      .innerJoin(applied, eq(applied.productId, products.id))
      .leftJoin(sdsFiles, eq(sdsFiles.id, products.sdsFileId))
      .leftJoin(labelFiles, eq(labelFiles.id, products.labelFileId))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
    return rows.map((row) => ({
      ...row.product,
      sdsFile: row.sdsFile,
      labelFile: row.labelFile,
      lastAppliedAt: new Date(row.lastAppliedAt),
    }));
  }

  async findById(id: number, tx?: Transaction): Promise<ProductRow | undefined> {
    const query = (tx ?? this.db).select().from(products).where(eq(products.id, id));
    const [row] = tx ? await query.for('update') : await query;
    return row;
  }

  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(byName(name), exceptId ? ne(products.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async insert(actor: Actor, values: NewProductRow): Promise<number> {
    const [row] = await auditedTransaction(this.db, actor, (tx) =>
      tx.insert(products).values(values).returning({ id: products.id }),
    );
    return row!.id;
  }

  async update(tx: Transaction, id: number, changes: ProductChanges): Promise<boolean> {
    const rows = await tx
      .update(products)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    return rows.length > 0;
  }
}
