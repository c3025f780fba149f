import { PestMessages } from '@rondin/contracts/messages';

export const SETTINGS_MESSAGES = {
  title: 'Configuración',
  subtitle: 'Catálogos que usan las inspecciones',
} as const;

/** The pest catalogue's texts; the rules' own words are the server's (PestMessages). */
export const PEST_MESSAGES = {
  title: 'Plagas',
  intro:
    'Las especies y los grupos que se registran en las inspecciones. Una plaga no se elimina: se desactiva y deja de ofrecerse, y los registros anteriores la conservan.',
  summary: (active: number, total: number) =>
    `${active} ${active === 1 ? 'activa' : 'activas'} de ${total} ${total === 1 ? 'registrada' : 'registradas'}`,
  loading: 'Cargando plagas...',
  loadFailed: 'No se pudieron cargar las plagas.',
  empty: 'No hay plagas registradas.',
  emptyGroup: 'No hay plagas en ese grupo.',
  nameRequired: PestMessages.nameRequired,
  groupRequired: 'Elige el grupo de la plaga.',
  created: (name: string) => `Plaga ${name} creada correctamente.`,
  updated: (name: string) => `Plaga ${name} actualizada correctamente.`,
  createFailed: 'No se pudo crear la plaga.',
  updateFailed: 'No se pudo actualizar la plaga.',
  groupFilter: 'Grupo',
  allGroups: 'Todos los grupos',
} as const;

/** The company section's texts; the rules' own words are the server's (CompanySettingsMessages). */
export const COMPANY_MESSAGES = {
  title: 'Empresa',
  intro:
    'Los datos que encabezan cada PDF (reportes, certificados, mapas) y cada etiqueta. Sin ellos, los documentos salen con el nombre de Rondín.',
  loading: 'Cargando los datos de la empresa...',
  loadFailed: 'No se pudieron cargar los datos de la empresa.',
  save: 'Guardar datos',
  saving: 'Guardando...',
  saved: 'Datos de la empresa guardados.',
  saveFailed: 'No se pudieron guardar los datos de la empresa.',
  savedAt: (when: string) => `Guardado el ${when}`,
  logoTitle: 'Logotipo',
  logoAlt: 'Logotipo de la empresa',
  noLogo: 'Sin logotipo.',
  chooseLogo: 'Subir logotipo',
  uploading: 'Subiendo...',
  removeLogo: {
    label: 'Quitar logotipo',
    question: '¿Quitar el logotipo?',
    consequence: 'Los documentos que se emitan desde ahora saldrán sin logotipo; los ya emitidos no cambian.',
    done: 'Logotipo quitado.',
    failed: 'No se pudo quitar el logotipo.',
  },
  logoSaved: 'Logotipo guardado.',
  logoFailed: 'No se pudo cambiar el logotipo.',
  logoHint: 'PNG, JPEG o WebP de hasta 2 MB; se guarda como PNG de hasta 600 píxeles de lado.',
} as const;

/** Where the certificates' verification QR codes point (GET /settings/verify-address). */
export const VERIFY_ADDRESS_MESSAGES = {
  notPublic: (url: string) =>
    `Los certificados apuntan a ${url}, una dirección que solo se abre desde esta red: el QR y el enlace de verificación no servirán a los auditores del cliente.`,
  notPublicHint:
    'Define PUBLIC_URL en el servidor con la dirección pública de Rondín (por ejemplo https://rondin.tuempresa.es) y reinícialo. Los certificados ya emitidos conservan la dirección que llevan.',
  inUse: (url: string) => `El QR de cada certificado abre ${url}/verificar/…`,
  unset:
    'PUBLIC_URL no está definida: cada certificado lleva la dirección con que se cerró su orden. Defínela en el servidor para que todos lleven la misma.',
} as const;

/** The signing certificate's section; the refusals' own words are the server's (SigningCertificateMessages). */
export const SIGNING_MESSAGES = {
  title: 'Firma digital',
  intro:
    'El certificado de la empresa (por ejemplo el de representante de la FNMT, en un archivo .p12 o .pfx) con que se firman los certificados de servicio y los dossieres de auditoría. Se guarda cifrado y nunca se vuelve a mostrar ni a descargar.',
  loading: 'Cargando el certificado de firma...',
  loadFailed: 'No se pudo cargar el certificado de firma.',
  none: 'Sin certificado: los documentos salen sin firma digital.',
  subject: 'Titular',
  issuer: 'Emisor',
  serialNumber: 'Número de serie',
  validity: 'Validez',
  validityRange: (from: string, to: string) => `del ${from} al ${to}`,
  status: {
    VIGENTE: 'Vigente: firma cada certificado y dossier que se emite.',
    CADUCADO: 'Caducado: los documentos salen sin firma hasta que subas uno vigente.',
    INUTILIZABLE:
      'Este servidor no puede abrirlo (se guardó con otro JWT_SECRET, por ejemplo antes de una restauración): súbelo de nuevo.',
  },
  file: 'Archivo del certificado (.p12 o .pfx)',
  password: 'Contraseña del certificado',
  upload: 'Subir certificado',
  replace: 'Reemplazar certificado',
  uploading: 'Comprobando...',
  uploaded: 'Certificado de firma guardado.',
  uploadFailed: 'No se pudo guardar el certificado de firma.',
  remove: {
    label: 'Quitar certificado',
    question: '¿Quitar el certificado de firma?',
    consequence:
      'Los certificados y paquetes de auditoría que se emitan desde ahora saldrán sin firma digital; los ya emitidos conservan la suya.',
    done: 'Certificado de firma quitado: los documentos salen desde ahora sin firma.',
    failed: 'No se pudo quitar el certificado de firma.',
  },
} as const;
