import { SessionMessages } from '@rondin/contracts/messages';

/** Spec sections 2 and 8: the scan screen's texts, word for word where the spec gives them. */
export const SCAN_MESSAGES = {
  title: 'Escaneo de orden',
  back: '← Volver a órdenes',
  subtitle: (id: number, completed: number, total: number) => `Orden #${id} · Progreso ${completed} de ${total}`,
  close: 'Cerrar orden',
  closing: 'Cerrando…',
  prompt: 'Enfoca la cámara sobre el QR de la trampa.',
  listTitle: 'Listado de trampas',
  listProgress: (completed: number, total: number) => `Progreso actual: ${completed} de ${total} trampas`,
  trapFallback: (trapId: number) => `Trampa #${trapId}`,
  noArea: 'Sin ubicación',
  /** The first device still to do in the site's walk order, said after each record. */
  next: (code: string, area: string) => `Siguiente: ${code} · ${area}`,
  itemCompleted: 'Completada',
  itemPending: 'Pendiente',
  /** A trap scanned without signal: done on the phone, its scan waits on the device to be sent. */
  itemUnsent: 'Hecha, por enviar',
  loading: 'Cargando sesión...',
  loadFailed: 'No se pudo cargar la orden. Puede que ya no exista o que no esté asignada a ti.',
  alreadyClosed: SessionMessages.alreadyClosed,
  closedBanner: 'Orden cerrada. No es necesario registrar más trampas.',
  scanned: 'Trampa registrada correctamente.',
  /** The same label read again (left in front of the camera, typed twice): nothing is sent or counted again. */
  alreadyRegistered: 'Trampa ya registrada en esta orden: no es necesario escanearla de nuevo.',
  queued: 'Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.',
  alreadyQueued: 'Esta trampa ya está guardada en este dispositivo: su escaneo se enviará al volver la conexión.',
  scanFailed: 'No se pudo registrar el escaneo. Verifica el QR.',
  addToOrder: 'Añadir a esta orden',
  /** «Código escrito» offered for a device whose printed code was typed where its QR's code goes. */
  typeCodeFor: (code: string) => `Registrar ${code} por su código escrito`,
  addToOrderFor: (code: string) => `Añadir ${code} a esta orden`,
  adding: 'Añadiendo…',
  addFailed: 'No se pudo añadir el dispositivo a la orden.',
  /** Without the server, a code of none of the order's devices (as the phone's copy of the order has them). */
  notInOrderOffline: 'El código leído no es de ninguna trampa de esta orden.',
  scanFailedBanner: 'No se pudo registrar el escaneo. Verifica que el QR pertenezca a esta sesión.',
  closed: 'Orden cerrada correctamente.',
  closeFailed: 'No se pudo cerrar la orden. Asegúrate de completar todas las trampas.',
  /** A close refused from the signature dialog: the server's reason follows. */
  closeRefused: 'No se pudo cerrar la orden.',
  cameraReadError: 'Error al leer la cámara',
  foreignQr: 'Ese QR no es de una trampa de Rondín. Enfoca la etiqueta de la trampa.',
  cameraUnavailable: 'No se pudo acceder a la cámara',
  cameraUnavailableHint: 'Revisa el permiso de cámara del navegador, o escribe el código impreso bajo el QR.',
  cameraStarting: 'Iniciando cámara…',
  cameraRetry: 'Reintentar cámara',
  cameraOff: 'Escaneo finalizado',
  /** A toggle: its state is said by aria-pressed, its name stays. */
  torch: 'Linterna',
  torchFailed: 'No se pudo encender la linterna.',
  manualLabel: 'Código impreso bajo el QR',
  manualHint: '20 caracteres; los espacios y guiones no importan.',
  manualSubmit: 'Registrar código',
  manualTrapCode: (code: string) =>
    `«${code}» es el nombre de la trampa. Escribe el código de 20 caracteres bajo el QR.`,
  manualLength: (count: number) => `Escribe el código de 20 caracteres bajo el QR: escribiste ${count}.`,
  manualCharacters: 'Escribe el código de 20 caracteres bajo el QR: solo lleva números y letras, sin la u.',
  reportDownload: 'Descargar reporte PDF',
  closedRegion: 'Orden cerrada',
  backToOrders: 'Volver a órdenes',
  reportFailed: 'No se pudo descargar el reporte. Inténtalo nuevamente en unos segundos.',
  allDone: 'Todas las trampas están completadas. Ya puedes cerrar la orden.',
  // Closing with scanned devices that have no finding
  missingTitle: 'Faltan hallazgos',
  missingText: (codes: readonly string[]) => SessionMessages.findingsMissing(codes),
  missingHint:
    'El certificado necesita un hallazgo por cada dispositivo escaneado. Vuelve a la orden para registrarlos, o deja «Sin novedad» (sin actividad, dispositivo OK) en todos los que faltan.',
  missingBack: 'Volver a la orden',
  missingNoNews: (count: number) =>
    count === 1 ? 'Registrar Sin novedad en 1 escaneado' : `Registrar Sin novedad en ${count} escaneados`,
  /** A code read while the technician is entering what they found at another device: not registered. */
  findingInProgress: (code: string) => `Termina el hallazgo de ${code} antes de escanear otra trampa.`,
} as const;
