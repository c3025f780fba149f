const dateFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A day (YYYY-MM-DD) as a person reads it: «3 de marzo de 2026». */
export const longDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

const shortDateFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A day (YYYY-MM-DD) in a list of many: «3 mar 2026». */
export const shortDate = (date: string) => shortDateFormat.format(new Date(`${date}T00:00:00Z`));

const percentFormat = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
/** A share (87.5) the Spanish way: «87,5 %»; «—» when nothing was owed. */
export const formatPercent = (value: number | null) => (value === null ? '—' : `${percentFormat.format(value)} %`);

export const PROGRAMME_MESSAGES = {
  title: 'Programa de control',
  intro:
    'Alcance, plagas objetivo, métodos, frecuencia contratada por tipo de dispositivo y área, tiempo de respuesta, responsabilidades y productos permitidos. Cada guardado es una versión nueva; la aprueba el responsable técnico y la acepta el cliente.',
  loading: 'Cargando el programa de control…',
  loadFailed: 'No se pudo cargar el programa de control.',
  none: 'Este sitio aún no tiene programa de control.',
  create: 'Redactar programa',
  edit: 'Nueva versión',
  versionTitle: (version: number) => `Versión ${version}`,
  draft: 'Borrador',
  approvedBadge: 'Aprobada',
  acceptedBadge: 'Aceptada por el cliente',
  inForceBadge: 'En vigor',
  inForceNone: 'Ninguna versión aprobada está en vigor hoy.',
  inForceIs: (version: number) => `En vigor hoy: versión ${version}.`,
  effectiveFrom: (date: string, approved: boolean) =>
    approved ? `Rige desde el ${date}` : `Regirá desde el ${date} una vez aprobada`,
  savedBy: (name: string, date: string) => `Guardada por ${name} el ${date}`,
  approvedBy: (name: string, date: string) => `Aprobado por ${name} el ${date}`,
  acceptedBy: (name: string, role: string | null, date: string) =>
    `Aceptado por ${name}${role ? ` (${role})` : ''} el ${date}`,
  notApproved: 'Pendiente de aprobación del responsable técnico.',
  notAccepted: 'Pendiente de aceptación del cliente.',
  approve: (version: number) => `Aprobar versión ${version}`,
  approving: 'Aprobando…',
  approved: (version: number) => `Versión ${version} aprobada.`,
  approveHint: 'Solo una cuenta con la cualificación de responsable técnico puede aprobarla.',
  accept: 'Registrar aceptación del cliente',
  acceptTitle: (version: number) => `Aceptación del cliente: versión ${version}`,
  accepted: (version: number) => `Aceptación de la versión ${version} registrada.`,
  saved: (version: number) => `Versión ${version} guardada como borrador.`,
  versions: 'Versiones',
  versionsIntro: 'Todas las versiones quedan guardadas tal como se escribieron.',
  scope: 'Alcance',
  pestGroups: 'Plagas objetivo',
  methods: 'Métodos',
  frequencies: 'Frecuencia de inspección contratada',
  frequencyNone: 'Sin frecuencias contratadas.',
  allAreas: 'Todas las áreas',
  responseTime: 'Tiempo de respuesta ante emergencias',
  hours: (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`),
  responsibilities: 'Responsabilidades',
  responsibilityNone: 'Sin responsabilidades escritas.',
  products: 'Productos permitidos',
  productNone: 'Ningún producto permitido.',
  inactiveProduct: 'inactivo',
  // The form.
  formTitle: (version: number) => `Programa de control: versión ${version}`,
  formIntro: 'Al guardar se crea una versión nueva; las anteriores no cambian.',
  save: 'Guardar versión',
  type: 'Tipo de dispositivo',
  area: 'Área',
  frequency: 'Frecuencia',
  addFrequency: 'Añadir frecuencia',
  removeFrequency: (index: number) => `Quitar la frecuencia ${index}`,
  frequencyRow: (index: number) => `Frecuencia ${index}`,
  party: 'Responsable',
  responsibilityText: 'Responsabilidad',
  addResponsibility: 'Añadir responsabilidad',
  removeResponsibility: (index: number) => `Quitar la responsabilidad ${index}`,
  responsibilityRow: (index: number) => `Responsabilidad ${index}`,
  responseHours: 'Tiempo de respuesta (horas)',
  effectiveFromLabel: 'Rige desde',
  effectiveFromHint: 'El día desde el que esta versión está en vigor una vez aprobada.',
  productsNoneAvailable: 'No hay productos registrados.',
  choicesLoading: 'Cargando productos y áreas…',
  choicesFailed: 'No se pudieron cargar los productos, las áreas o los contactos.',
  // Validation before sending (the server says the same).
  scopeRequired: 'El alcance es obligatorio.',
  methodsRequired: 'Los métodos son obligatorios.',
  pestGroupsRequired: 'Indica al menos un grupo de plagas objetivo.',
  responseTimeInvalid: 'El tiempo de respuesta debe ser un número entero de horas, de 1 a 720.',
  responsibilityEmpty: 'Escribe el texto de cada responsabilidad o quita la fila vacía.',
  repeatedFrequency: 'Un mismo tipo y área aparece en dos frecuencias: deja una sola fila.',
  // The acceptance.
  contact: 'Contacto del cliente',
  contactOther: 'Otra persona (escribir su nombre)',
  acceptName: 'Nombre de quien acepta',
  acceptRole: 'Cargo',
  acceptDate: 'Fecha de aceptación',
  acceptSave: 'Registrar aceptación',
  acceptNameRequired: 'Escribe el nombre de quien acepta o elige un contacto.',
  acceptDateRequired: 'Indica la fecha de aceptación.',
  // Coverage against the contracted frequency (the site's page and the dashboard).
  coverageTitle: 'Cobertura frente a la frecuencia contratada',
  coverageIntro: (from: string, to: string) =>
    `Últimos 12 meses, del ${from} al ${to}. Cada ventana entera de la frecuencia en la que el programa en vigor la contrataba y había dispositivos en servicio es una visita debida; se cubre cuando se inspeccionan todos sus dispositivos.`,
  coverageLoading: 'Cargando la cobertura frente a la frecuencia contratada…',
  coverageFailed: 'No se pudo cargar la cobertura frente a la frecuencia contratada.',
  coverageNoProgramme: 'Sin programa aprobado: no hay frecuencia contratada con la que medir.',
  coverageNoRows: 'El programa aprobado no contrata ninguna frecuencia de inspección.',
  coverageVersions: (versions: number[]) =>
    versions.length === 1
      ? `Medida frente a la versión ${versions[0]} del programa.`
      : `Medida frente a las versiones ${versions.slice(0, -1).join(', ')} y ${versions.at(-1)} del programa.`,
  coverageTotal: (done: number, owed: number, percent: string) =>
    `En total: ${done} de ${owed} inspecciones debidas hechas (${percent}).`,
  coverageRowTitle: (type: string, area: string, frequency: string) => `${type} · ${area} · ${frequency}`,
  visitsOwed: 'Visitas debidas',
  visitsMade: 'Visitas hechas',
  periodsCovered: 'Ventanas cubiertas',
  inspections: 'Inspecciones',
  outOf: (done: number, owed: number) => `${done} de ${owed}`,
  nothingOwed: 'ninguna debida',
  missedNone: 'Ningún dispositivo quedó sin inspeccionar.',
  missedSummary: (count: number) =>
    count === 1 ? '1 dispositivo quedó sin inspeccionar' : `${count} dispositivos quedaron sin inspeccionar`,
  missedDevice: (code: string, area: string | null) => (area ? `${code} (${area})` : code),
  missedWindows: (count: number) => (count === 1 ? 'en la ventana del' : `en ${count} ventanas, las del`),
  // The dashboard's line per site.
  summaryTitle: 'Cobertura contratada',
  summaryIntro: 'Inspecciones hechas frente a las debidas por la frecuencia contratada, en los últimos 12 meses.',
  summaryLine: (percent: string) => `Cobertura contratada: ${percent}`,
  summaryDetail: (done: number, owed: number) => `${done} de ${owed} inspecciones`,
  summaryNothingOwed: 'Cobertura contratada: sin inspecciones debidas',
  summaryNone: 'Ningún sitio activo tiene un programa de control aprobado.',
  summaryLoading: 'Cargando la cobertura contratada…',
  summaryFailed: 'No se pudo cargar la cobertura contratada de algunos sitios.',
} as const;
