// No zod here: the screens import this module alone (@rondin/contracts/devices) for the names they show.

/** What kind of device a trap is; it decides which finding fields the phone asks for. */
export const TRAP_TYPES = ['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO'] as const;
export type TrapType = (typeof TRAP_TYPES)[number];

export const TRAP_TYPE_NAMES: Record<TrapType, string> = {
  CEBADERO: 'Estación de cebo para roedores',
  CAPTURA: 'Trampa mecánica o de captura viva',
  LAMINA: 'Lámina adhesiva o monitor de insectos',
  LUZ_UV: 'Lámpara UV atrapa insectos',
  FEROMONA: 'Trampa de feromonas',
  OTRO: 'Otro dispositivo',
};

/**
 * A device type in a word or two, for narrow columns beside its mark (the office's list); the import reads these
 * as well as the full names and the marks, so a type copied from the list is understood.
 */
export const TRAP_TYPE_SHORT_NAMES: Record<TrapType, string> = {
  CEBADERO: 'Cebadero',
  CAPTURA: 'Captura',
  LAMINA: 'Lámina adhesiva',
  LUZ_UV: 'Lámpara UV',
  FEROMONA: 'Feromonas',
  OTRO: 'Otro',
};

/**
 * A type's short mark: printed in a box on its labels, shown beside its code in the lists, and read back by the
 * import. Three letters or fewer, so it fits a label's corner and a narrow column.
 */
export const TRAP_TYPE_MARKS: Record<TrapType, string> = {
  CEBADERO: 'CEB',
  CAPTURA: 'CAP',
  LAMINA: 'LAM',
  LUZ_UV: 'UV',
  FEROMONA: 'FER',
  OTRO: 'OTR',
};

/** Where a device stands against the building; thresholds are strictest inside. */
export const ZONES = ['EXTERIOR', 'PERIMETRO_INTERIOR', 'INTERIOR'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_NAMES: Record<Zone, string> = {
  EXTERIOR: 'Exterior',
  PERIMETRO_INTERIOR: 'Perímetro interior',
  INTERIOR: 'Interior',
};

/** ALTO: product exposed nearby. */
export const RISK_LEVELS = ['ALTO', 'MEDIO', 'BAJO'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_LEVEL_NAMES: Record<RiskLevel, string> = { ALTO: 'Alto', MEDIO: 'Medio', BAJO: 'Bajo' };

export const PEST_GROUPS = ['ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS'] as const;
export type PestGroup = (typeof PEST_GROUPS)[number];

export const PEST_GROUP_NAMES: Record<PestGroup, string> = {
  ROEDORES: 'Roedores',
  RASTREROS: 'Insectos rastreros',
  VOLADORES: 'Insectos voladores',
  PRODUCTO_ALMACENADO: 'Plagas de producto almacenado',
  OTROS: 'Otros',
};

/** The longest external id of a device (traps.external_id). */
export const EXTERNAL_ID_MAX = 100;

/**
 * What an electronic device reports (POST /api/remote-events, MQTT): a capture or activity is a remote finding;
 * the others are maintenance alerts.
 */
export const REMOTE_EVENT_TYPES = ['CAPTURA', 'ACTIVIDAD', 'APERTURA', 'BATERIA_BAJA', 'SIN_CONEXION'] as const;
export type RemoteEventType = (typeof REMOTE_EVENT_TYPES)[number];

export const REMOTE_EVENT_TYPE_NAMES: Record<RemoteEventType, string> = {
  CAPTURA: 'Captura',
  ACTIVIDAD: 'Actividad',
  APERTURA: 'Apertura',
  BATERIA_BAJA: 'Batería baja',
  SIN_CONEXION: 'Sin conexión',
};

/** The types that are remote findings, judged by the thresholds; the rest raise a maintenance alert. */
export const REMOTE_FINDING_TYPES: readonly RemoteEventType[] = ['CAPTURA', 'ACTIVIDAD'];

/** The outlines a device's marker can have on a plan. */
export const MARKER_SHAPES = ['circle', 'square', 'diamond', 'triangle', 'hexagon', 'star'] as const;
export type MarkerShape = (typeof MARKER_SHAPES)[number];

/**
 * How each type's marker looks on a plan, on screen and in the printed map alike: a shape of its own, so a
 * black-and-white copy still tells the types apart, and a colour dark enough for a white number on it.
 */
export const TRAP_MARKER_STYLES: Record<TrapType, { shape: MarkerShape; color: string }> = {
  CEBADERO: { shape: 'square', color: '#b42318' },
  CAPTURA: { shape: 'diamond', color: '#8a4b00' },
  LAMINA: { shape: 'triangle', color: '#1d4ed8' },
  LUZ_UV: { shape: 'star', color: '#6d28d9' },
  FEROMONA: { shape: 'hexagon', color: '#0b6e5f' },
  OTRO: { shape: 'circle', color: '#52606d' },
};

/** The longest code number a marker prints: four digits still fit inside it. */
const MARK_MAX = 9999;

/**
 * The marker numbers of a plan's devices, given their codes in code order: each code's own number when every
 * code ends in one of at most four digits and no two share it (TRP-037 is 37, whatever is missing before it),
 * so a mark reads as its code; otherwise 1…n in the order given. One numbering for the screen, the map and the
 * audit pack.
 */
export function markNumbers(codes: readonly string[]): number[] {
  const own = codes.map((code) => {
    const digits = /(\d+)$/.exec(code)?.[1];
    const value = digits === undefined ? Number.NaN : Number(digits);
    return value <= MARK_MAX ? value : Number.NaN;
  });
  const usable = own.every((value) => !Number.isNaN(value)) && new Set(own).size === own.length;
  return usable ? own : codes.map((_, index) => index + 1);
}
