/** Spec section 8's trap texts, word for word, and the inventory's own. */
export const TRAP_MESSAGES = {
  created: 'Nueva trampa creada correctamente.',
  updated: (code: string) => `Trampa ${code} actualizada correctamente.`,
  deleted: (code: string) => `Trampa ${code} eliminada correctamente.`,
  createFailed: (message: string) => `No se pudo crear la trampa: ${message}`,
  updateFailed: (message: string) => `No se pudo actualizar la trampa: ${message}`,
  deleteFailed: (message: string) => `No se pudo eliminar la trampa: ${message}`,
  unknownError: 'Error desconocido',
  toggleFailed: 'No se pudo actualizar el estado. Intenta nuevamente.',
  labelFailed: 'No se pudo descargar la etiqueta PDF. Intenta nuevamente.',
  sheetFailed: 'No se pudo descargar la hoja de etiquetas. Intenta nuevamente.',
  codeRequired: 'El código es obligatorio.',
  empty: 'No hay trampas registradas.',
  noMatch: 'Ninguna trampa coincide con la búsqueda o los filtros.',
  selectionLimit: (max: number) => `Se pueden imprimir como máximo ${max} etiquetas seleccionadas a la vez.`,
  loading: 'Cargando trampas...',
  loadFailed: 'No se pudieron cargar las trampas.',
} as const;
