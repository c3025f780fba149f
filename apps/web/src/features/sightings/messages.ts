import { PEST_GROUP_NAMES, type PestGroup } from '@rondin/contracts/devices';
import { SIGHTING_PHOTOS_MAX } from '@rondin/contracts/sighting-names';

/** The Spanish texts of the sighting screens: the public phone page, the portal's form, the office and the phone. */
export const SIGHTING_MESSAGES = {
  // The public page (/avistamiento/{token}) and the portal's form.
  pageTitle: 'Avisar de un avistamiento',
  pageIntro: 'Cuéntanos qué viste: la empresa de control de plagas lo recibe al momento.',
  pageLoading: 'Abriendo el formulario…',
  pageFailed: 'No se pudo abrir el formulario.',
  linkGone: 'Este enlace de avistamientos ya no está en uso.',
  linkGoneHint: 'Pide a la empresa de control de plagas el cartel nuevo, o avisa por teléfono.',
  tooMany: 'Se recibieron demasiados avisos desde esta conexión. Inténtalo de nuevo en una hora o avisa por teléfono.',
  offline: 'Sin conexión: el aviso no se envió. Revisa la señal e inténtalo de nuevo; lo escrito se conserva.',
  retry: 'Reintentar',
  area: '¿Dónde lo viste?',
  areaHint: 'El área del cartel ya viene marcada.',
  pestGroup: '¿Qué viste?',
  description: 'Detalles (opcional)',
  descriptionHint: 'Cuántos, cómo eran, dónde exactamente.',
  whatRequired: 'Elige qué viste o escribe los detalles.',
  areaRequired: 'Elige el área donde lo viste.',
  seenAt: '¿Cuándo?',
  seenAtHint: 'Ahora mismo, si no lo cambias.',
  seenAtFuture: 'La hora no puede ser posterior a ahora.',
  photos: (count: number) => `Fotos (${count} de ${SIGHTING_PHOTOS_MAX}, opcional)`,
  takePhoto: 'Hacer una foto',
  takeAnotherPhoto: 'Añadir otra foto',
  preparingPhoto: 'Preparando la foto…',
  photoFailed: 'No se pudo leer la foto. Prueba con otra.',
  photoAlt: (index: number) => `Foto ${index}`,
  removePhoto: (index: number) => `Quitar la foto ${index}`,
  reporterName: 'Tu nombre',
  reporterNameRequired: 'Escribe tu nombre.',
  send: 'Enviar aviso',
  sending: 'Enviando…',
  sendFailed: 'No se pudo enviar el aviso.',
  sent: 'Aviso recibido: la empresa de control de plagas ya lo tiene.',
  sentNumber: (id: number) => `Número de aviso: ${id}`,
  sentSite: (siteName: string) => `Sitio: ${siteName}`,
  another: 'Avisar de otro avistamiento',
  portalTitle: 'Avisar de un avistamiento',
  noAreas: 'El sitio aún no tiene áreas con dispositivos: avisa por teléfono a la empresa de control de plagas.',

  // The office: «Avistamientos» on a site's page.
  sectionTitle: 'Avistamientos',
  sectionIntro:
    'El personal de la planta avisa de lo que ve escaneando el cartel de cada área con el móvil, sin cuenta. Cada aviso abre una acción correctiva.',
  linkTitle: 'Enlace de avisos',
  linkLoading: 'Cargando el enlace…',
  linkFailed: 'No se pudo cargar el enlace de avisos.',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado.',
  copyFailed: 'No se pudo copiar: selecciona el enlace y cópialo a mano.',
  rotate: 'Cambiar enlace',
  rotateTitle: '¿Cambiar el enlace de avisos?',
  rotateMessage:
    'Los carteles impresos con el enlace actual dejarán de funcionar: habrá que imprimir y colocar los nuevos. Hazlo si un cartel llegó a quien no debía.',
  rotated: 'Enlace cambiado: imprime y coloca los carteles nuevos.',
  rotateFailed: 'No se pudo cambiar el enlace.',
  postersTitle: 'Carteles con QR',
  postersIntro: 'Un cartel A4 por área, con el QR del enlace, para colgar donde el personal pueda ver plagas.',
  posterOf: (area: string) => `Cartel de ${area}`,
  posterAll: 'Todos los carteles (PDF)',
  posterFailed: 'No se pudo descargar el cartel.',
  posterDownloading: 'Descargando…',
  postersNoAreas: 'El sitio aún no tiene dispositivos con área: los carteles se hacen por área.',
  listTitle: 'Avisos del sitio',
  officeReport: 'Registrar aviso telefónico',
  officeReportTitle: 'Aviso recibido por teléfono',
  officeReportIntro: 'Lo que alguien de la planta contó: se registra como avistamiento y abre su acción correctiva.',
  officeReporter: 'Quién avisó',
  officeReported: (id: number) => `Avistamiento registrado (n.º ${id}): se abrió su acción correctiva.`,
  listLoading: 'Cargando avistamientos…',
  listFailed: 'No se pudieron cargar los avistamientos.',
  listEmpty: 'Sin avistamientos en este sitio.',

  // The portal's «Avistamientos» of a site.
  portalSectionIntro:
    'Si alguien de la planta ve una plaga, avisa aquí: la empresa de control de plagas lo recibe al momento y abre una acción correctiva.',
  portalReport: 'Avisar de un avistamiento',
  portalReportClose: 'Cerrar el formulario',
  areasLoading: 'Cargando las áreas del sitio…',
  areasFailed: 'No se pudieron cargar las áreas del sitio.',
  portalListEmpty: 'Nadie ha avisado de avistamientos en este sitio.',
  portalAction: (id: number, dueDay: string) => `#${id}, la empresa la atiende antes del ${dueDay}`,
  portalActionClosed: (id: number, closedAt: string) => `#${id}, cerrada el ${closedAt}`,

  // The dashboard.
  dashboardTitle: 'Avistamientos abiertos',
  dashboardIntro: 'Avisos del personal de las plantas cuya acción correctiva sigue abierta. Llegan al momento.',
  dashboardEmpty: 'Sin avistamientos abiertos.',
  dashboardCount: (count: number) => (count === 1 ? '1 avistamiento abierto' : `${count} avistamientos abiertos`),
  dashboardMore: (shown: number, total: number) => `Se muestran los ${shown} más recientes de ${total}.`,

  // A sighting, wherever it is shown.
  sightingHeading: (what: string) => `Avistamiento: ${what}`,
  areaLabel: 'Área',
  seenAtLabel: 'Visto',
  reporterLabel: 'Avisó',
  actionLabel: 'Acción',
  actionLink: (id: number) => `Acción #${id}`,
  photosLabel: 'Fotos',
  photosCount: (count: number) => (count === 1 ? '1 foto' : `${count} fotos`),
  noPhotos: 'Sin fotos',
  photoOf: (index: number, area: string) => `Foto ${index} del avistamiento en ${area}`,

  // The technician's order.
  orderTitle: (count: number) =>
    count === 1 ? 'Avistamiento abierto en este sitio' : `${count} avistamientos abiertos en este sitio`,
  orderIntro: 'Revisa estas zonas en la visita: la oficina cierra cada aviso con su acción correctiva.',
} as const;

/** What was seen, in words: the pest group's name, the description, or both. */
export function sightingWhat(pestGroup: PestGroup | null, description: string): string {
  const group = pestGroup ? PEST_GROUP_NAMES[pestGroup] : '';
  const text = description.trim();
  if (!group) return text;
  if (!text || text === group) return group;
  return `${group} — ${text}`;
}
