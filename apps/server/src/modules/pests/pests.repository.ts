import { PEST_GROUPS } from '@rondin/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { pests } from '../../db/schema.js';

export type PestRow = typeof pests.$inferSelect;
export type NewPestRow = typeof pests.$inferInsert;
export type PestChanges = Partial<Pick<NewPestRow, 'name' | 'scientificName' | 'group' | 'isActive'>>;

const byName = (name: string) => eq(sql`lower(${pests.name})`, name.toLowerCase());

/** Groups in the order the screens list them (rodents first), then names as a person reads them. */
const groupOrder = sql`array_position(array[${sql.join(
  PEST_GROUPS.map((group) => sql`${group}`),
  sql`, `,
)}]::text[], ${pests.group})`;

export class PestsRepository {
  constructor(private readonly db: Database) {}

  /** The catalogue (the active entries only, unless `all`), by group then name. */
  list(filter: { all: boolean }): Promise<PestRow[]> {
    return this.db
      .select()
      .from(pests)
      .where(filter.all ? undefined : eq(pests.isActive, true))
      .orderBy(asc(groupOrder), asc(sql`lower(${pests.name})`), asc(pests.id));
  }

  async findById(id: number): Promise<PestRow | undefined> {
    const [row] = await this.db.select().from(pests).where(eq(pests.id, id));
    return row;
  }

  /** Whether another entry has this name, ignoring case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pests.id })
      .from(pests)
      .where(and(byName(name), exceptId ? ne(pests.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async insert(values: NewPestRow): Promise<PestRow> {
    const [row] = await this.db.insert(pests).values(values).returning();
    return row!;
  }

  async update(id: number, changes: PestChanges): Promise<PestRow | undefined> {
    const [row] = await this.db.update(pests).set(changes).where(eq(pests.id, id)).returning();
    return row;
  }
}
