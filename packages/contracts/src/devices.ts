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
