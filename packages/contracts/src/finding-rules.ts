// No zod here: the phone imports this module alone (@rondin/contracts/finding-rules) to build its findings form
// with the same rules the server enforces.
import { type PestGroup, TRAP_TYPE_NAMES, type TrapType } from './devices.js';
import { FindingMessages } from './messages.js';

/**
 * The device's condition. DISPARADA_SIN_CAPTURA is a snap trap's; MANIPULADA (tampered) asks for a photo: it is
 * accepted without one, and the finding carries the flag FOTO_PENDIENTE until the item has a photo.
 */
export const DEVICE_STATUSES = ['OK', 'DANADO', 'SUCIO', 'REUBICADO', 'MANIPULADA', 'DISPARADA_SIN_CAPTURA'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_STATUS_NAMES: Record<DeviceStatus, string> = {
  OK: 'Dispositivo OK',
  DANADO: 'Dañado',
  SUCIO: 'Sucio',
  REUBICADO: 'Reubicado',
  MANIPULADA: 'Manipulado',
  DISPARADA_SIN_CAPTURA: 'Disparada sin captura',
};

export const ACTIVITY_LEVELS = ['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export const ACTIVITY_NAMES: Record<ActivityLevel, string> = {
  NINGUNA: 'Sin actividad',
  BAJA: 'Actividad baja',
  MEDIA: 'Actividad media',
  ALTA: 'Actividad alta',
};

/** Percentage of the bait eaten, in quarters. */
export const BAIT_CONSUMPTIONS = [0, 25, 50, 75, 100] as const;
export type BaitConsumption = (typeof BAIT_CONSUMPTIONS)[number];

/** What a bait station's bait looked like when it was not simply there: absent is not "100 % eaten". */
export const BAIT_STATES = ['CEBO_AUSENTE', 'CEBO_DETERIORADO'] as const;
export type BaitState = (typeof BAIT_STATES)[number];

export const BAIT_STATE_NAMES: Record<BaitState, string> = {
  CEBO_AUSENTE: 'Cebo ausente',
  CEBO_DETERIORADO: 'Cebo deteriorado',
};

export const EVIDENCE_KINDS = [
  'EXCREMENTOS',
  'ROEDURAS',
  'HUELLAS',
  'MANCHAS_GRASA',
  'NIDO',
  'INSECTOS_VIVOS',
  'INSECTOS_MUERTOS',
  'OTRA',
] as const;
export type Evidence = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_NAMES: Record<Evidence, string> = {
  EXCREMENTOS: 'Excrementos',
  ROEDURAS: 'Roeduras',
  HUELLAS: 'Huellas',
  MANCHAS_GRASA: 'Manchas de grasa',
  NIDO: 'Nido',
  INSECTOS_VIVOS: 'Insectos vivos',
  INSECTOS_MUERTOS: 'Insectos muertos',
  OTRA: 'Otro indicio',
};

export const FINDING_ACTIONS = [
  'LIMPIEZA',
  'CEBO_REPUESTO',
  'LAMINA_CAMBIADA',
  'TUBO_CAMBIADO',
  'DISPOSITIVO_REEMPLAZADO',
  'DISPOSITIVO_REUBICADO',
  'SENALIZACION_REPUESTA',
] as const;
export type FindingAction = (typeof FINDING_ACTIONS)[number];

export const FINDING_ACTION_NAMES: Record<FindingAction, string> = {
  LIMPIEZA: 'Limpieza',
  CEBO_REPUESTO: 'Cebo o atrayente repuesto',
  LAMINA_CAMBIADA: 'Lámina cambiada',
  TUBO_CAMBIADO: 'Tubo cambiado',
  DISPOSITIVO_REEMPLAZADO: 'Dispositivo reemplazado',
  DISPOSITIVO_REUBICADO: 'Dispositivo reubicado',
  SENALIZACION_REPUESTA: 'Señalización repuesta',
};

/** A saturated glue board or light trap is counted in bands instead of one by one. */
export const CAPTURE_BANDS = ['0', '1-10', '11-50', '>50'] as const;
export type CaptureBand = (typeof CAPTURE_BANDS)[number];

/** The fewest catches a band stands for: what a band adds to a total. */
export const CAPTURE_BAND_MINIMUM: Record<CaptureBand, number> = { '0': 0, '1-10': 1, '11-50': 11, '>50': 51 };

/** Most catches of one pest counted one by one. */
export const MAX_CAPTURE_COUNT = 100_000;

export const EXCEPTION_REASONS = ['NO_ENCONTRADO', 'INACCESIBLE'] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

export const EXCEPTION_REASON_NAMES: Record<ExceptionReason, string> = {
  NO_ENCONTRADO: 'No encontrada',
  INACCESIBLE: 'Inaccesible',
};

/**
 * Why an exception's device could not be scanned, in more detail than its reason: preset, so nothing has to be
 * typed with gloves on. A note is asked only for OTRO (and when the detail is absent, as older phones send).
 */
export const EXCEPTION_REASON_DETAILS = [
  'AREA_CERRADA',
  'BLOQUEADO_MERCADERIA',
  'PRODUCCION',
  'RETIRADO_CLIENTE',
  'OTRO',
] as const;
export type ExceptionReasonDetail = (typeof EXCEPTION_REASON_DETAILS)[number];

export const EXCEPTION_REASON_DETAIL_NAMES: Record<ExceptionReasonDetail, string> = {
  AREA_CERRADA: 'Área cerrada',
  BLOQUEADO_MERCADERIA: 'Bloqueado por mercadería',
  PRODUCCION: 'Producción en marcha',
  RETIRADO_CLIENTE: 'Retirado por el cliente',
  OTRO: 'Otro',
};

/** Whether an exception with this detail (or none, from an older phone) needs a note saying why. */
export const exceptionNeedsNote = (detail: ExceptionReasonDetail | null | undefined): boolean =>
  detail === undefined || detail === null || detail === 'OTRO';

/** Why the technician typed the device's printed code instead of scanning its QR (outcome MANUAL). */
export const MANUAL_REASONS = ['ETIQUETA_DANADA', 'ETIQUETA_AUSENTE'] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

export const MANUAL_REASON_NAMES: Record<ManualReason, string> = {
  ETIQUETA_DANADA: 'Etiqueta dañada',
  ETIQUETA_AUSENTE: 'Etiqueta ausente',
};

/**
 * How an item was completed. SCANNED: its QR was read (the only proof of presence). MANUAL: its label could
 * not be read and the technician typed the printed code: inspected, and takes findings and photos like a scanned
 * one, but not proof of presence. EXCEPTION: accounted for without a scan (not found, not reachable), no
 * finding. Null while pending.
 */
export const ITEM_OUTCOMES = ['SCANNED', 'MANUAL', 'EXCEPTION'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

/** The outcomes that say the device was inspected and so must carry a finding before the order closes. */
export const INSPECTED_OUTCOMES: readonly ItemOutcome[] = ['SCANNED', 'MANUAL'];

/**
 * What the office is warned of on a finding, never hidden: HORA_IMPLAUSIBLE, the device's clock said a time
 * before the order existed or ahead of the server's (the server's time was used); ENVIO_TARDIO, it arrived
 * more than a day after it was recorded; CADENCIA_IMPLAUSIBLE, the technician recorded too many devices too
 * fast; FOTO_PENDIENTE, a tampered device with no photo yet.
 */
/** Who recorded a finding: a technician at an order's item, or an electronic device on its own (no visit). */
export const FINDING_ORIGINS = ['INSPECCION', 'REMOTO'] as const;
export type FindingOrigin = (typeof FINDING_ORIGINS)[number];

export const FINDING_FLAGS = ['HORA_IMPLAUSIBLE', 'ENVIO_TARDIO', 'CADENCIA_IMPLAUSIBLE', 'FOTO_PENDIENTE'] as const;
export type FindingFlag = (typeof FINDING_FLAGS)[number];

export const FINDING_FLAG_NAMES: Record<FindingFlag, string> = {
  HORA_IMPLAUSIBLE: 'Hora del teléfono no plausible',
  ENVIO_TARDIO: 'Enviado más de un día después',
  CADENCIA_IMPLAUSIBLE: 'Demasiados dispositivos en poco tiempo',
  FOTO_PENDIENTE: 'Falta la foto del dispositivo manipulado',
};

/** Received this long after the device recorded it: flagged ENVIO_TARDIO. */
export const LATE_DELIVERY_MS = 24 * 60 * 60 * 1000;
/** This many devices by one technician within CADENCE_WINDOW_MS is not a walk between devices. */
export const CADENCE_MAX_DEVICES = 40;
export const CADENCE_WINDOW_MS = 3 * 60 * 1000;

export const FINDING_NOTES_MAX = 1000;
/** The longest printed code a technician may type for a MANUAL outcome (a device's code is at most 40). */
export const MANUAL_CODE_MAX = 128;
export const EXCEPTION_NOTE_MAX = 1000;
export const CORRECTION_REASON_MAX = 500;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/webp'] as const;
/**
 * The most pixels a photo may have: a phone's 48-megapixel sensor saves 12 (the app sends 1,600 px a side);
 * 40 leaves room and keeps a decoded photo near 120 MB. WebP cannot be wider or taller than 16,383.
 */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MAX_DIMENSION = 16_383;
export const PHOTOS_PER_ITEM = 5;

/** Which finding fields a device type takes. */
export interface FindingFields {
  /** Bait consumption and bait state. */
  bait: boolean;
  captures: boolean;
  /** Captures may be given as bands (saturated boards). */
  bands: boolean;
  deviceStatuses: readonly DeviceStatus[];
  actions: readonly FindingAction[];
  /** The pest groups the form offers first; any active pest is accepted. */
  usualPestGroups: readonly PestGroup[];
}

const COMMON_STATUSES = ['OK', 'DANADO', 'SUCIO', 'REUBICADO', 'MANIPULADA'] as const;
const DEVICE_ACTIONS = [
  'LIMPIEZA',
  'DISPOSITIVO_REEMPLAZADO',
  'DISPOSITIVO_REUBICADO',
  'SENALIZACION_REPUESTA',
] as const;

export const FINDING_FIELDS: Record<TrapType, FindingFields> = {
  CEBADERO: {
    bait: true,
    captures: false,
    bands: false,
    deviceStatuses: COMMON_STATUSES,
    actions: ['CEBO_REPUESTO', ...DEVICE_ACTIONS],
    usualPestGroups: ['ROEDORES'],
  },
  CAPTURA: {
    bait: false,
    captures: true,
    bands: false,
    deviceStatuses: [...COMMON_STATUSES, 'DISPARADA_SIN_CAPTURA'],
    actions: ['CEBO_REPUESTO', ...DEVICE_ACTIONS],
    usualPestGroups: ['ROEDORES'],
  },
  LAMINA: {
    bait: false,
    captures: true,
    bands: true,
    deviceStatuses: COMMON_STATUSES,
    actions: ['LAMINA_CAMBIADA', ...DEVICE_ACTIONS],
    usualPestGroups: ['RASTREROS', 'PRODUCTO_ALMACENADO', 'ROEDORES'],
  },
  LUZ_UV: {
    bait: false,
    captures: true,
    bands: true,
    deviceStatuses: COMMON_STATUSES,
    actions: ['LAMINA_CAMBIADA', 'TUBO_CAMBIADO', ...DEVICE_ACTIONS],
    usualPestGroups: ['VOLADORES'],
  },
  FEROMONA: {
    bait: false,
    captures: true,
    bands: false,
    deviceStatuses: COMMON_STATUSES,
    // The lure is the pheromone trap's bait: a new lure is CEBO_REPUESTO.
    actions: ['CEBO_REPUESTO', 'LAMINA_CAMBIADA', ...DEVICE_ACTIONS],
    usualPestGroups: ['PRODUCTO_ALMACENADO', 'VOLADORES'],
  },
  // A device nobody classified yet: anything may be recorded on it.
  OTRO: {
    bait: true,
    captures: true,
    bands: true,
    deviceStatuses: DEVICE_STATUSES,
    actions: FINDING_ACTIONS,
    usualPestGroups: [],
  },
};

export interface CaptureFields {
  pestId: number;
  count?: number | null | undefined;
  band?: CaptureBand | null | undefined;
}

/** The parts of a finding its rules look at. */
export interface FindingInput {
  deviceStatus: DeviceStatus;
  activity?: ActivityLevel | null | undefined;
  baitConsumption?: BaitConsumption | null | undefined;
  baitState?: BaitState | null | undefined;
  captures: readonly CaptureFields[];
  evidence: readonly Evidence[];
  actions: readonly FindingAction[];
}

/** A pest's group by its id; undefined for a pest not known. */
export type PestGroupOf = (pestId: number) => PestGroup | undefined;

export const activityRank = (level: ActivityLevel): number => ACTIVITY_LEVELS.indexOf(level);
const highest = (levels: ActivityLevel[]): ActivityLevel =>
  levels.reduce<ActivityLevel>((top, level) => (activityRank(level) > activityRank(top) ? level : top), 'NINGUNA');

const captured = (capture: CaptureFields): number =>
  capture.count ?? (capture.band ? CAPTURE_BAND_MINIMUM[capture.band] : 0);

/**
 * The activity the finding itself shows, the least the technician may record (they may only raise it):
 * - bait eaten: 25 % low, 50 % medium, 75 % or more high;
 * - rodents caught: one is medium, two or more high;
 * - other catches, all pests together (a band counts as its least): 1–10 low, 11–50 medium, more high;
 * - any sign of activity is low, a nest medium.
 */
export function deriveActivity(finding: FindingInput, groupOf: PestGroupOf): ActivityLevel {
  const levels: ActivityLevel[] = [];
  const bait = finding.baitConsumption ?? 0;
  if (bait >= 75) levels.push('ALTA');
  else if (bait >= 50) levels.push('MEDIA');
  else if (bait > 0) levels.push('BAJA');
  let rodents = 0;
  let others = 0;
  for (const capture of finding.captures) {
    if (groupOf(capture.pestId) === 'ROEDORES') rodents += captured(capture);
    else others += captured(capture);
  }
  if (rodents >= 2) levels.push('ALTA');
  else if (rodents === 1) levels.push('MEDIA');
  if (others > 50) levels.push('ALTA');
  else if (others > 10) levels.push('MEDIA');
  else if (others > 0) levels.push('BAJA');
  if (finding.evidence.includes('NIDO')) levels.push('MEDIA');
  else if (finding.evidence.length > 0) levels.push('BAJA');
  return highest(levels);
}

/** The activity recorded: the technician's when given (never below the derived one), else the derived one. */
export const recordedActivity = (finding: FindingInput, groupOf: PestGroupOf): ActivityLevel =>
  finding.activity ?? deriveActivity(finding, groupOf);

/**
 * Every way the finding does not fit a device of this type, in Spanish; empty when it fits. The phone shows
 * them before sending; the server refuses a finding that has any (400).
 */
export function findingProblems(type: TrapType, finding: FindingInput, groupOf: PestGroupOf): string[] {
  const fields = FINDING_FIELDS[type];
  const typeName = TRAP_TYPE_NAMES[type];
  const problems: string[] = [];
  const hasBait = finding.baitConsumption != null || finding.baitState != null;
  if (hasBait && !fields.bait) problems.push(FindingMessages.baitOnlyStations);
  if (finding.baitState === 'CEBO_AUSENTE' && finding.baitConsumption != null) {
    problems.push(FindingMessages.absentBaitConsumption);
  }
  if (finding.captures.length > 0 && !fields.captures) problems.push(FindingMessages.noCaptures(typeName));
  if (finding.captures.some((capture) => capture.band != null) && !fields.bands) problems.push(FindingMessages.noBands);
  const pests = new Set(finding.captures.map((capture) => capture.pestId));
  if (pests.size < finding.captures.length) problems.push(FindingMessages.repeatedPest);
  if (finding.deviceStatus === 'DISPARADA_SIN_CAPTURA' && finding.captures.some((capture) => captured(capture) > 0)) {
    problems.push(FindingMessages.triggeredWithCaptures);
  }
  if (!fields.deviceStatuses.includes(finding.deviceStatus)) {
    problems.push(FindingMessages.statusNotForType(DEVICE_STATUS_NAMES[finding.deviceStatus], typeName));
  }
  for (const action of finding.actions) {
    if (!fields.actions.includes(action)) {
      problems.push(FindingMessages.actionNotForType(FINDING_ACTION_NAMES[action], typeName));
    }
  }
  if (finding.activity != null) {
    const derived = deriveActivity(finding, groupOf);
    if (activityRank(finding.activity) < activityRank(derived)) {
      problems.push(FindingMessages.activityBelowDerived(ACTIVITY_NAMES[derived].toLowerCase()));
    }
  }
  return problems;
}

/**
 * What the phone's «Sin novedad» button records for a device of this type, and what a close with
 * `defaultNoActivity: true` records for each inspected device left without a finding: the device OK, no activity,
 * nothing caught, nothing done; a bait station's bait looked at and nothing eaten (0 %).
 */
export function noNewsFinding(type: TrapType): FindingInput {
  return {
    deviceStatus: 'OK',
    activity: null,
    baitConsumption: type === 'CEBADERO' ? 0 : null,
    baitState: null,
    captures: [],
    evidence: [],
    actions: [],
  };
}

/** What a recorded version holds that a later one may lower. */
export interface RecordedFacts {
  activity: ActivityLevel;
  baitConsumption: number | null;
  captures: readonly CaptureFields[];
  evidence: readonly Evidence[];
}

/**
 * How `next` lowers what `previous` recorded, in Spanish, one phrase per way; empty when it lowers nothing.
 * Lowering: a lower activity; a pest caught before now missing or fewer (a band counts as its least, so a count
 * turned into a band below it is fewer); a sign of activity removed; less bait eaten (none recorded counts as
 * 0 %). A technician's new version that lowers the current one needs a `reason` (422 REASON_REQUIRED), so the
 * phone asks for one when this is not empty.
 */
export function loweredFacts(previous: RecordedFacts, next: RecordedFacts): string[] {
  const lowered: string[] = [];
  if (activityRank(next.activity) < activityRank(previous.activity)) lowered.push('la actividad');
  const amounts = new Map(next.captures.map((capture) => [capture.pestId, captured(capture)]));
  if (previous.captures.some((capture) => captured(capture) > (amounts.get(capture.pestId) ?? 0))) {
    lowered.push('las capturas');
  }
  if (previous.evidence.some((kind) => !next.evidence.includes(kind))) lowered.push('los indicios');
  if ((next.baitConsumption ?? 0) < (previous.baitConsumption ?? 0)) lowered.push('el consumo de cebo');
  return lowered;
}
