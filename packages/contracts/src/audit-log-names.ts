// No zod here: the change log's screen imports this module alone (@rondin/contracts/audit-log-names) for the
// entities and actions it names, the same the server accepts, without zod reaching the browser (docs/decisions/0004).

/**
 * What the change log records changes of (modules/audit-log). Adding one is a name here, its trigger in a
 * migration and its label on the screen: the type checker and audit-log.test.ts point at whichever is missing.
 */
export const AUDIT_ENTITIES = [
  'trap',
  'site',
  'plan',
  'placement',
  'product',
  'threshold',
  'action',
  'actionPhoto',
  'settings',
  'account',
  'client',
  'contact',
  'signingCertificate',
  'auditPack',
  'programme',
  'assessment',
  'assessmentPhoto',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** create, update and delete of a record; `password`: an account's password changed (never its value). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'password'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each entity is called on screen and in the check's summary. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  trap: 'Trampa',
  site: 'Sitio',
  plan: 'Plano',
  placement: 'Ubicación en plano',
  product: 'Producto',
  threshold: 'Umbrales',
  action: 'Acción correctiva',
  actionPhoto: 'Foto de acción correctiva',
  settings: 'Datos de la empresa',
  account: 'Cuenta',
  client: 'Cliente',
  signingCertificate: 'Certificado de firma de la empresa',
  auditPack: 'Dossier de auditoría emitido',
  contact: 'Contacto de cliente',
  programme: 'Programa de control',
  assessment: 'Evaluación del sitio',
  assessmentPhoto: 'Foto de evaluación',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Alta',
  update: 'Cambio',
  delete: 'Baja',
  password: 'Cambio de contraseña',
};
