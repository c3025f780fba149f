/** Spec sections 5 and 8: order texts, word for word where the spec gives them. */
export const ORDER_MESSAGES = {
  selectionRequired: 'Selecciona un técnico y al menos una trampa.',
  createFailed: 'No se pudo crear la orden. Revisa los datos e inténtalo nuevamente.',
  created: (id: number) => `Orden #${id} creada correctamente.`,
  closed: 'Orden cerrada correctamente.',
  closeFailed: 'No fue posible cerrar la orden. Intenta nuevamente.',
  confirmDelete: 'Esta acción eliminará la orden y su historial. ¿Deseas continuar?',
  deleted: (id: number) => `Orden #${id} eliminada correctamente.`,
  deleteFailed: 'No fue posible eliminar la orden. Intenta nuevamente.',
  reportFailed: 'No se pudo descargar el reporte de la orden. Intenta nuevamente.',
  empty: 'No hay órdenes registradas.',
  loading: 'Cargando órdenes...',
  loadFailed: 'No se pudieron cargar las órdenes.',
  noTraps: 'No hay trampas activas para asignar. Activa o agrega trampas primero.',
  noTechnicians: 'No hay técnicos activos. Crea o activa un técnico primero.',
} as const;

/** Spec section 2, 'Órdenes asignadas': the technician's own list. */
export const ASSIGNED_ORDER_MESSAGES = {
  title: 'Órdenes asignadas',
  subtitle: 'Escanea las trampas y completa cada orden para generar el reporte.',
  loading: ORDER_MESSAGES.loading,
  loadFailed: ORDER_MESSAGES.loadFailed,
  empty: 'No tienes órdenes asignadas por ahora.',
  completedTitle: 'Completadas',
  progress: (completed: number, total: number) => `${completed} de ${total} trampas completadas`,
  unscheduled: 'Sin fecha programada',
  open: 'Abrir orden',
  reportFailed: ORDER_MESSAGES.reportFailed,
} as const;
