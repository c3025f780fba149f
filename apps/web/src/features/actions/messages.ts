import type {
  ActionOrigin,
  ActionResponsible,
  ActionSeverity,
  ActionStatus,
  ThresholdLevel,
  ThresholdMetric,
} from '@rondin/contracts';

export const ACTION_STATUSES: readonly ActionStatus[] = ['ABIERTA', 'EN_CURSO', 'CERRADA'];
export const ACTION_RESPONSIBLES: readonly ActionResponsible[] = ['EMPRESA', 'CLIENTE'];
export const THRESHOLD_METRICS: readonly ThresholdMetric[] = [
  'ACTIVIDAD',
  'CONSUMO_CEBO',
  'CAPTURAS',
  'CAPTURAS_SEMANA',
  'ESTADO',
  'REPETICION',
];
/** The metrics a pest group may narrow. */
export const CAPTURE_METRICS: readonly ThresholdMetric[] = ['CAPTURAS', 'CAPTURAS_SEMANA'];
/** The values the server takes for each metric (ESTADO: always 1). */
export const METRIC_RANGES: Record<ThresholdMetric, { min: number; max: number }> = {
  ACTIVIDAD: { min: 1, max: 3 },
  CONSUMO_CEBO: { min: 1, max: 100 },
  CAPTURAS: { min: 1, max: 100_000 },
  CAPTURAS_SEMANA: { min: 1, max: 100_000 },
  ESTADO: { min: 1, max: 1 },
  REPETICION: { min: 2, max: 10 },
};
export const THRESHOLD_LEVELS: readonly ThresholdLevel[] = ['ALERTA', 'ACCION'];

/** Where an action may go from each state, as the server allows (a closed one is reopened with a reason). */
export const ACTION_NEXT: Record<ActionStatus, readonly ActionStatus[]> = {
  ABIERTA: ['EN_CURSO', 'CERRADA'],
  EN_CURSO: ['CERRADA'],
  CERRADA: ['ABIERTA'],
};

export const ACTION_MESSAGES = {
  title: 'Acciones correctivas',
  subtitle: 'Abiertas al superar un umbral de acción, o a mano; las cierra una persona.',
  count: (count: string, one: boolean, more = false) =>
    `${count}${more ? '+' : ''} ${one && !more ? 'acción' : 'acciones'}`,
  shown: (count: string, one: boolean, more: boolean) =>
    more
      ? `Se muestran las primeras ${count} acciones; hay más.`
      : `Se ${one ? 'muestra' : 'muestran'} ${one ? 'la única acción' : `las ${count} acciones`}.`,
  more: 'Cargar más',
  loadingMore: 'Cargando más acciones…',
  moreFailed: 'No se pudieron cargar más acciones.',
  retry: 'Reintentar',
  filters: 'Filtrar acciones',
  status: 'Estado',
  anyStatus: 'Todos los estados',
  overdue: 'Vencimiento',
  anyOverdue: 'Todas',
  onlyOverdue: 'Solo vencidas',
  notOverdue: 'Sin vencer',
  responsible: 'Responsable',
  anyResponsible: 'Todos',
  clearFilters: 'Limpiar filtros',
  caption: 'Acciones correctivas',
  columns: {
    action: 'Acción',
    device: 'Dispositivo o área',
    site: 'Sitio',
    status: 'Estado',
    due: 'Fecha límite',
    responsible: 'Responsable',
    occurrences: 'Ocurrencias',
  },
  loading: 'Cargando acciones…',
  loadFailed: 'No se pudieron cargar las acciones.',
  empty: 'No hay acciones correctivas.',
  noMatch: 'Ninguna acción coincide con los filtros.',
  overdueBadge: 'Vencida',
  verifyBadge: 'Verificada: se sugiere cerrar',
  noDevice: 'Sin dispositivo',
  open: (id: number) => `Ver acción ${id}`,
  statusNames: { ABIERTA: 'Abierta', EN_CURSO: 'En curso', CERRADA: 'Cerrada' } satisfies Record<ActionStatus, string>,
  originNames: {
    UMBRAL: 'Umbral superado',
    MANUAL: 'Manual',
    RECOMENDACION: 'Recomendación al cliente',
  } satisfies Record<ActionOrigin, string>,
  responsibleNames: { EMPRESA: 'Empresa', CLIENTE: 'Cliente' } satisfies Record<ActionResponsible, string>,
  severityNames: { BAJA: 'Baja', MEDIA: 'Media', ALTA: 'Alta' } satisfies Record<ActionSeverity, string>,
  newAction: 'Nueva acción',
  create: 'Crear acción',
  createFailed: 'No se pudo crear la acción.',
  chooseSite: 'Elige un sitio',
  responsibleNameLabel: 'Nombre del responsable',
  // The detail
  detailTitle: (id: number) => `Acción correctiva ${id}`,
  back: 'Volver a las acciones',
  detailLoading: 'Cargando la acción…',
  detailFailed: 'No se pudo cargar la acción.',
  fields: {
    site: 'Sitio',
    device: 'Dispositivo',
    area: 'Área',
    origin: 'Origen',
    detected: 'Detectada',
    severity: 'Gravedad',
    description: 'Descripción',
    due: 'Fecha límite',
    responsible: 'Responsable',
    rootCause: 'Causa raíz',
    preventiveAction: 'Acción preventiva',
    closingNote: 'Nota de cierre',
  },
  by: (name: string) => `por ${name}`,
  verification: 'Verificación',
  verificationSuggested:
    'El dispositivo pasó 2 inspecciones bajo los umbrales desde la última superación: se sugiere cerrar la acción.',
  verificationPending: 'Se sugerirá cerrar cuando el dispositivo pase 2 inspecciones bajo los umbrales.',
  areaVerificationSuggested:
    'Cada dispositivo del área inspeccionado desde la última superación pasó 2 inspecciones bajo los umbrales: se sugiere cerrar la acción.',
  areaVerificationPending:
    'Se sugerirá cerrar cuando cada dispositivo del área inspeccionado pase 2 inspecciones bajo los umbrales (las excepciones no cuentan).',
  changeStatus: 'Cambiar estado',
  newStatus: 'Nuevo estado',
  closingNoteLabel: 'Nota de cierre (obligatoria)',
  reasonLabel: 'Motivo de la reapertura (obligatorio)',
  save: 'Guardar',
  saving: 'Guardando…',
  saved: 'Estado actualizado.',
  saveFailed: 'No se pudo cambiar el estado.',
  history: 'Historial',
  historyEntry: (from: string | null, to: string) => (from ? `${from} → ${to}` : to),
  occurrences: 'Ocurrencias',
  noOccurrences: 'Sin ocurrencias: abierta a mano.',
  orderLink: (id: number) => `Orden ${id}`,
  metricNames: {
    ACTIVIDAD: 'Actividad',
    CONSUMO_CEBO: 'Consumo de cebo (%)',
    CAPTURAS: 'Capturas por inspección',
    CAPTURAS_SEMANA: 'Capturas por semana',
    ESTADO: 'Dañado, manipulado o no encontrado',
    REPETICION: 'Actividad repetida',
  } satisfies Record<ThresholdMetric, string>,
  metricHelp: {
    ACTIVIDAD: 'El nivel de actividad del hallazgo: 1 baja, 2 media, 3 alta.',
    CONSUMO_CEBO: 'El porcentaje de cebo consumido en la inspección.',
    CAPTURAS:
      'Las capturas de una inspección, del grupo de plagas indicado o de todos (un rango cuenta como su mínimo: 1, 11, 51).',
    CAPTURAS_SEMANA:
      'Las capturas por dispositivo y semana: las de la inspección × 7 ÷ los días desde la inspección anterior del dispositivo (entre 1 y 28 días; la primera inspección cuenta como una semana).',
    ESTADO: 'El dispositivo dañado, manipulado o no encontrado (valor fijo: 1).',
    REPETICION:
      'Actividad en tantas inspecciones seguidas del dispositivo, o en tantos dispositivos de la misma área en la misma orden (de 2 a 10). En Acción abre o suma a una acción del área.',
  } satisfies Record<ThresholdMetric, string>,
  levelNames: { ALERTA: 'Alerta', ACCION: 'Acción' } satisfies Record<ThresholdLevel, string>,
  breach: (metric: string, observed: number, limit: number) => `${metric}: ${observed} (límite ${limit})`,
  // Dashboard
  summaryTitle: 'Acciones correctivas',
  summaryOpen: 'Abiertas',
  summaryOverdue: 'Vencidas',
  summaryLink: 'Ver acciones',
  summaryOverdueLink: 'Ver vencidas',
  // Thresholds
  thresholdsTitle: 'Umbrales',
  thresholdsIntro:
    'Por tipo de dispositivo, zona y riesgo (vacío: cualquiera). Una superación de ALERTA queda anotada; una de ACCIÓN abre una acción correctiva. Guardar crea una versión nueva: lo ya registrado se juzga con los umbrales de su momento.',
  siteThresholdsTitle: 'Umbrales del sitio',
  siteThresholdsIntro:
    'Reemplazan al umbral general de igual tipo, zona, riesgo, métrica, grupo y nivel. Sin umbrales propios, el sitio usa los generales.',
  thresholdsCaption: 'Umbrales',
  thresholdColumns: {
    type: 'Tipo',
    zone: 'Zona',
    risk: 'Riesgo',
    metric: 'Métrica',
    group: 'Grupo de plagas',
    level: 'Nivel',
    value: 'Valor (≥)',
  },
  any: 'Cualquiera',
  valueLabel: (row: string) => `Valor de ${row}`,
  remove: 'Quitar',
  removeLabel: (row: string) => `Quitar ${row}`,
  add: 'Agregar umbral',
  saveThresholds: 'Guardar umbrales',
  thresholdsSaved: 'Umbrales guardados: rigen desde ahora.',
  thresholdsFailed: 'No se pudieron guardar los umbrales.',
  thresholdsLoading: 'Cargando umbrales…',
  thresholdsLoadFailed: 'No se pudieron cargar los umbrales.',
  noOverrides: 'El sitio no tiene umbrales propios.',
  defaultsSummary: 'Ver los umbrales generales',
  validFrom: (when: string) => `Versión vigente desde ${when}.`,
  shipped: 'Valores de fábrica, sin cambios.',
  activityValues: '1 baja, 2 media, 3 alta',
} as const;
