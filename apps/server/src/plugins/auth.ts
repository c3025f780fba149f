import type { Role } from '@rondin/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { AuthMessages, type AuthUser } from '../lib/auth-user.js';
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
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, { tokens, findActiveAccount }) {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null as unknown as AuthUser);
    const verified = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw AppError.unauthorized(AuthMessages.missingToken);
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
      };
    });
    /** The account as it is now, refused (401) when it is gone, inactive, or its password changed since the token. */
    const current = async (claims: { technicianId: number; tokenVersion: number }) => {
      const account = await findActiveAccount(claims.technicianId);
      if (!account) throw AppError.unauthorized(AuthMessages.inactive);
      if (account.tokenVersion !== claims.tokenVersion) throw AppError.unauthorized(AuthMessages.passwordChanged);
      return account;
    };
    const admit = (roles: Role[], ownAccount: boolean): onRequestHookHandler =>
      async function authorize(request) {
        const claims = await verified(request);
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
        await current({ technicianId: request.user.id, tokenVersion: request.user.tokenVersion });
        throw request.validationError;
      };
    });
  },
  { name: 'auth' },
);
