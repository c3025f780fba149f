import type { Role } from '@rondin/contracts';

/** Who is calling, as the auth plugin admits them; services decide with it, routes pass it on. */
export interface AuthUser {
  id: number;
  role: Role;
  /** The token's version; the account's current one once `authorize()` has checked it. */
  tokenVersion: number;
  /**
   * A CLIENTE's scope, resolved when `authorize()` admits it: its client, and the ids of the sites it may see (the
   * client's sites, or the subset chosen for the account), ascending. Absent for the office's accounts, which
   * see every site. A module serving a portal route checks a site against `siteIds`, never importing the portal.
   */
  clientId?: number;
  siteIds?: readonly number[];
  /** Set when the caller is another system using an API token (modules/integrations), acting as `id`. */
  apiTokenId?: number;
}

/**
 * Admits requests made with an API token (`Bearer rdn_…`, modules/integrations): the account the token acts as,
 * read with the token and checked active and ADMIN by that same read, or an AppError, 401 for a token unknown or
 * revoked (or whose creator may no longer act), 403 for a request beyond what the token may do.
 */
export interface ApiTokenGate {
  admit(
    token: string,
    request: { method: string; routeUrl: string },
  ): Promise<{ technicianId: number; apiTokenId: number; tokenVersion: number }>;
}

/** What a caller is told when their sign-in cannot be used. */
export const AuthMessages = {
  missingToken: 'Inicia sesión para continuar.',
  invalidToken: 'Tu sesión expiró o no es válida. Inicia sesión nuevamente.',
  inactive: 'Tu cuenta está inactiva o ya no existe. Contacta a un administrador.',
  passwordChanged: 'La contraseña de tu cuenta cambió. Inicia sesión nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  portalOnly: 'Tu cuenta es del portal del cliente: solo puede usar el portal, tu perfil y tu contraseña.',
  passwordChangeRequired: 'Cambia tu contraseña para continuar: la actual la conoce alguien más.',
} as const;
