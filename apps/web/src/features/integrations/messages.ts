import { API_TOKEN_SCOPE_NAMES, ApiTokenMessages } from '@rondin/contracts/integration-names';

export const INTEGRATIONS_MESSAGES = {
  title: 'Integraciones',
  subtitle: 'Acceso de otros sistemas (ERP, BI) y avisos a ellos',
  back: 'Volver a Configuración',
  link: 'Integraciones: tokens de API y webhooks',
  linkIntro: 'Para que otros sistemas lean o registren datos, y reciban avisos de lo que ocurre.',
} as const;

/** The API tokens section's texts; the rules' own words are the server's (ApiTokenMessages). */
export const API_TOKEN_MESSAGES = {
  title: 'Tokens de API',
  intro:
    'Un token permite a otro sistema usar la API como un administrador: «Solo lectura» consulta, «Lectura y escritura» también registra y modifica. Ningún token puede gestionar tokens, webhooks, cuentas ni contraseñas. Se envía como «Authorization: Bearer rdn_…».',
  loading: 'Cargando tokens...',
  loadFailed: 'No se pudieron cargar los tokens.',
  empty: 'Aún no hay tokens de API.',
  create: 'Crear token',
  createTitle: 'Nuevo token de API',
  name: 'Nombre',
  nameHint: 'El sistema que lo usará, por ejemplo «ERP contable».',
  scope: 'Alcance',
  scopes: API_TOKEN_SCOPE_NAMES,
  submit: 'Crear token',
  createFailed: 'No se pudo crear el token.',
  nameRequired: ApiTokenMessages.nameRequired,
  shownTitle: (name: string) => `Token «${name}» creado`,
  shownWarning:
    'Copia el token ahora y guárdalo en el otro sistema: es la única vez que se muestra. Rondín solo guarda una huella que no permite recuperarlo.',
  tokenLabel: 'Token',
  copy: 'Copiar token',
  copied: 'Token copiado.',
  copyFailed: 'No se pudo copiar: selecciónalo y cópialo a mano.',
  done: 'Listo, ya lo guardé',
  columns: ['Nombre', 'Alcance', 'Creado', 'Último uso', 'Estado'],
  caption: 'Tokens de API',
  createdBy: (when: string, who: string) => `${when} por ${who}`,
  neverUsed: 'Nunca',
  active: 'Vigente',
  revokedOn: (when: string) => `Revocado el ${when}`,
  revoke: {
    label: 'Revocar',
    question: (name: string) => `¿Revocar el token «${name}»?`,
    consequence:
      'El sistema que lo usa dejará de tener acceso de inmediato. No se puede deshacer: para volver a dar acceso, crea otro token.',
    done: (name: string) => `Token «${name}» revocado.`,
    failed: 'No se pudo revocar el token.',
  },
} as const;
