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

/** What a webhook may be told of; the payload's `type`. */
export const WEBHOOK_EVENTS = [
  'order.closed',
  'certificate.issued',
  'finding.recorded',
  'action.opened',
  'action.closed',
  'sighting.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_NAMES: Record<WebhookEvent, string> = {
  'order.closed': 'Orden cerrada',
  'certificate.issued': 'Certificado emitido',
  'finding.recorded': 'Hallazgo registrado',
  'action.opened': 'Acción correctiva abierta',
  'action.closed': 'Acción correctiva cerrada',
  'sighting.created': 'Avistamiento reportado',
};

/** The type of the event «Probar» sends; never subscribed to, always sent when asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_NAMES: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pendiente',
  DELIVERED: 'Entregado',
  FAILED: 'Fallido',
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Characters of a receiver's answer kept in the log. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

export const WebhookMessages = {
  urlRequired: 'Indica la dirección (URL) que recibirá los avisos.',
  urlInvalid: 'La dirección debe ser una URL http:// o https:// completa, como https://erp.ejemplo.cl/rondin.',
  urlCredentials: 'La dirección no puede llevar usuario ni contraseña: el aviso va firmado con el secreto.',
  urlPrivate:
    'La dirección apunta a una red privada o a este mismo servidor: no se permite (WEBHOOK_ALLOW_PRIVATE_URLS lo habilita).',
  urlUnresolvable: 'No se encontró el servidor de esa dirección.',
  eventsRequired: 'Elige al menos un evento.',
  eventUnknown: `Los eventos deben ser algunos de: ${WEBHOOK_EVENTS.join(', ')}.`,
  notFound: 'El webhook no existe.',
} as const;
