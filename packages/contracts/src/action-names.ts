/**
 * Thresholds' and corrective actions' values and their Spanish names, in one place for every screen and document
 * that shows them: the office's screens, the certificate, the audit pack and its Excel annex. Without zod, so the
 * web app imports it (its own entry point, @rondin/contracts/action-names).
 */

/**
 * What a threshold measures on a finding: the activity level (1 low, 2 medium, 3 high), the bait eaten (%),
 * the catches of one inspection (optionally of one pest group), the same catches per device-week (× 7 ÷ the
 * days since the device's previous inspection, 1 to 28; 7 for a first one), the device's condition (damaged,
 * tampered or not found: the value is always 1), and repetition (2–10: inspections in a row of the device with
 * activity, or devices of its area with activity in the same order; crossed at ACCION it opens or joins the
 * area's action).
 */
export const THRESHOLD_METRICS = [
  'ACTIVIDAD',
  'CONSUMO_CEBO',
  'CAPTURAS',
  'CAPTURAS_SEMANA',
  'ESTADO',
  'REPETICION',
] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];
/** The metrics a pest group may narrow. */
export const CAPTURE_METRICS: readonly ThresholdMetric[] = ['CAPTURAS', 'CAPTURAS_SEMANA'];

/** ALERTA is noted; ACCION opens a corrective action. */
export const THRESHOLD_LEVELS = ['ALERTA', 'ACCION'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

export const ACTION_STATUSES = ['ABIERTA', 'EN_CURSO', 'CERRADA'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
/** Where an action may go from each state (a closed one is reopened with a reason). */
export const ACTION_TRANSITIONS: Record<ActionStatus, readonly ActionStatus[]> = {
  ABIERTA: ['EN_CURSO', 'CERRADA'],
  EN_CURSO: ['CERRADA'],
  CERRADA: ['ABIERTA'],
};

/**
 * Where an action comes from: a threshold crossed, the office's hand, a recommendation to the client, or a
 * sighting reported by the plant's staff (opened with it, modules/sightings).
 */
export const ACTION_ORIGINS = ['UMBRAL', 'MANUAL', 'RECOMENDACION', 'AVISTAMIENTO'] as const;
export type ActionOrigin = (typeof ACTION_ORIGINS)[number];

export const ACTION_RESPONSIBLES = ['EMPRESA', 'CLIENTE'] as const;
export type ActionResponsible = (typeof ACTION_RESPONSIBLES)[number];

export const ACTION_SEVERITIES = ['BAJA', 'MEDIA', 'ALTA'] as const;
export type ActionSeverity = (typeof ACTION_SEVERITIES)[number];

export const THRESHOLD_METRIC_NAMES: Record<ThresholdMetric, string> = {
  ACTIVIDAD: 'Actividad',
  CONSUMO_CEBO: 'Consumo de cebo (%)',
  CAPTURAS: 'Capturas por inspección',
  CAPTURAS_SEMANA: 'Capturas por semana',
  ESTADO: 'Dañado, manipulado o no encontrado',
  REPETICION: 'Actividad repetida',
};

export const THRESHOLD_LEVEL_NAMES: Record<ThresholdLevel, string> = { ALERTA: 'Alerta', ACCION: 'Acción' };

export const ACTION_STATUS_NAMES: Record<ActionStatus, string> = {
  ABIERTA: 'Abierta',
  EN_CURSO: 'En curso',
  CERRADA: 'Cerrada',
};

export const ACTION_ORIGIN_NAMES: Record<ActionOrigin, string> = {
  UMBRAL: 'Umbral superado',
  MANUAL: 'Manual',
  RECOMENDACION: 'Recomendación al cliente',
  AVISTAMIENTO: 'Avistamiento',
};

export const ACTION_RESPONSIBLE_NAMES: Record<ActionResponsible, string> = { EMPRESA: 'Empresa', CLIENTE: 'Cliente' };

export const ACTION_SEVERITY_NAMES: Record<ActionSeverity, string> = { BAJA: 'Baja', MEDIA: 'Media', ALTA: 'Alta' };

/**
 * What happened to the product an action touched (its note, productImpact, says which and how much): nothing
 * was at risk, it was held, it was thrown away, or it is still being judged.
 */
export const PRODUCT_IMPACTS = ['SIN_IMPACTO', 'PRODUCTO_RETENIDO', 'PRODUCTO_DESECHADO', 'EN_EVALUACION'] as const;
export type ProductImpact = (typeof PRODUCT_IMPACTS)[number];

export const PRODUCT_IMPACT_NAMES: Record<ProductImpact, string> = {
  SIN_IMPACTO: 'Sin impacto',
  PRODUCTO_RETENIDO: 'Producto retenido',
  PRODUCTO_DESECHADO: 'Producto desechado',
  EN_EVALUACION: 'En evaluación',
};

/** The fields whose every change an action keeps apart (who, when, before, after, why). */
export const ACTION_TRACKED_FIELDS = ['dueDate', 'responsible', 'responsibleName'] as const;
export type ActionTrackedField = (typeof ACTION_TRACKED_FIELDS)[number];

export const ACTION_TRACKED_FIELD_NAMES: Record<ActionTrackedField, string> = {
  dueDate: 'Fecha límite',
  responsible: 'Responsable',
  responsibleName: 'Nombre del responsable',
};

/** How many photos an action keeps as evidence. */
export const ACTION_PHOTOS_MAX = 10;
/** Photos one response of the plant to a recommendation may carry (its portal). */
export const PORTAL_RESPONSE_PHOTOS_MAX = 3;
/** A recommendation unacknowledged this many days is marked in the audit pack and reminded to the client. */
export const RECOMMENDATION_REMINDER_DAYS = 7;
