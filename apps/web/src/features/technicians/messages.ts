import { TechnicianMessages } from '@rondin/contracts/messages';
import { ROLE_NAMES } from '@rondin/contracts/technician-rules';

/** Spec sections 5 and 8: technician texts, word for word where the spec gives them. */
export const TECHNICIAN_MESSAGES = {
  passwordRequired: 'Debes definir una contraseña inicial.',
  nameAndEmailRequired: 'Completa el nombre completo y el correo.',
  selfDeactivate: TechnicianMessages.selfDeactivate,
  lastAdmin: TechnicianMessages.lastAdmin,
  selfDelete: TechnicianMessages.selfDelete,
  deleteActive: TechnicianMessages.deleteActive,
  /** Beside a disabled 'Eliminar': short, as it shows on every active row. */
  deleteBlockedActive: 'Desactívalo para poder eliminarlo.',
  createFailed: 'No se pudo crear el técnico. Intenta nuevamente.',
  updateFailed: 'No se pudo actualizar el técnico.',
  deleteFailed:
    'No se pudo eliminar el técnico. Verifica que no tenga órdenes registradas y que no seas el último administrador.',
  created: (name: string) => `Técnico ${name} creado correctamente.`,
  updated: (name: string) => `Técnico ${name} actualizado correctamente.`,
  deleted: (name: string) => `Técnico ${name} eliminado correctamente.`,
  confirmDelete: (name: string) =>
    `¿Eliminar a ${name} de forma permanente? Su cuenta se borrará definitivamente y no podrá volver a ingresar. Esta acción no se puede deshacer.`,
  empty: 'No hay técnicos registrados.',
  loading: 'Cargando técnicos...',
  loadFailed: 'No se pudieron cargar los técnicos.',
  roleFilter: 'Mostrar',
  roleAll: (count: number) => `Todos (${count})`,
  roleTech: (count: number) => `Técnicos (${count})`,
  roleAdmin: (count: number) => `Administradores (${count})`,
  /** Added to the summary: how many licences have expired or expire within 30 days. */
  licenceSummary: (expired: number, expiring: number) =>
    [
      expired > 0 ? ` · ${expired} ${expired === 1 ? 'carné caducado' : 'carnés caducados'}` : '',
      expiring > 0 ? ` · ${expiring} ${expiring === 1 ? 'caduca' : 'caducan'} en 30 días` : '',
    ].join(''),
  summary: (techs: number, admins: number) =>
    `${techs} ${techs === 1 ? 'técnico' : 'técnicos'} y ${admins} ${admins === 1 ? 'administrador' : 'administradores'}`,
  emptyRole: 'No hay cuentas con ese rol.',
} as const;

/** The roles' names, one source with the server's documents (CLIENTE accounts are never listed here). */
export const ROLE_LABELS = ROLE_NAMES;
