/** The audit pack's words on screen; the period checks say what the server says (contracts' audit-pack.ts). */
export const AUDIT_PACK_MESSAGES = {
  title: 'Dossier de auditoría',
  intro:
    'Todo lo que pide el auditor del sitio en un PDF (portada, planos, inventario, visitas, certificados, actividad, tratamientos, umbrales, acciones correctivas y tendencias) y su anexo Excel con cada inspección.',
  site: 'Sitio',
  inactive: '(inactivo)',
  period: 'Período del dossier',
  lastYear: 'Últimos 12 meses',
  chosen: 'Elegir fechas',
  from: 'Desde',
  to: 'Hasta',
  downloadPdf: 'Descargar dossier (PDF)',
  downloadExcel: 'Descargar anexo (Excel)',
  preparingPdf: 'Preparando el PDF…',
  preparingExcel: 'Preparando el Excel…',
  working: 'El servidor está preparando el dossier. Puede tardar unos segundos; la descarga empezará sola.',
  done: 'Descarga iniciada.',
  failed: 'No se pudo preparar el dossier. Inténtalo nuevamente en unos segundos.',
  offline: 'Sin conexión con el servidor: el dossier se puede descargar cuando vuelva la conexión.',
  noSites: 'Todavía no hay sitios: crea uno para preparar su dossier.',
  loadingSites: 'Cargando sitios…',
  sitesFailed: 'No se pudieron cargar los sitios.',
  missingDays: 'Indica las fechas de inicio y de término del período.',
  reversed: 'La fecha inicial no puede ser posterior a la final.',
  tooLong: 'El período del dossier no puede superar 24 meses.',
} as const;

/** The public page a pack's cover QR opens (/verificar/dossier/{code}). */
export const PACK_VERIFY_MESSAGES = {
  title: 'Verificación de dossier de auditoría',
  intro:
    'Datos del dossier tal como se emitió, y su huella SHA-256 calculada de nuevo con los registros de hoy: si coinciden, nada de lo que contiene ha cambiado desde entonces.',
  loading: 'Consultando el dossier… Se recalcula con todos sus registros: puede tardar unos segundos.',
  notFound: 'Ningún dossier tiene ese código de verificación.',
  notFoundHint: 'Revisa que la dirección sea la del código QR de la portada del dossier.',
  tooMany: 'Demasiadas consultas desde esta conexión. Espera un minuto y vuelve a intentarlo.',
  offline: 'Sin conexión: no se puede consultar el dossier. Vuelve a intentarlo cuando tengas conexión.',
  failed: 'No se pudo consultar el dossier. Inténtalo nuevamente en unos segundos.',
  retry: 'Reintentar',
  site: 'Sitio',
  client: 'Cliente',
  company: 'Empresa de servicios',
  noCompany: 'Sin datos de empresa',
  period: 'Período',
  periodRange: (from: string, to: string) => `del ${from} al ${to} (ambos incluidos)`,
  issuedAt: 'Emitido el',
  fingerprint: 'Huella SHA-256 de los registros (la de la portada)',
  currentFingerprint: 'Huella calculada hoy',
  matches: 'Coincide: los registros del dossier no han cambiado desde que se emitió.',
  differs:
    'No coincide: algún registro del dossier cambió después de emitirlo (una corrección, un dato de la empresa o del sitio). Pida un dossier emitido de nuevo.',
} as const;
