import { formatCount } from '../../lib/format';

/** "1 dispositivo", "3 dispositivos": the number and the noun that agrees with it. */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export const SITE_PLANS_MESSAGES = {
  back: '← Sitios',
  loading: 'Cargando sitio…',
  loadFailed: 'No se pudo cargar el sitio.',
  notFound: 'El sitio no existe.',
  notFoundHint: 'Puede que se haya eliminado. Vuelve a la lista de sitios.',
  plansTitle: 'Planos',
  plansLoading: 'Cargando planos…',
  plansFailed: 'No se pudieron cargar los planos.',
  plansEmpty: 'Este sitio aún no tiene planos. Sube el plano de cada edificio o planta para ubicar sus dispositivos.',
  upload: 'Subir plano',
  rename: 'Renombrar',
  replace: 'Reemplazar imagen',
  delete: 'Eliminar',
  edit: 'Ubicar dispositivos',
  thumbnailFailed: 'Sin vista previa',
  deleteTitle: 'Eliminar plano',
  deleteConfirm: 'Eliminar plano',
  deleteMessage: (name: string, placed: number) =>
    placed === 0
      ? `Se eliminará el plano «${name}». No tiene dispositivos ubicados.`
      : `Se eliminará el plano «${name}». ${countOf(placed, 'dispositivo quedará', 'dispositivos quedarán')} sin ubicar.`,
  deleted: (name: string) => `Se eliminó el plano «${name}».`,
  deleteFailed: 'No se pudo eliminar el plano.',
  created: (name: string) => `Se subió el plano «${name}».`,
  renamed: (name: string) => `El plano ahora se llama «${name}».`,
  replaced: (name: string) => `Se reemplazó la imagen de «${name}». Los dispositivos siguen donde estaban.`,
  placed: (count: number) => countOf(count, 'dispositivo ubicado', 'dispositivos ubicados'),
  unplaced: (count: number) =>
    count === 0
      ? 'Todos los dispositivos activos del sitio están en un plano.'
      : `${countOf(count, 'dispositivo activo', 'dispositivos activos')} del sitio no ${count === 1 ? 'está' : 'están'} en ningún plano.`,
  unplacedLink: 'Ubicarlos en un plano',
  unplacedLinkOne: 'Ubicarlo en un plano',
} as const;

export const PLAN_FORM_MESSAGES = {
  uploadTitle: 'Subir plano',
  renameTitle: 'Renombrar plano',
  replaceTitle: 'Reemplazar imagen del plano',
  replaceHint: 'Los dispositivos conservan su posición relativa en el plano.',
  nameLabel: 'Nombre del plano',
  namePlaceholder: 'Ej.: Bodega — planta baja',
  nameRequired: 'El nombre del plano es obligatorio.',
  nameTooLong: 'El nombre del plano admite como máximo 120 caracteres.',
  fileLabel: 'Imagen o PDF del plano',
  fileHint: 'PNG, JPEG o WebP de hasta 15 MB. Un PDF se convierte en imagen en este equipo (su primera página).',
  fileRequired: 'Elige la imagen del plano.',
  wrongType: 'El plano debe ser una imagen PNG, JPEG o WebP, o un PDF.',
  tooLarge: 'La imagen del plano supera los 15 MB.',
  converting: 'Convirtiendo el PDF en imagen…',
  convertFailed: 'No se pudo leer el PDF. Exporta el plano como imagen PNG o JPEG e inténtalo de nuevo.',
  convertedFrom: (pages: number) =>
    pages > 1 ? `Se usará la primera de sus ${formatCount(pages)} páginas.` : 'Se usará su página como imagen.',
  save: 'Guardar',
  upload: 'Subir plano',
  saving: 'Guardando…',
  uploading: 'Subiendo…',
  cancel: 'Cancelar',
  failed: 'No se pudo guardar el plano.',
} as const;

export const EDITOR_MESSAGES = {
  backToSite: '← Volver al sitio',
  loading: 'Cargando plano…',
  loadFailed: 'No se pudo cargar el plano.',
  notFound: 'El plano no existe.',
  notFoundHint: 'Puede que se haya eliminado. Vuelve al sitio para ver sus planos.',
  imageLoading: 'Cargando imagen del plano…',
  imageFailed: 'No se pudo cargar la imagen del plano.',
  devicesLoading: 'Cargando dispositivos…',
  devicesFailed: 'No se pudieron cargar los dispositivos del sitio.',
  devicesTitle: 'Dispositivos',
  devicesButton: (unplaced: number) =>
    unplaced === 0 ? 'Dispositivos' : `Dispositivos · ${formatCount(unplaced)} sin ubicar`,
  close: 'Cerrar',
  search: 'Buscar por código',
  searchPlaceholder: 'Código',
  noMatch: 'Ningún dispositivo coincide con la búsqueda.',
  noDevices: 'Este sitio no tiene dispositivos activos. Créalos en Trampas.',
  groupUnplaced: 'Sin ubicar',
  groupHere: 'En este plano',
  groupElsewhere: 'En otros planos',
  onPlan: (name: string) => `En «${name}»`,
  legend: 'Leyenda',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  reset: 'Ver todo el plano',
  printMap: 'Imprimir plano',
  printFailed: 'No se pudo descargar el plano para imprimir.',
  planLabel: (name: string) => `Plano «${name}»`,
  planKeysLabel: 'Plano: usar con el teclado',
  planKeysHint:
    'Teclas: + y − acercan y alejan, 0 muestra todo el plano, las flechas mueven la vista. Al ubicar o mover un dispositivo, las flechas mueven la cruz, Enter lo deja ahí y Escape cancela. Con el ratón o el dedo: rueda o pellizco para acercar, arrastrar para mover.',
  keyboardHint:
    'Con el teclado: elige un dispositivo, usa las flechas para mover la cruz y Enter para ubicarlo; Escape cancela.',
  idleHint: 'Elige un dispositivo de la lista y haz clic en el plano donde está, o arrástralo hasta él.',
  idleHintTouch: 'Elige un dispositivo en «Dispositivos» y toca el plano donde está.',
  placingHint: (code: string) => `Ubicar ${code}: toca o haz clic en el plano donde está, o arrástralo desde la lista.`,
  placingHintTouch: (code: string) => `Ubicar ${code}: toca el plano donde está.`,
  placingKeys: 'Flechas mueven la cruz · Enter ubica · Escape cancela',
  movingHint: (code: string) => `Mover ${code}: arrástralo, toca su nuevo lugar o usa las flechas y Enter.`,
  selected: (code: string, number: number) => `${code} · n.º ${formatCount(number)} en este plano`,
  move: 'Mover',
  remove: 'Quitar del plano',
  cancel: 'Cancelar',
  done: 'Listo',
  placedStatus: (code: string, number: number) => `Se ubicó ${code} en el plano con el n.º ${formatCount(number)}.`,
  movedStatus: (code: string) => `Se movió ${code}.`,
  movedFromStatus: (code: string, from: string, number: number) =>
    `Se movió ${code} desde «${from}» a este plano, con el n.º ${formatCount(number)}.`,
  removedStatus: (code: string) => `Se quitó ${code} del plano.`,
  cancelledStatus: 'Se canceló la ubicación.',
  selectedStatus: (code: string) => `${code} elegido. Toca el plano o usa las flechas y Enter para ubicarlo.`,
  saveFailed: (code: string) => `No se guardó el cambio de ${code}; volvió a su lugar anterior.`,
} as const;

export const ORDER_PLAN_MESSAGES = {
  open: 'Ver en el plano',
  title: 'Plano de la orden',
  loading: 'Cargando los planos de la orden…',
  failed: 'No se pudieron cargar los planos de esta orden.',
  none: 'Los dispositivos de esta orden no están ubicados en ningún plano.',
  imageLoading: 'Cargando imagen del plano…',
  imageFailed: 'No se pudo cargar la imagen del plano.',
  pending: 'Pendiente',
  done: 'Hecho',
  last: 'Último escaneado',
  progress: (pending: number, total: number) =>
    pending === 0
      ? `Los ${formatCount(total)} dispositivos de la orden en este plano están hechos.`
      : `${countOf(pending, 'pendiente', 'pendientes')} de ${formatCount(total)} en este plano.`,
  choosePlan: 'Plano',
  pendingTitle: 'Pendientes en este plano',
  statesLabel: 'Qué indica cada marca',
  planLabel: (name: string) => `Plano «${name}» de la orden`,
  keysLabel: 'Plano: usar con el teclado',
  keysHint: 'Teclas: + y − acercan y alejan, 0 muestra todo el plano, las flechas mueven la vista.',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  reset: 'Ver todo',
} as const;

export const HEAT_MESSAGES = {
  viewHeat: 'Mapa de calor',
  viewEditor: 'Ubicar dispositivos',
  views: 'Vista del plano',
  title: (name: string) => `Mapa de calor · ${name}`,
  periodLegend: 'Período del mapa de calor',
  period: 'Período',
  from: 'Desde',
  to: 'Hasta',
  periodShown: (text: string) => `Actividad del ${text}.`,
  periodIncomplete: 'Elige las dos fechas del período, la primera no posterior a la segunda.',
  download: 'Descargar PDF del período',
  downloading: 'Descargando…',
  downloadFailed: 'No se pudo descargar el mapa de calor en PDF.',
  loading: 'Calculando la actividad del período…',
  failed: 'No se pudo calcular el mapa de calor.',
  empty: 'Este plano no tiene dispositivos ubicados. Ubícalos para ver su actividad.',
  noData: 'Ningún dispositivo del plano tuvo inspecciones en este período.',
  legend: 'Escala de actividad',
  tableTitle: 'Dispositivos y su actividad',
  tableCaption: (period: string) => `Actividad de cada dispositivo del plano, ${period}`,
  columns: {
    number: 'N.º',
    code: 'Código',
    heat: 'Actividad',
    inspections: 'Inspecciones',
    withActivity: 'Con actividad',
    captures: 'Capturas',
    perWeek: 'Capturas por semana',
    maxActivity: 'Actividad máxima',
    bait: 'Consumo medio de cebo',
    exceptions: 'Excepciones',
    damaged: 'Dañado',
  },
  planLabel: (name: string) => `Mapa de calor del plano «${name}»`,
  keysHint:
    'Teclas: + y − acercan y alejan, 0 muestra todo el plano, las flechas mueven la vista. La tabla bajo el plano lista cada dispositivo con su actividad.',
  summary: (counts: string) => `En el plano: ${counts}.`,
} as const;

export const ROUTE_MESSAGES = {
  view: 'Recorrido',
  title: (site: string) => `Recorrido de ${site}`,
  intro:
    'El orden en que el técnico recorre los dispositivos activos del sitio: su teléfono los lista así y, después de cada registro, le dice cuál sigue.',
  loading: 'Cargando recorrido…',
  loadFailed: 'No se pudo cargar el recorrido.',
  empty: 'Este sitio no tiene dispositivos activos. Créalos en Trampas.',
  propose: 'Proponer recorrido',
  proposing: 'Proponiendo…',
  proposeFailed: 'No se pudo proponer un recorrido.',
  save: 'Guardar recorrido',
  saving: 'Guardando…',
  saveFailed: 'No se pudo guardar el recorrido.',
  discard: 'Descartar cambios',
  listLabel: 'Dispositivos en el orden del recorrido',
  up: (code: string) => `Subir ${code}`,
  down: (code: string) => `Bajar ${code}`,
  noArea: 'Sin área',
  notInRoute: 'Sin lugar',
  unsaved: 'Hay cambios sin guardar.',
  proposed:
    'Propuesta desde los planos, área por área y del más cercano al siguiente; los dispositivos sin ubicar van al final. Revísala y guárdala.',
  proposedSame: 'Los planos proponen el mismo recorrido que ya está guardado.',
  notInRouteCount: (count: number) =>
    `${countOf(count, 'dispositivo no tiene', 'dispositivos no tienen')} lugar en el recorrido: van al final, por código. Al guardar, quedan en el orden de esta lista.`,
  moved: (code: string, place: number) => `${code} pasa al lugar ${formatCount(place)}.`,
  saved: 'Recorrido guardado.',
} as const;
