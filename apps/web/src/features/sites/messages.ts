import { SiteMessages } from '@rondin/contracts/messages';

/** The sites screen's texts; the rules' own words are the server's (SiteMessages). */
export const SITE_MESSAGES = {
  title: 'Sitios',
  subtitle: 'Plantas, bodegas y locales de los clientes atendidos',
  summary: (count: number) => `${count} ${count === 1 ? 'sitio registrado' : 'sitios registrados'}`,
  loading: 'Cargando sitios...',
  loadFailed: 'No se pudieron cargar los sitios.',
  empty: 'No hay sitios registrados.',
  nameRequired: SiteMessages.nameRequired,
  inUse: SiteMessages.inUse,
  created: (name: string) => `Sitio ${name} creado correctamente.`,
  updated: (name: string) => `Sitio ${name} actualizado correctamente.`,
  deleted: (name: string) => `Sitio ${name} eliminado correctamente.`,
  createFailed: 'No se pudo crear el sitio.',
  updateFailed: 'No se pudo actualizar el sitio.',
  deleteFailed: 'No se pudo eliminar el sitio.',
  confirmDelete: (name: string) => `¿Eliminar el sitio ${name}? Esta acción no se puede deshacer.`,
  defaultZone: 'Predeterminada (la del servidor)',
  /** The same, in the list's narrow column. */
  defaultZoneShort: 'Predeterminada',
  zoneHint: 'Las fechas de los planos, reportes y certificados del sitio se escriben en esta zona horaria.',
} as const;
