// No zod here: the web app imports this module alone (@rondin/contracts/messages), as it does realtime.ts,
// so the words both sides say have one source without zod reaching the browser.

/** The server's answers about orders; the scan screen shows some of them as they are. */
export const SessionMessages = {
  notFound: 'La orden no existe.',
  technicianUnavailable: 'El técnico no existe o está inactivo.',
  trapsUnavailable: 'Algunas trampas no existen o están inactivas.',
  alreadyClosed: 'La orden ya fue cerrada.',
  pendingTraps: 'La orden aún tiene trampas pendientes.',
  forceRequired: 'La orden aún tiene trampas pendientes: ciérrala con force: true para forzar el cierre.',
  clientScanIdReused: 'Ese identificador de escaneo ya se usó en otra orden.',
  reportNotReady: 'El reporte estará disponible cuando la orden se cierre.',
  closedNotDeleted: 'Una orden cerrada no se elimina: su certificado ya se emitió y es parte del registro.',
  startedNotDeleted:
    'Una orden en curso no se elimina: ya tiene inspecciones registradas. Ciérrala, forzando el cierre si hace falta.',
  /** A bulk change refused as a whole (nothing changed), naming the orders that stopped it. */
  bulkClosed: (ids: readonly number[]) =>
    `${ordersNamed(ids)} ${ids.length === 1 ? 'ya está cerrada' : 'ya están cerradas'} y no se ${ids.length === 1 ? 'puede' : 'pueden'} cambiar. No se cambió ninguna orden.`,
  bulkNotFound: (ids: readonly number[]) =>
    `${ordersNamed(ids)} no ${ids.length === 1 ? 'existe' : 'existen'}. No se cambió ninguna orden.`,
  bulkNoTime: (ids: readonly number[]) =>
    `${ordersNamed(ids)} no ${ids.length === 1 ? 'tiene' : 'tienen'} hora programada: indica la hora. No se cambió ninguna orden.`,
  /** A scan refused because the code read is not one of the order's, naming what it is (ErrorResponse.device). */
  trapNotInThisOrder: (device: string) => `${device} es de este sitio pero no está en esta orden.`,
  trapInOtherOrder: (device: string, sessionId: number, technician: string) =>
    `${device} no está en esta orden: está en la orden #${sessionId} (${technician}).`,
  trapOfOtherSite: (code: string, site: string, orderSite: string) =>
    `${code} es del sitio ${site}, no de ${orderSite}.`,
  unknownCode: (read: string) => `El código leído (${read}) no corresponde a ningún dispositivo registrado.`,
  trapInactive: (code: string) => `${code} está dado de baja.`,
  printedCodeTyped: (code: string) =>
    `${code} es el código impreso de un dispositivo de esta orden: si su QR no se puede leer, regístralo como «Código escrito».`,
  /** Adding a device to an order on the spot. */
  trapAlreadyInOrder: (code: string) => `${code} ya está en esta orden.`,
  orderFull: (max: number) => `Una orden admite como máximo ${max} trampas.`,
  /** Closing: the inspected devices still without a finding (ErrorResponse.items lists them all). */
  findingsMissing: (codes: readonly string[]) => {
    const shown = codes.length > 10 ? `${codes.slice(0, 10).join(', ')} y ${codes.length - 10} más` : codes.join(', ');
    return codes.length === 1
      ? `Falta el hallazgo en 1 dispositivo escaneado: ${shown}.`
      : `Faltan hallazgos en ${codes.length} dispositivos escaneados: ${shown}.`;
  },
  signatureRequired: 'Registra tu firma antes de cerrar la orden (menú de usuario › Mi firma).',
  clientSignatureRequired:
    'Falta la firma del cliente: que firme en el recuadro, o marca «Cliente ausente» e indica el motivo.',
} as const;

/** Orders as a refusal names them: "La orden #12", "Las órdenes #12, #13 y #15" (the first ten, then how many more). */
export const ordersNamed = (ids: readonly number[]): string => {
  const named = ids.slice(0, 10).map((id) => `#${id}`);
  if (ids.length > 10) named.push(`${ids.length - 10} más`);
  if (named.length === 1) return `La orden ${named[0]}`;
  return `Las órdenes ${named.slice(0, -1).join(', ')} y ${named.at(-1)}`;
};

/** A device as a refusal names it: "TRP-113 (Bodega)", or its code alone when it has no area. */
export const namedDevice = (code: string, area: string | null): string => (area ? `${code} (${area})` : code);

/**
 * ErrorResponse.code of the refusals a client answers differently. A scan refused because the code read is not
 * one of the order's (404) says what it is: TRAP_NOT_IN_ORDER (a device of the order's site; the phone offers
 * «Añadir a esta orden»), TRAP_IN_OTHER_ORDER (also in another open order of the site; still addable),
 * TRAP_OF_OTHER_SITE, TRAP_INACTIVE, UNKNOWN_CODE (no device has it), TRAP_CODE_TYPED (the printed code of one of
 * the order's devices sent as a scan: record it as MANUAL). All but UNKNOWN_CODE carry ErrorResponse.device.
 */
export const SCAN_REFUSAL_CODES = [
  'TRAP_NOT_IN_ORDER',
  'TRAP_IN_OTHER_ORDER',
  'TRAP_OF_OTHER_SITE',
  'TRAP_INACTIVE',
  'UNKNOWN_CODE',
  'TRAP_CODE_TYPED',
] as const;
export type ScanRefusalCode = (typeof SCAN_REFUSAL_CODES)[number];

/** The refusals a device can answer by adding the device read to the order (POST /sessions/{id}/items). */
export const ADDABLE_REFUSAL_CODES: readonly ScanRefusalCode[] = ['TRAP_NOT_IN_ORDER', 'TRAP_IN_OTHER_ORDER'];

/** 422: a version lowering the current finding without a reason. */
export const REASON_REQUIRED_CODE = 'REASON_REQUIRED';
/** 409: closing with inspected devices that have no finding (ErrorResponse.items). */
export const FINDINGS_MISSING_CODE = 'FINDINGS_MISSING';
/** 409: the closer has no stored signature. */
export const SIGNATURE_REQUIRED_CODE = 'SIGNATURE_REQUIRED';

/** What the certificate records as the client's absence when an administrator closes without a client signature. */
export const OFFICE_CLOSE_ABSENT_REASON = 'Cierre desde la oficina';

/** The server's answers about traps; the trap form checks the code with the same words. */
export const TrapMessages = {
  notFound: 'La trampa no existe.',
  codeRequired: 'El código es obligatorio.',
  codeTaken: 'Ya existe una trampa con ese código.',
  externalIdTaken: 'Otro dispositivo ya tiene ese identificador externo.',
  inUse: 'La trampa forma parte de órdenes registradas; desactívala en lugar de eliminarla.',
  noneToPrint: 'No hay trampas activas para imprimir.',
  noneFilteredToPrint: 'Ninguna trampa coincide con los filtros: no hay etiquetas para imprimir.',
  /** A filtered sheet over the limit of one sheet (MAX_LABELS_PER_SHEET, passed in to keep this file free of it). */
  tooManyFilteredToPrint: (found: number, limit: number) =>
    `Los filtros abarcan ${found} trampas y se pueden imprimir como máximo ${limit} etiquetas a la vez: filtra por sitio o área.`,
  someMissing: 'Algunas trampas solicitadas no existen.',
  noTrapForQr: 'Ninguna trampa tiene ese código QR.',
  qrFormat: 'El código QR debe tener los 20 caracteres impresos bajo el QR de la etiqueta.',
} as const;

/** The server's answers about accounts; the technicians screen explains its disabled actions with them. */
export const TechnicianMessages = {
  emailTaken: 'Ya existe un técnico con ese correo.',
  notFound: 'El técnico no existe.',
  selfDeactivate: 'No puedes desactivar tu propia cuenta.',
  selfDelete: 'No puedes eliminar tu propia cuenta.',
  lastAdmin: 'Debe permanecer al menos un administrador activo.',
  deleteActive: 'Solo se puede eliminar un técnico inactivo. Desactívalo primero.',
  deleteWithOrders: 'El técnico tiene órdenes registradas; desactívalo en lugar de eliminarlo.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
} as const;

/** The same answer for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED_MESSAGE = 'Credenciales inválidas o usuario inactivo.';

/** The server's answer to a report period that ends before it starts; the dashboard's own check says the same. */
export const ReportMessages = {
  periodReversed: 'La fecha de inicio del período no puede ser posterior a la de término.',
  trendInterval: 'interval debe ser week, month, quarter o year.',
  trendDimension: 'by debe ser area, zone, type o pestGroup.',
  trendCompare: 'compare solo admite prevYear.',
  trendTooLong: (max: number) => `El período de una tendencia no puede pasar de ${max} años.`,
  coverageSite: 'Indica el sitio (siteId): la cobertura se lee dispositivo por dispositivo de un sitio.',
  coverageInterval: 'interval debe ser month o week.',
  coverageTooLong: (max: number, unit: string) => `La cobertura abarca como máximo ${max} ${unit}; acorta el período.`,
} as const;

/** The compliance exports' file names (spec: 'reporte-operativo' with .pdf or .xlsx). */
export const EXPORT_FILE_NAMES = { pdf: 'reporte-operativo.pdf', excel: 'reporte-operativo.xlsx' } as const;

/** The server's answers about sites. */
export const SiteMessages = {
  notFound: 'El sitio no existe.',
  nameRequired: 'El nombre del sitio es obligatorio.',
  nameTaken: 'Ya existe un sitio con ese nombre.',
  inUse: 'El sitio tiene trampas u órdenes registradas; desactívalo en lugar de eliminarlo.',
  choose: 'Hay varios sitios: indica el sitio (siteId).',
  inactive: 'El sitio está inactivo.',
  trapsOfSeveralSites: 'Todas las trampas de una orden deben ser del mismo sitio.',
  hasPlans: 'El sitio tiene planos; elimínalos antes de eliminar el sitio.',
  lastActive: 'Debe quedar al menos un sitio activo: activa o crea otro antes.',
} as const;

/** The server's answers about clients and their contacts; the client screens check with the same words. */
export const ClientMessages = {
  notFound: 'El cliente no existe.',
  nameRequired: 'El nombre del cliente es obligatorio.',
  nameTaken: 'Ya existe un cliente con ese nombre.',
  inactive: 'El cliente está inactivo: actívalo antes de darle sitios nuevos.',
  hasActiveSites: 'El cliente tiene sitios activos: desactívalos o pásalos a otro cliente antes.',
  siteNeedsClient: 'Todo sitio pertenece a un cliente: elige uno.',
  contactNotFound: 'El contacto no existe.',
  contactNameRequired: 'El nombre del contacto es obligatorio.',
  contactRoleRequired: 'El cargo del contacto es obligatorio.',
  emailInvalid: 'El correo no es válido.',
  phoneInvalid: 'El teléfono solo admite números, espacios y los signos + ( ) - .',
  siteNotOfClient: 'Los sitios de un contacto deben ser sitios de su cliente.',
  notifyWithoutEmail: 'Para enviarle certificados, acciones o revisiones, el contacto necesita un correo.',
} as const;

/** The server's answers about the pest catalogue; the settings screen checks the name with the same words. */
export const PestMessages = {
  notFound: 'La plaga no existe.',
  nameRequired: 'El nombre de la plaga es obligatorio.',
  nameTaken: 'Ya existe una plaga con ese nombre.',
  allForAdmins: 'Solo un administrador puede ver las plagas desactivadas.',
} as const;

/** The server's answers about floor plans and where devices stand on them. */
export const PlanMessages = {
  notFound: 'El plano no existe.',
  nameRequired: 'El nombre del plano es obligatorio.',
  nameTaken: 'Ya existe un plano con ese nombre en este sitio.',
  fileRequired: 'Adjunta la imagen del plano en el campo file.',
  tooLarge: 'La imagen del plano supera los 15 MB.',
  emptyFile: 'La imagen del plano está vacía.',
  tooManyPixels: 'La imagen del plano supera los 40 megapíxeles: redúcela antes de subirla.',
  wrongType: 'El plano debe ser una imagen PNG, JPEG o WebP.',
  unreadableImage: 'No se pudo leer el tamaño de la imagen del plano.',
  otherSite: 'La trampa y el plano deben ser del mismo sitio.',
  notPlaced: 'La trampa no está ubicada en ningún plano.',
  bulkEmpty: 'Indica al menos un dispositivo que ubicar.',
  bulkTooMany: (max: number) => `Se pueden ubicar como máximo ${max} dispositivos a la vez.`,
  bulkRepeated: (id: number) => `La trampa ${id} aparece más de una vez: cada dispositivo va en un solo lugar.`,
  bulkMissing: (ids: readonly number[]) =>
    ids.length === 1 ? `La trampa ${ids[0]} no existe.` : `Las trampas ${ids.join(', ')} no existen.`,
  bulkOtherSite: (codes: readonly string[]) =>
    `Los dispositivos deben ser del sitio del plano; no lo ${codes.length === 1 ? 'es' : 'son'}: ${codes.join(', ')}.`,
  heatForAdmins: 'Solo un administrador puede ver el mapa de calor de un período.',
  heatTooLong: (max: number) => `El período del mapa de calor no puede pasar de ${max} años.`,
} as const;

/** The server's answers about what was found at a device, its exceptions and photos; the phone's form says the same. */
export const FindingMessages = {
  itemNotFound: 'La trampa no pertenece a esta orden.',
  notScanned: 'Escanea la trampa antes de registrar lo que encontraste.',
  isException: 'La trampa quedó registrada como no encontrada o inaccesible: no lleva hallazgo.',
  reasonRequired: 'La orden está cerrada: indica el motivo de la corrección (reason).',
  closedForTechnician: 'La orden ya fue cerrada: solo un administrador puede corregir lo registrado.',
  clientFindingIdReused: 'Ese identificador de hallazgo ya se usó en otra trampa.',
  pestsUnavailable: 'Alguna plaga de las capturas no existe o está inactiva.',
  alreadyCompleted: 'La trampa ya quedó registrada en esta orden.',
  changedMeanwhile: 'La orden cambió mientras se registraba el hallazgo. Inténtalo nuevamente.',
  baitOnlyStations: 'El consumo y el estado del cebo solo se registran en estaciones de cebo.',
  absentBaitConsumption: 'Con el cebo ausente no se registra consumo: ausente no es «100 % consumido».',
  noCaptures: (type: string) => `${type}: este tipo de dispositivo no registra capturas.`,
  noBands: 'Solo las láminas adhesivas y las lámparas UV admiten capturas por rangos.',
  repeatedPest: 'Cada plaga aparece una sola vez en las capturas.',
  triggeredWithCaptures: 'Una trampa disparada sin captura no puede registrar capturas.',
  statusNotForType: (status: string, type: string) => `El estado «${status}» no aplica a: ${type}.`,
  actionNotForType: (action: string, type: string) => `La acción «${action}» no aplica a: ${type}.`,
  lowerNeedsReason: (code: string) => `Para bajar lo registrado en ${code} escribe el motivo de la corrección.`,
  exceptionNoteRequired: 'La nota es obligatoria: explica por qué no se pudo escanear.',
  manualCodeRequired: 'Escribe el código impreso en la etiqueta del dispositivo.',
  manualCodeMismatch: (typed: string, code: string) =>
    `El código escrito (${typed}) no es el de este dispositivo (${code}): revisa lo escrito.`,
  activityBelowDerived: (derived: string) =>
    `La actividad no puede ser menor que la que indican las capturas, el consumo y los indicios (${derived}).`,
} as const;

/** The server's answers about the label reprint queue (devices whose label was unreadable). */
export const LabelReprintMessages = {
  noneToPrint: 'No hay etiquetas pendientes de reimprimir.',
  someNotPending: 'Algunas reimpresiones solicitadas no existen o ya se imprimieron.',
} as const;

/** The server's answers about a site's walk order. */
export const RouteMessages = {
  otherSite: 'Todas las trampas del recorrido deben ser dispositivos activos de este sitio.',
  empty: 'Indica al menos una trampa del recorrido.',
} as const;

/** The server's answers about photos of a device. */
export const PhotoMessages = {
  notFound: 'La foto no existe.',
  fileRequired: 'Adjunta la foto en el campo file.',
  clientPhotoIdRequired: 'clientPhotoId debe ser un UUID.',
  clientPhotoIdReused: 'Ese identificador de foto ya se usó en otra trampa.',
  tooLarge: 'La foto supera los 2 MB.',
  wrongType: 'La foto debe ser una imagen JPEG o WebP.',
  emptyFile: 'La foto está vacía.',
  unreadable: 'La foto está dañada o incompleta: no se puede leer.',
  tooManyPixels: 'La foto pasa de 40 megapíxeles o de 16.383 píxeles de lado.',
  thumbnailUnreadable: 'La foto guardada no se puede leer: no tiene miniatura.',
  tooMany: 'Una trampa admite como máximo 5 fotos por orden.',
  notCompleted: 'Escanea la trampa, o regístrala como no encontrada o inaccesible, antes de adjuntar fotos.',
} as const;

/** The server's answers about the plant's portal and its invitations. */
export const PortalMessages = {
  siteNotFound: 'El sitio no existe.',
  actionNotFound: 'La acción no existe.',
  assessmentNotFound: 'La evaluación no existe.',
  accountNotFound: 'La cuenta del portal no existe.',
  emailTaken: 'Ya existe una cuenta con ese correo.',
  siteNotOfClient: 'Los sitios de una cuenta del portal deben ser sitios de su cliente.',
  clientInactive: 'El cliente está inactivo: actívalo antes de invitar a su gente.',
  invitationNotFound: 'La invitación no existe. Pide un enlace nuevo a la empresa de control de plagas.',
  invitationUsed: 'Esta invitación ya se usó: inicia sesión con tu correo y tu contraseña.',
  invitationExpired: 'La invitación venció. Pide un enlace nuevo a la empresa de control de plagas.',
  accountInactive: 'La cuenta está desactivada: actívala antes de enviarle una invitación.',
  alreadyAccepted: 'La cuenta ya eligió su contraseña: inicia sesión con ella.',
  notRecommendation: 'Solo se reconocen las recomendaciones: acciones cuyo responsable es el cliente.',
  actionClosed: 'La acción ya está cerrada.',
  responseNoteRequired: 'Escribe qué hizo la planta.',
  tooManyPhotos: 'Una respuesta admite como máximo 3 fotos.',
  assessmentNotSigned: 'Solo se acepta una evaluación firmada.',
  assessmentAlreadyAccepted: 'La evaluación ya está aceptada.',
  assessmentSuperseded: 'Esta evaluación fue sustituida por una revisión: acepta la revisión.',
  productNotApplied: 'El producto no se aplicó en este sitio.',
} as const;
