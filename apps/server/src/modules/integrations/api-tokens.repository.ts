import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { apiTokens, technicians } from '../../db/schema.js';

export type ApiTokenScope = (typeof apiTokens.$inferSelect)['scope'];

export interface ApiTokenRow {
  id: number;
  name: string;
  scope: ApiTokenScope;
  hint: string;
  createdAt: Date;
  createdBy: { id: number; fullName: string };
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: { id: number; fullName: string } | null;
}

/** A token that may be used now: not revoked, and its creator an active administrator. */
export interface UsableApiToken {
  id: number;
  scope: ApiTokenScope;
  technicianId: number;
  /** Its creator's, as the account's other requests carry it. */
  tokenVersion: number;
  lastUsedAt: Date | null;
}

const creator = alias(technicians, 'creator');
const revoker = alias(technicians, 'revoker');

/** ApiTokensRepository.findUsable's query, run at each request made with a token: prepared once. */
const usableQuery = (db: Database) =>
  db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      technicianId: apiTokens.createdById,
      tokenVersion: technicians.tokenVersion,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(technicians, eq(technicians.id, apiTokens.createdById))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        eq(technicians.isActive, true),
        eq(technicians.role, 'ADMIN'),
      ),
    )
    .prepare('rondin_usable_api_token');

/** The api_tokens table's SQL (schema/integrations.ts). */
export class ApiTokensRepository {
  private readonly usable: ReturnType<typeof usableQuery>;

  constructor(private readonly db: Database) {
    this.usable = usableQuery(db);
  }

  async insert(values: {
    name: string;
    scope: ApiTokenScope;
    tokenHash: string;
    hint: string;
    createdById: number;
  }): Promise<number> {
    const [row] = await this.db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
    return row!.id;
  }

  /** Every token, the usable ones first, newest first. */
  list(id?: number): Promise<ApiTokenRow[]> {
    return this.db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        scope: apiTokens.scope,
        hint: apiTokens.hint,
        createdAt: apiTokens.createdAt,
        createdBy: { id: creator.id, fullName: creator.fullName },
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
        revokedBy: sql<{ id: number; fullName: string } | null>`case when ${revoker.id} is null then null
          else json_build_object('id', ${revoker.id}, 'fullName', ${revoker.fullName}) end`,
      })
      .from(apiTokens)
      .innerJoin(creator, eq(creator.id, apiTokens.createdById))
      .leftJoin(revoker, eq(revoker.id, apiTokens.revokedById))
      .where(id === undefined ? undefined : eq(apiTokens.id, id))
      .orderBy(sql`${apiTokens.revokedAt} is not null`, desc(apiTokens.createdAt), desc(apiTokens.id));
  }

  /** Revokes it if it is not yet: answers false when it was already revoked or does not exist. */
  async revoke(id: number, byId: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: at, revokedById: byId })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  }

  /**
   * The token of this hash when it may be used now, with its creator an active ADMIN: one indexed read, the only
   * one a request made with it costs before its route's own.
   */
  async findUsable(tokenHash: string): Promise<UsableApiToken | undefined> {
    const [row] = await this.usable.execute({ tokenHash });
    return row;
  }

  /** Records a use at `at` unless one within the last minute already is (another process's, say). */
  async touch(id: number, at: Date): Promise<void> {
    const minuteBefore = new Date(at.getTime() - 60_000);
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, minuteBefore))));
  }
}
