import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  ApiTokenMessages,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import type { ApiTokenGate, AuthUser } from '../../lib/auth-user.js';
import { excludedFromApiTokens, isSafeMethod } from './api-token-access.js';
import type { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository.js';

/** A use is recorded when the last recorded one is older than this: not a write at every request. */
const LAST_USE_EVERY_MS = 60_000;

/** Characters of the token a list shows (`rdn_` and four of its random part). */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export interface ApiTokensOptions {
  /** The clock: tests move it instead of waiting. */
  now?: () => Date;
}

/**
 * API tokens for other systems: created and revoked by an administrator, each acting as its creator with the
 * rights of its scope (api-token-access.ts for what none may do). The token is `rdn_` and 32 random bytes in
 * base64url; only its SHA-256 is stored (a fast hash is enough for 256 random bits: nothing to guess).
 */
export class ApiTokensService implements ApiTokenGate {
  private readonly now: () => Date;

  constructor(
    private readonly repository: ApiTokensRepository,
    options: ApiTokensOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async create(user: AuthUser, body: CreateApiTokenBody): Promise<CreatedApiToken> {
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = await this.repository.insert({
      name: body.name,
      scope: body.scope,
      tokenHash: hashOf(token),
      hint: token.slice(0, HINT_LENGTH),
      createdById: user.id,
    });
    return { apiToken: await this.get(id), token };
  }

  async list(): Promise<ApiToken[]> {
    return (await this.repository.list()).map(toApiToken);
  }

  /** Revokes it at once, in every process: the next request made with it is answered 401. */
  async revoke(user: AuthUser, id: number): Promise<ApiToken> {
    if (!(await this.repository.revoke(id, user.id, this.now()))) {
      await this.get(id);
      throw AppError.conflict(ApiTokenMessages.alreadyRevoked);
    }
    return this.get(id);
  }

  async admit(token: string, request: { method: string; routeUrl: string }) {
    const found = token.startsWith(API_TOKEN_PREFIX) ? await this.repository.findUsable(hashOf(token)) : undefined;
    if (!found) throw AppError.unauthorized(ApiTokenMessages.invalid);
    if (excludedFromApiTokens(request.method, request.routeUrl)) throw AppError.forbidden(ApiTokenMessages.excluded);
    if (found.scope === 'read' && !isSafeMethod(request.method)) throw AppError.forbidden(ApiTokenMessages.readOnly);
    const now = this.now();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
      await this.repository.touch(found.id, now);
    }
    return { technicianId: found.technicianId, apiTokenId: found.id, tokenVersion: found.tokenVersion };
  }

  private async get(id: number): Promise<ApiToken> {
    const [row] = await this.repository.list(id);
    if (!row) throw AppError.notFound(ApiTokenMessages.notFound);
    return toApiToken(row);
  }
}
