import type { PlanAssignment, ServicePlan } from '@rondin/contracts';

export const SERVICE_PLAN_MESSAGES = {
  title: 'Planes de servicio',
  intro: 'Visitas periódicas: las órdenes se crean solas con anticipación, una por fecha.',
  add: 'Nuevo plan',
  none: 'Este sitio no tiene planes de servicio.',
  loading: 'Cargando los planes de servicio…',
  loadFailed: 'No se pudieron cargar los planes de servicio.',
  newTitle: 'Nuevo plan de servicio',
  editTitle: (name: string) => `Editar ${name}`,
  create: 'Crear plan',
  save: 'Guardar cambios',
  edit: 'Editar',
  generate: 'Generar ahora',
  generating: 'Generando…',
  generated: (name: string, created: number) =>
    created === 0
      ? `${name}: no faltaba ninguna orden hasta el horizonte.`
      : `${name}: ${created === 1 ? 'se creó 1 orden' : `se crearon ${created} órdenes`}.`,
  skipped: (dates: string[]) => `Sin dispositivos que coincidan para: ${dates.join(', ')}.`,
  created: (name: string) => `Plan «${name}» creado; sus primeras órdenes ya están en el calendario.`,
  saved: (name: string) => `Plan «${name}» guardado.`,
  inactive: 'Inactivo',
  hasInactive: 'Técnico inactivo: reemplázalo',
  every: (frequency: string, time: string) => `${frequency}, a las ${time}`,
  since: (date: string) => `desde el ${date}`,
  until: (date: string) => `hasta el ${date}`,
  generatedUntil: (date: string) => `Órdenes creadas hasta el ${date}`,
  noneGenerated: 'Aún sin órdenes',
  devices: (areas: string[] | null, types: string[] | null) =>
    areas || types
      ? `Dispositivos: ${[areas?.join(', '), types?.join(', ')].filter(Boolean).join(' · ')}`
      : 'Todos los dispositivos activos del sitio',
  // Form
  name: 'Nombre',
  technicians: 'Técnicos',
  technicianN: (position: number) => `Técnico ${position}`,
  chooseTechnician: 'Elige un técnico',
  inactiveTechnician: (name: string) => `${name} (inactivo)`,
  addTechnician: 'Añadir técnico',
  moveUp: (position: number) => `Subir al técnico ${position}`,
  moveDown: (position: number) => `Bajar al técnico ${position}`,
  remove: (position: number) => `Quitar al técnico ${position}`,
  assignment: 'Reparto de las visitas',
  rotating: 'Rotativo',
  rotatingHint: 'Cada visita la hace el siguiente técnico de la lista, por turno.',
  byArea: 'Por zona',
  byAreaHint:
    'Cada visita crea una orden por técnico, con los dispositivos de sus áreas. Cada área, a un solo técnico.',
  technicianAreas: (position: number) => `Áreas del técnico ${position}`,
  areaTaken: (position: number) => `(técnico ${position})`,
  who: (assignment: PlanAssignment, technicians: ServicePlan['technicians']) =>
    assignment === 'BY_AREA'
      ? `Por zona: ${technicians.map((technician) => `${technician.fullName} (${technician.areas?.join(', ')})`).join(' · ')}`
      : technicians.length > 1
        ? `Rotativo: ${technicians.map((technician) => technician.fullName).join(' → ')}`
        : technicians[0]!.fullName,
  frequency: 'Frecuencia',
  startDate: 'Primera visita',
  time: 'Hora',
  horizon: 'Días de anticipación',
  horizonHint: 'Por defecto, dos periodos: las dos próximas visitas a la vista.',
  endDate: 'Última fecha (opcional)',
  areas: 'Áreas (opcional; ninguna marcada: todas)',
  areasNone: 'Los dispositivos activos del sitio no tienen área.',
  optionsLoading: 'Cargando las áreas y los tipos del sitio…',
  optionsFailed: 'No se pudieron cargar las áreas y los tipos del sitio.',
  typesNone: 'El sitio no tiene dispositivos activos.',
  types: 'Tipos de dispositivo (opcional; ninguno marcado: todos)',
  active: 'Plan activo',
  applyToOpen: 'Aplicar también a las órdenes futuras que nadie ha empezado',
  applyToOpenHint: 'Sin marcar, los cambios valen solo para las órdenes que aún no se han creado.',
  nameRequired: 'El nombre del plan es obligatorio.',
  technicianRequired: 'Elige el técnico del plan.',
  technicianRepeated: 'Un técnico aparece dos veces en el plan.',
  technicianAreasRequired: (position: number) =>
    `En un plan por zona cada técnico recorre al menos un área: elige las del técnico ${position}.`,
  areaTwice: (area: string) => `El área «${area}» está asignada a más de un técnico: cada área va a uno solo.`,
  startRequired: 'Indica la fecha de la primera visita.',
  timeRequired: 'Indica la hora de la visita.',
  endBeforeStart: 'La fecha de término no puede ser anterior a la de inicio.',
  horizonRange: 'Los días de anticipación van de 1 a 366.',
} as const;

export const CALENDAR_MESSAGES = {
  title: 'Calendario',
  subtitle: 'Órdenes por sitio y técnico; las atrasadas y no realizadas, en rojo.',
  month: 'Mes',
  week: 'Semana',
  view: 'Vista',
  previous: (week: boolean) => (week ? 'Semana anterior' : 'Mes anterior'),
  next: (week: boolean) => (week ? 'Semana siguiente' : 'Mes siguiente'),
  today: 'Hoy',
  site: 'Sitio',
  allSites: 'Todos los sitios',
  technician: 'Técnico',
  allTechnicians: 'Todos los técnicos',
  loading: 'Cargando el calendario…',
  loadFailed: 'No se pudo cargar el calendario.',
  empty: 'No hay órdenes en este período.',
  orders: (count: number) => (count === 1 ? '1 orden' : `${count} órdenes`),
  devices: (count: number) => (count === 1 ? '1 dispositivo' : `${count} dispositivos`),
  load: 'Carga por técnico',
  loadCaption: (period: string) => `Carga por técnico, ${period}: órdenes y dispositivos de cada día`,
  reassign: 'Reasignar',
  reassignOrder: (id: number) => `Reasignar la orden #${id}`,
  openOrder: (id: number) => `Orden #${id}`,
  fromPlan: 'Plan',
  summary: (orders: number, late: number) =>
    `${orders === 1 ? '1 orden' : `${orders} órdenes`}${late > 0 ? `, ${late} atrasadas o no realizadas` : ''}`,
} as const;

/** How an order stands on the calendar; red ones say so in words too. */
export const CALENDAR_STATUS = {
  COMPLETED: 'Completada',
  IN_PROGRESS: 'En curso',
  PENDING: 'Pendiente',
  OVERDUE: 'Atrasada',
  MISSED: 'No realizada',
} as const;
