/**
 * Integrations' values and the messages the server answers with (API tokens, webhooks), for the settings
 * screens. Without zod, so the web app imports it alone (@rondin/contracts/integration-names).
 */

/** `read`: safe methods only (GET, HEAD); `write`: every method, as an administrator. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_NAMES: Record<ApiTokenScope, string> = {
  read: 'Solo lectura',
  write: 'Lectura y escritura',
};

/** Every API token starts with this, so a leaked one is recognisable (and told from a session's token). */
export const API_TOKEN_PREFIX = 'rdn_';
export const API_TOKEN_NAME_MAX = 80;

export const ApiTokenMessages = {
  nameRequired: 'Indica un nombre para el token (el sistema que lo usará).',
  scopeInvalid: 'El alcance debe ser read (solo lectura) o write (lectura y escritura).',
  notFound: 'El token de API no existe.',
  alreadyRevoked: 'El token de API ya estaba revocado.',
  /** A token that is unknown, revoked, or whose administrator no longer is one. */
  invalid: 'El token de API no es válido o fue revocado.',
  readOnly: 'Este token de API es de solo lectura: no puede modificar datos.',
  /** What no API token may do, whatever its scope. */
  excluded:
    'Un token de API no puede gestionar tokens, webhooks, cuentas ni contraseñas, ni descargar respaldos: usa una sesión de administrador.',
} as const;
