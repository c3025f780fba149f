import { API_TOKEN_PREFIX, ApiTokenMessages } from '@rondin/contracts/integration-names';
import type { Role } from '@rondin/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { type ApiTokenGate, AuthMessages, type AuthUser } from '../lib/auth-user.js';
import type { ActiveAccount } from '../modules/technicians/technicians.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authorize()` hooks; routes without one must not read it. */
    user: AuthUser;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * An onRequest hook admitting a signed-in, active user, and only the given roles when any are named; an
     * account that must change its password is refused (403 PASSWORD_CHANGE_REQUIRED). With no role named it
     * admits the office's accounts (ADMIN, TECH): a CLIENTE reaches only routes naming it, and its own account.
     */
    authorize(...roles: Role[]): onRequestHookHandler;
    /**
     * authorize() for the caller's own profile and password change: open to every role, and to an account that
     * must change its password.
     */
    authorizeOwnAccount(): onRequestHookHandler;
    /**
     * An onRequest hook that checks the token only, for a route whose single database call checks the
     * account itself (the scan). `request.user.role` is then the role at sign-in, not necessarily now's.
     */
    authenticate(): onRequestHookHandler;
    /**
     * With `attachValidation: true`, on a route that uses authenticate(): a request whose body or parameters
     * are invalid is answered 401 when its account may no longer act (the 400 would tell a revoked token how
     * to shape its next request), and 400 otherwise. A valid request goes on untouched: its account is checked
     * by its own database call, and the hot path pays nothing.
     */
    accountBeforeInvalid(): preHandlerHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** No role named: any of the office's accounts (a CLIENTE is admitted only where it is named). */
const admitsStaff = (roles: Role[], role: Role) => (roles.length === 0 ? role !== 'CLIENTE' : roles.includes(role));

const passwordChangeRequired = () => new AppError(403, AuthMessages.passwordChangeRequired, 'PASSWORD_CHANGE_REQUIRED');

export interface AuthOptions {
  tokens: TokenService;
  /**
   * The account's current role and token version when it exists and is active; read at every request so a
   * deactivated, deleted or demoted account, or a token issued before a password change, loses access at once.
   */
  findActiveAccount(technicianId: number): Promise<ActiveAccount | undefined>;
  /** Admits `Bearer rdn_…` API tokens (modules/integrations); without it they are refused as any bad token. */
  apiTokens?: ApiTokenGate | undefined;
}

/** What a request's token stands for: a session's claims, or an API token acting as its creator. */
interface Caller {
  technicianId: number;
  role: Role;
  tokenVersion: number;
  mustChangePassword?: boolean;
  apiTokenId?: number;
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, { tokens, findActiveAccount, apiTokens }) {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null as unknown as AuthUser);
    const verified = async (request: FastifyRequest): Promise<Caller> => {
      const token = bearerToken(request);
      if (!token) throw AppError.unauthorized(AuthMessages.missingToken);
      if (apiTokens && token.startsWith(API_TOKEN_PREFIX)) {
        // An administrator of the token's scope; its account is checked active and ADMIN by the same read.
        const { technicianId, apiTokenId, tokenVersion } = await apiTokens.admit(token, {
          method: request.method,
          routeUrl: request.routeOptions.url ?? request.url,
        });
        return { technicianId, role: 'ADMIN', tokenVersion, apiTokenId };
      }
      const claims = await tokens.verify(token);
      if (!claims) throw AppError.unauthorized(AuthMessages.invalidToken);
      return claims;
    };
    app.decorate('authenticate', (): onRequestHookHandler => {
      return async function authenticate(request) {
        const claims = await verified(request);
        if (claims.mustChangePassword) throw passwordChangeRequired();
        if (claims.role === 'CLIENTE') throw AppError.forbidden(AuthMessages.portalOnly);
        request.user = { id: claims.technicianId, role: claims.role, tokenVersion: claims.tokenVersion };
        if (claims.apiTokenId !== undefined) request.user.apiTokenId = claims.apiTokenId;
      };
    });
    /** The account as it is now, refused (401) when it is gone, inactive, or its password changed since the token. */
    const current = async (claims: { technicianId: number; tokenVersion: number; apiTokenId?: number | undefined }) => {
      const account = await findActiveAccount(claims.technicianId);
      if (!account) throw AppError.unauthorized(AuthMessages.inactive);
      // An API token is not a session: its creator's password changing leaves it working (revoke it to stop it).
      if (claims.apiTokenId !== undefined) {
        if (account.role !== 'ADMIN') throw AppError.unauthorized(ApiTokenMessages.invalid);
        return account;
      }
      if (account.tokenVersion !== claims.tokenVersion) throw AppError.unauthorized(AuthMessages.passwordChanged);
      return account;
    };
    const admit = (roles: Role[], ownAccount: boolean): onRequestHookHandler =>
      async function authorize(request) {
        const claims = await verified(request);
        if (claims.apiTokenId !== undefined) {
          // Its account was read with the token, active and ADMIN: no second read. Its creator's own account
          // (profile, password, bell) is not the token's.
          if (ownAccount) throw AppError.forbidden(ApiTokenMessages.excluded);
          if (!admitsStaff(roles, 'ADMIN')) throw AppError.forbidden(AuthMessages.forbidden);
          request.user = { id: claims.technicianId, role: 'ADMIN', tokenVersion: claims.tokenVersion };
          request.user.apiTokenId = claims.apiTokenId;
          return;
        }
        const account = await current(claims);
        if (account.mustChangePassword && !ownAccount) throw passwordChangeRequired();
        if (account.role === 'CLIENTE' ? !(ownAccount || roles.includes('CLIENTE')) : !admitsStaff(roles, account.role))
          throw AppError.forbidden(account.role === 'CLIENTE' ? AuthMessages.portalOnly : AuthMessages.forbidden);
        request.user = { id: claims.technicianId, role: account.role, tokenVersion: account.tokenVersion };
        if (account.role === 'CLIENTE') {
          request.user.clientId = account.clientId ?? undefined;
          request.user.siteIds = account.siteIds;
        }
      };
    app.decorate('authorize', (...roles: Role[]) => admit(roles, false));
    app.decorate('authorizeOwnAccount', () => admit([], true));
    app.decorate('accountBeforeInvalid', (): preHandlerHookHandler => {
      return async function accountBeforeInvalid(request) {
        if (!request.validationError) return;
        await current({
          technicianId: request.user.id,
          tokenVersion: request.user.tokenVersion,
          apiTokenId: request.user.apiTokenId,
        });
        throw request.validationError;
      };
    });
  },
  { name: 'auth' },
);
