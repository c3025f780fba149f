/**
 * Sightings' values, their Spanish names and the messages the server answers with, for every screen and document
 * that shows them. Without zod, so the web app (the public phone page above all) imports it alone
 * (@rondin/contracts/sighting-names).
 */

/** ABIERTO while its corrective action is not closed; ATENDIDO once it is (and ABIERTO again if it is reopened). */
export const SIGHTING_STATUSES = ['ABIERTO', 'ATENDIDO'] as const;
export type SightingStatus = (typeof SIGHTING_STATUSES)[number];

/** Where it was reported: the client's portal, the poster's public page, or the office (a phone call). */
export const SIGHTING_SOURCES = ['PORTAL', 'PUBLICO', 'OFICINA'] as const;
export type SightingSource = (typeof SIGHTING_SOURCES)[number];

export const SIGHTING_STATUS_NAMES: Record<SightingStatus, string> = { ABIERTO: 'Abierto', ATENDIDO: 'Atendido' };

export const SIGHTING_SOURCE_NAMES: Record<SightingSource, string> = {
  PORTAL: 'Portal del cliente',
  PUBLICO: 'Cartel con QR',
  OFICINA: 'Oficina',
};

/** Photos one sighting carries: what a phone sends in one go. */
export const SIGHTING_PHOTOS_MAX = 3;
export const SIGHTING_DESCRIPTION_MAX = 1000;
export const SIGHTING_REPORTER_MAX = 120;

/** The public page's address for a site's token: PUBLIC_URL + this. */
export const sightingPagePath = (token: string) => `/avistamiento/${token}`;

export const SightingMessages = {
  notFound: 'El avistamiento no existe.',
  siteNotFound: 'El sitio no existe.',
  /** An unknown or rotated token: the poster is no longer in use. */
  linkNotFound:
    'Este enlace de avistamientos ya no está en uso. Pide a la empresa de control de plagas el cartel nuevo.',
  areaRequired: 'Indica el área donde se vio.',
  areaUnknown: 'El área no es una de las áreas del sitio.',
  noAreas: 'El sitio aún no tiene áreas con dispositivos: no hay dónde indicar el avistamiento.',
  descriptionRequired: 'Describe qué se vio.',
  descriptionLong: `La descripción admite como máximo ${SIGHTING_DESCRIPTION_MAX} caracteres.`,
  seenAtRequired: 'Indica cuándo se vio (fecha y hora).',
  seenAtFuture: 'La fecha del avistamiento no puede ser posterior a ahora.',
  reporterRequired: 'Indica tu nombre.',
  reporterLong: `El nombre admite como máximo ${SIGHTING_REPORTER_MAX} caracteres.`,
  pestGroup: 'El tipo de plaga debe ser uno de: ROEDORES, RASTREROS, VOLADORES, PRODUCTO_ALMACENADO, OTROS.',
  pestNotFound: 'La plaga no existe o no está activa.',
  trapOtherSite: 'El dispositivo no existe en ese sitio.',
  photosTooMany: `Adjunta como máximo ${SIGHTING_PHOTOS_MAX} fotos.`,
  tooMany: 'Se recibieron demasiados avisos desde esta conexión. Inténtalo de nuevo en una hora o avisa por teléfono.',
  received: 'Aviso recibido: la empresa de control de plagas ya lo tiene.',
} as const;
