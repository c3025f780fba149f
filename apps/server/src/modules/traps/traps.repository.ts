import type { TrapListQuery } from '@rondin/contracts';
import { and, asc, eq, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessionItems, traps } from '../../db/schema.js';
import { prefixPattern } from '../../lib/search.js';

export type TrapRow = typeof traps.$inferSelect;
export type NewTrapRow = typeof traps.$inferInsert;
export type TrapChanges = Partial<Pick<NewTrapRow, 'code' | 'area' | 'description' | 'isActive'>>;

const byCode = (code: string) => eq(sql`lower(${traps.code})`, code.toLowerCase());

export class TrapsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<TrapRow[]> {
    return this.db.select().from(traps).orderBy(asc(traps.code), asc(traps.id));
  }

  /** One page of the inventory, filtered (code or area starting with `q`; area; status), in code order. */
  async page(filter: TrapListQuery, window: { pageSize: number; offset: number }): Promise<{ rows: TrapRow[]; total: number }> {
    const conditions = [
      // Prefixes only, so both can use an index at 50,000 traps.
      filter.q
        ? or(like(sql`lower(${traps.code})`, prefixPattern(filter.q)), like(sql`lower(${traps.area})`, prefixPattern(filter.q)))
        : undefined,
      filter.area ? eq(traps.area, filter.area) : undefined,
      filter.active ? eq(traps.isActive, filter.active === 'true') : undefined,
    ];
    const where = and(...conditions);
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(traps).where(where).orderBy(asc(traps.code), asc(traps.id)).limit(window.pageSize).offset(window.offset),
      this.db.select({ total: sql<number>`count(*)::int` }).from(traps).where(where),
    ]);
    return { rows, total: counted!.total };
  }

  async findById(id: number): Promise<TrapRow | undefined> {
    const [row] = await this.db.select().from(traps).where(eq(traps.id, id));
    return row;
  }

  async codeTaken(code: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: traps.id })
      .from(traps)
      .where(exceptId ? and(byCode(code), ne(traps.id, exceptId)) : byCode(code))
      .limit(1);
    return row !== undefined;
  }

  async countExisting(ids: number[]): Promise<number> {
    const [row] = await this.db
      .select({ value: sql<number>`count(*)::int` })
      .from(traps)
      .where(inArray(traps.id, ids));
    return row?.value ?? 0;
  }

  async insert(values: NewTrapRow): Promise<TrapRow> {
    const [row] = await this.db.insert(traps).values(values).returning();
    return row!;
  }

  async update(id: number, changes: TrapChanges): Promise<TrapRow | undefined> {
    const [row] = await this.db.update(traps).set(changes).where(eq(traps.id, id)).returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(traps).where(eq(traps.id, id));
  }

  async isInAnyOrder(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionItems.id })
      .from(sessionItems)
      .where(eq(sessionItems.trapId, id))
      .limit(1);
    return row !== undefined;
  }

  /** Traps in code order, a batch at a time (keyset pagination), for documents covering a whole plant. */
  async *inBatches(filter: { ids?: number[] | undefined }, batchSize = 500): AsyncGenerator<TrapRow[]> {
    const scope: SQL = filter.ids ? inArray(traps.id, filter.ids) : eq(traps.isActive, true);
    let after: { code: string; id: number } | undefined;
    for (;;) {
      const rows = await this.db
        .select()
        .from(traps)
        .where(after ? and(scope, sql`(${traps.code}, ${traps.id}) > (${after.code}, ${after.id})`) : scope)
        .orderBy(asc(traps.code), asc(traps.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { code: last.code, id: last.id };
    }
  }
}
