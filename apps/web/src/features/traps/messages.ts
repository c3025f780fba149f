import { TrapMessages } from '@rondin/contracts/messages';
import { formatCount } from '../../lib/format';

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
  codeRequired: TrapMessages.codeRequired,
  siteRequired: 'Elige el sitio de la trampa.',
  empty: 'No hay trampas registradas.',
  noMatch: 'Ninguna trampa coincide con la búsqueda o los filtros.',
  selectionLimit: (max: number) => `Se pueden imprimir como máximo ${max} etiquetas seleccionadas a la vez.`,
  loading: 'Cargando trampas...',
  loadFailed: 'No se pudieron cargar las trampas.',
  /** After a save, the trap by name, and what to do next with it. */
  createdDetail: (code: string) => `${code} ya está en el inventario: descarga su etiqueta QR para colocarla.`,
  savedAgain: (code: string) => `${code} guardada. Sigue con la próxima trampa.`,
  areaExists: (area: string) => `Ya existe el área «${area}».`,
  exportFailed: 'No se pudo descargar el inventario. Intenta nuevamente.',
} as const;

export const IMPORT_MESSAGES = {
  title: 'Importar trampas',
  intro:
    'Elige un archivo CSV o Excel (.xlsx) con las columnas codigo (obligatoria), area, descripcion y activa (sí o no), y si quieres tipo (CEB, CAP, LAM, UV, FER u OTR, o su nombre), zona y riesgo; sitio, con el nombre del sitio, es obligatoria si hay más de un sitio activo. Primero verás una vista previa; no se guarda nada hasta que confirmes.',
  titleFor: (site: string) => `Importar dispositivos a ${site}`,
  introFor: (site: string) =>
    `Elige un archivo CSV o Excel (.xlsx) con las columnas codigo (obligatoria), area, descripcion y activa (sí o no), y si quieres tipo (CEB, CAP, LAM, UV, FER u OTR, o su nombre), zona y riesgo. Todas las filas van a ${site}: la columna sitio no hace falta, y una fila de otro sitio se rechaza. Primero verás una vista previa; no se guarda nada hasta que confirmes.`,
  wrongType: 'El archivo debe ser CSV (.csv) o Excel (.xlsx).',
  tooLarge: 'El archivo pasa de 5 MB: divídelo en partes más pequeñas.',
  checking: 'Revisando el archivo…',
  importing: 'Importando…',
  previewFailed: 'No se pudo revisar el archivo.',
  importFailed: 'No se pudo importar el archivo.',
  ready: (count: number) =>
    count === 1
      ? 'La fila está lista para importarse.'
      : `Las ${formatCount(count)} filas están listas para importarse.`,
  problems: (count: number) =>
    count === 1
      ? 'Hay 1 problema: corrígelo en el archivo y vuelve a elegirlo. No se importará ninguna trampa mientras tanto.'
      : `Hay ${formatCount(count)} problemas: corrígelos en el archivo y vuelve a elegirlo. No se importará ninguna trampa mientras tanto.`,
  confirm: (count: number) => (count === 1 ? 'Importar 1 trampa' : `Importar ${formatCount(count)} trampas`),
  done: (count: number) =>
    count === 1 ? '1 trampa importada correctamente.' : `${formatCount(count)} trampas importadas correctamente.`,
} as const;

export const DETAIL_MESSAGES = {
  back: 'Volver a trampas',
  loading: 'Cargando trampa...',
  loadFailed: 'No se pudo cargar la trampa.',
  notFound: 'La trampa no existe.',
  notFoundHint: 'Puede que se haya eliminado. Vuelve al inventario para buscarla.',
  historyTitle: 'Historial de inspecciones',
  historyLoading: 'Cargando historial...',
  historyFailed: 'No se pudo cargar el historial.',
  historyEmpty: 'Esta trampa todavía no ha estado en ninguna orden.',
  remoteTitle: 'Monitorización remota',
  remoteIntro: 'Lo que informó el dispositivo electrónico. No son visitas de un técnico.',
  remoteLoading: 'Cargando eventos remotos...',
  remoteFailed: 'No se pudieron cargar los eventos remotos.',
  remoteEmpty: 'El dispositivo todavía no ha informado ningún evento.',
  remoteMark: 'Remoto',
} as const;
