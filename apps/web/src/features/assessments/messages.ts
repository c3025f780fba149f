import type { AssessmentKind } from '@rondin/contracts/assessment-names';

const dayFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '12 mar 2026' for a calendar day (YYYY-MM-DD). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** '3.er trimestre de 2026' for the quarter starting on `periodFrom` (YYYY-MM-DD). */
export function quarterName(periodFrom: string): string {
  const [year, month] = periodFrom.split('-').map(Number) as [number, number];
  const quarter = Math.floor((month - 1) / 3) + 1;
  return `${['1.er', '2.º', '3.er', '4.º'][quarter - 1]} trimestre de ${year}`;
}

/** What a new assessment of each kind is called on its button. */
const NEW_KIND: Record<AssessmentKind, string> = {
  DIAGNOSTICO: 'Nuevo diagnóstico',
  REVISION_ANUAL: 'Nueva revisión anual',
  REVISION_TRIMESTRAL: 'Nueva revisión trimestral',
};

/** The texts of the site's assessments: the list, the walk, the quarter's figures, signing, what is due. */
export const ASSESSMENT_MESSAGES = {
  sectionTitle: 'Evaluaciones',
  sectionIntro:
    'Diagnóstico de situación antes de la primera visita, revisión anual en profundidad y revisión de cada trimestre.',
  newKind: (kind: AssessmentKind) => NEW_KIND[kind],
  loading: 'Cargando evaluaciones...',
  loadFailed: 'No se pudieron cargar las evaluaciones.',
  empty: 'Este sitio todavía no tiene evaluaciones.',
  listCaption: 'Evaluaciones del sitio',
  kind: 'Tipo',
  date: 'Fecha',
  status: 'Estado',
  performedBy: 'Realizada por',
  open: 'Abrir',
  openNamed: (what: string) => `Abrir ${what}`,
  period: (from: string, to: string) => `${formatDay(from)} – ${formatDay(to)}`,
  supersededBy: (id: number) => `Sustituida por la revisión n.º ${id}`,
  revisionOf: (id: number) => `Corrige la evaluación n.º ${id}`,
  // Due and late
  dueTitle: 'Pendientes',
  dueNone: 'Nada pendiente: el sitio tiene su diagnóstico, su revisión anual y las trimestrales al día.',
  dueLoadFailed: 'No se pudieron cargar las evaluaciones pendientes.',
  dueLoading: 'Cargando evaluaciones pendientes...',
  dueItem: (kind: string, quarter: string | null) => (quarter ? `${kind} · ${quarter}` : kind),
  dueDate: (day: string | null, late: boolean) =>
    day === null ? 'Antes de la primera visita' : late ? `Vencía el ${formatDay(day)}` : `Vence el ${formatDay(day)}`,
  start: 'Empezar',
  startNamed: (what: string) => `Empezar ${what}`,
  continueDraft: 'Continuar el borrador',
  continueNamed: (what: string) => `Continuar el borrador de ${what}`,
  dashboardTitle: 'Evaluaciones pendientes',
  dashboardIntro: 'Diagnósticos, revisiones anuales y trimestrales que los sitios deben o tienen atrasadas.',
  dashboardNone: 'Ningún sitio tiene evaluaciones pendientes.',
  dashboardCaption: 'Evaluaciones pendientes por sitio',
  site: 'Sitio',
  assessment: 'Evaluación',
  dueWhen: 'Fecha',
  // New assessment
  quarterLabel: 'Trimestre',
  quarterTitle: 'Nueva revisión trimestral',
  quarterIntro:
    'Elige el trimestre: la revisión se abre con sus cifras (tendencias, umbrales, incidencias y acciones).',
  create: 'Abrir la revisión',
  cancel: 'Cancelar',
  creating: 'Abriendo...',
  createFailed: 'No se pudo abrir la evaluación.',
  createOffline: 'Sin conexión: para abrir una evaluación nueva se necesita conexión con el servidor.',
  // The walk
  walkLoading: 'Cargando la evaluación...',
  walkLoadFailed: 'No se pudo cargar la evaluación.',
  backToSite: 'Volver al sitio',
  walkTitle: (kind: string, site: string) => `${kind} · ${site}`,
  performed: (by: string | null, at: string) => (by ? `Realizada por ${by} · ${at}` : at),
  areasTitle: 'Áreas',
  areasIntro: 'Recorre el sitio área por área: presión de plagas, condiciones que las favorecen, notas y fotos.',
  areasEmpty: 'Añade las áreas que recorres.',
  areaHeading: (index: number, total: number, area: string) => `Área ${index} de ${total}: ${area}`,
  areaNotAssessed: 'Sin evaluar: elige la presión de plagas para guardar esta área.',
  pressure: 'Presión de plagas',
  conditions: 'Condiciones que favorecen plagas',
  notes: 'Notas',
  removeArea: (area: string) => `Quitar el área ${area}`,
  addArea: 'Añadir área',
  addAreaLabel: 'Nombre del área',
  addAreaSubmit: 'Añadir',
  areaRepeated: 'Esa área ya está en la evaluación.',
  areaRequired: 'Escribe el nombre del área.',
  photos: (count: number, max: number) => `Fotos (${count} de ${max})`,
  takePhoto: 'Tomar o elegir foto',
  takePhotoFor: (area: string) => `Tomar o elegir foto de ${area}`,
  preparingPhoto: 'Preparando la foto...',
  photoFailed: 'No se pudo preparar la foto: prueba con otra.',
  photoAlt: (index: number, area: string) => `Foto ${index} de ${area}`,
  photoWaiting: 'por enviar',
  photoLimit: 'Esta área ya tiene el máximo de fotos.',
  conclusionsTitle: 'Conclusiones',
  conclusionsHint: 'Lo que se concluye del recorrido y de las cifras.',
  recommendationsTitle: 'Recomendaciones',
  recommendationsHint: 'Al firmar, cada recomendación pasa al cliente como una acción con su fecha límite.',
  recommendationText: (index: number) => `Recomendación ${index}`,
  recommendationDue: (index: number) => `Fecha límite de la recomendación ${index}`,
  removeRecommendation: (index: number) => `Quitar la recomendación ${index}`,
  addRecommendation: 'Añadir recomendación',
  recommendationsNone: 'Sin recomendaciones.',
  // Saving
  saved: 'Guardado en el servidor',
  saving: 'Guardando...',
  waiting: (saves: number, photos: number) => {
    const parts = [
      saves > 0 ? 'el borrador' : null,
      photos > 0 ? (photos === 1 ? '1 foto' : `${photos} fotos`) : null,
    ].filter(Boolean);
    return `Guardado en este dispositivo · ${parts.join(' y ')} por enviar`;
  },
  waitingHint: 'Se enviará solo al volver la conexión.',
  saveFailed: 'No se pudo guardar el borrador.',
  // The quarter's figures
  figuresTitle: 'Cifras del trimestre',
  figuresIntro: (from: string, to: string) =>
    `Del ${from} al ${to}, contadas al abrir la revisión; frente a los umbrales vigentes y al mismo trimestre del año anterior.`,
  byZone: 'Tendencias por zona',
  byPestGroup: 'Tendencias por grupo de plaga',
  breachesTitle: 'Umbrales superados',
  breachesNone: 'Ningún umbral superado en el trimestre.',
  breachZone: 'Zona',
  breachLevel: 'Nivel',
  breachMetric: 'Indicador',
  breachCount: 'Veces',
  noZone: 'Sin zona',
  actionsTitle: 'Acciones correctivas',
  actionsNone: 'Ninguna acción correctiva en el trimestre.',
  actionWhat: 'Acción',
  actionWhere: 'Dispositivo',
  actionState: 'Estado',
  actionDue: 'Fecha límite',
  actionOccurrences: 'Incidencias',
  coverageTitle: 'Cobertura frente a la frecuencia contratada',
  coverageLoading: 'Cargando la cobertura...',
  coverageFailed: 'No se pudo cargar la cobertura frente al programa de control.',
  coverageNone: 'Sin programa de control aprobado en el trimestre: no hay frecuencia contratada con la que comparar.',
  coverageType: 'Tipo de dispositivo',
  coverageArea: 'Área',
  coverageAllAreas: 'Todas',
  coverageFrequency: 'Frecuencia contratada',
  coverageVisits: 'Visitas hechas',
  coveragePeriods: 'Periodos cubiertos',
  coverageInspections: 'Inspecciones hechas',
  coverageMissed: 'Dispositivos que faltaron',
  outOf: (done: number, owed: number) => `${done} de ${owed}`,
  /** SEMANAL → 'Semanal', as the service plans name their frequencies. */
  frequency: (value: string) => value.charAt(0) + value.slice(1).toLowerCase(),
  // Signing
  sign: 'Firmar',
  signTitle: 'Firmar la evaluación',
  signMessage:
    'La evaluación queda fija con tu firma guardada, se emite su informe en PDF y cada recomendación pasa al cliente como una acción. Una corrección será una nueva revisión.',
  signing: 'Firmando...',
  signWaiting: 'Hay cambios guardados en este dispositivo por enviar: podrás firmar cuando se hayan enviado.',
  signOffline: 'Sin conexión: para firmar se necesita conexión con el servidor.',
  signed: 'Evaluación firmada.',
  signFailed: 'No se pudo firmar la evaluación.',
  signedBy: (name: string, qualification: string, at: string) => `Firmada por ${name} (${qualification}) el ${at}`,
  accepted: (at: string, by: string | null) =>
    by ? `Aceptada por ${by} (cliente) el ${at}` : `Aceptada por el cliente el ${at}`,
  acceptanceNote: (note: string) => `Nota del cliente: «${note}»`,
  readOnly: 'Firmada: no cambia. Para corregirla, abre una nueva revisión.',
  download: 'Descargar PDF',
  downloading: 'Descargando...',
  downloadFailed: 'No se pudo descargar el informe.',
  correct: 'Corregir (nueva revisión)',
  correcting: 'Abriendo la revisión...',
  correctFailed: 'No se pudo abrir la revisión.',
  noAreas: 'Sin áreas evaluadas.',
  noConclusions: 'Sin conclusiones.',
  recommendationLine: (text: string, due: string) => `${text} · antes del ${due}`,
  actionLink: (id: number) => `Acción n.º ${id}`,
} as const;
