/**
 * Assessments' values and their Spanish names (DESIGN-plant.md, "Control programme and assessments"), in one
 * place for the screens and the report. Without zod, so the web app imports it alone
 * (@rondin/contracts/assessment-names).
 */

/** A diagnosis before the first visit, the annual in-depth survey, the quarterly review. */
export const ASSESSMENT_KINDS = ['DIAGNOSTICO', 'REVISION_ANUAL', 'REVISION_TRIMESTRAL'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** BORRADOR (editable) → FIRMADA (fixed, by a technical manager) → ACEPTADA (acknowledged in the portal). */
export const ASSESSMENT_STATUSES = ['BORRADOR', 'FIRMADA', 'ACEPTADA'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** The pest pressure seen in an area. */
export const PEST_PRESSURES = ['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'] as const;
export type PestPressure = (typeof PEST_PRESSURES)[number];

/** Conditions that favour pests. */
export const PEST_CONDITIONS = ['ESTRUCTURA', 'HIGIENE', 'ALMACENAMIENTO', 'ENTORNO', 'PROCESO', 'OTRA'] as const;
export type PestCondition = (typeof PEST_CONDITIONS)[number];

/** DUE: its date has come or comes within ASSESSMENT_DUE_SOON_DAYS; LATE: its date has passed. */
export const ASSESSMENT_DUE_STATES = ['DUE', 'LATE'] as const;
export type AssessmentDueState = (typeof ASSESSMENT_DUE_STATES)[number];

/** An annual survey is listed as due this many days before its date. */
export const ASSESSMENT_DUE_SOON_DAYS = 30;
/** A quarter's review is due when the quarter ends and late this many days later. */
export const QUARTERLY_REVIEW_GRACE_DAYS = 30;

export const ASSESSMENT_KIND_NAMES: Record<AssessmentKind, string> = {
  DIAGNOSTICO: 'Diagnóstico de situación',
  REVISION_ANUAL: 'Revisión anual',
  REVISION_TRIMESTRAL: 'Revisión trimestral',
};

export const ASSESSMENT_STATUS_NAMES: Record<AssessmentStatus, string> = {
  BORRADOR: 'Borrador',
  FIRMADA: 'Firmada',
  ACEPTADA: 'Aceptada',
};

export const PEST_PRESSURE_NAMES: Record<PestPressure, string> = {
  NINGUNA: 'Ninguna',
  BAJA: 'Baja',
  MEDIA: 'Media',
  ALTA: 'Alta',
};

export const PEST_CONDITION_NAMES: Record<PestCondition, string> = {
  ESTRUCTURA: 'Estructura',
  HIGIENE: 'Higiene',
  ALMACENAMIENTO: 'Almacenamiento',
  ENTORNO: 'Entorno',
  PROCESO: 'Proceso',
  OTRA: 'Otra',
};

export const ASSESSMENT_DUE_STATE_NAMES: Record<AssessmentDueState, string> = {
  DUE: 'Pendiente',
  LATE: 'Atrasada',
};
