/** Spec sections 5 and 8: technician texts, word for word where the spec gives them. */
export const TECHNICIAN_MESSAGES = {
  passwordRequired: 'Debes definir una contraseña inicial.',
  nameAndEmailRequired: 'Completa el nombre completo y el correo.',
  selfDeactivate: 'No puedes desactivar tu propia cuenta.',
  lastAdmin: 'Debe permanecer al menos un administrador activo.',
  selfDelete: 'No puedes eliminar tu propia cuenta.',
  deleteActive: 'Solo se puede eliminar un técnico inactivo. Desactívalo primero.',
  createFailed: 'No se pudo crear el técnico. Intenta nuevamente.',
  updateFailed: 'No se pudo actualizar el técnico.',
  deleteFailed: 'No se pudo eliminar el técnico. Verifica que no tenga órdenes registradas y que no seas el último administrador.',
  created: (name: string) => `Técnico ${name} creado correctamente.`,
  updated: (name: string) => `Técnico ${name} actualizado correctamente.`,
  deleted: (name: string) => `Técnico ${name} eliminado correctamente.`,
  confirmDelete: (name: string) =>
    `¿Eliminar a ${name} de forma permanente? Su cuenta se borrará definitivamente y no podrá volver a ingresar. Esta acción no se puede deshacer.`,
  empty: 'No hay técnicos registrados.',
  loading: 'Cargando técnicos...',
  loadFailed: 'No se pudieron cargar los técnicos.',
} as const;

export const ROLE_LABELS = { ADMIN: 'Administrador', TECH: 'Técnico' } as const;
