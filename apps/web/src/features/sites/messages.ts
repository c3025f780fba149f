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
  clientRequired: 'Elige el cliente del sitio.',
  newClientRequired: 'Escribe el nombre del nuevo cliente.',
  chooseClient: 'Elige un cliente',
  newClientOption: '+ Nuevo cliente…',
  newClientLabel: 'Nombre del nuevo cliente',
  newClientHint: 'Se crea con el sitio; si ya existe un cliente con ese nombre, el sitio queda con él.',
  loadingClients: 'Cargando clientes…',
  inUse: SiteMessages.inUse,
  updated: (name: string) => `Sitio ${name} actualizado correctamente.`,
  deleted: (name: string) => `Sitio ${name} eliminado correctamente.`,
  createFailed: 'No se pudo crear el sitio.',
  updateFailed: 'No se pudo actualizar el sitio.',
  deleteFailed: 'No se pudo eliminar el sitio.',
  confirmDelete: (name: string) => `¿Eliminar el sitio ${name}? Esta acción no se puede deshacer.`,
  defaultZone: 'Predeterminada (la del servidor)',
  defaultZoneOf: (zone: string) => `Predeterminada (la del servidor: ${zone})`,
  zones: 'Zonas horarias',
  zoneSearch: 'Busca una ciudad, un país o una zona',
  noZone: 'Ninguna zona coincide con la búsqueda.',
  /** The same, in the list's narrow column. */
  defaultZoneShort: 'Predeterminada',
  zoneHint:
    'Las horas de las órdenes, los planes de servicio, los reportes y los certificados del sitio se escriben en esta zona horaria.',
} as const;
