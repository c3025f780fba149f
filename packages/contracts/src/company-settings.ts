// No zod here: the company settings screen imports this module alone (@rondin/contracts/company-settings) to
// say what the server says and to refuse a logo the server would refuse, without zod reaching the browser
// (docs/decisions/0004).

export const CompanySettingsMessages = {
  nameRequired: 'El nombre de la empresa es obligatorio.',
  taxIdFormat: 'El NIF/CIF solo admite letras y números (entre 5 y 20), por ejemplo B12345678.',
  logoRequired: 'Adjunta la imagen del logotipo en el campo file.',
  logoTooLarge: 'El logotipo pasa de 2 MB.',
  logoWrongType: 'El logotipo debe ser una imagen PNG, JPEG o WebP.',
  logoEmpty: 'El archivo del logotipo está vacío.',
  logoUnreadable: 'La imagen del logotipo está dañada o no se puede leer.',
  logoTooManyPixels: 'El logotipo pasa de 25 megapíxeles.',
  noLogo: 'La empresa no tiene logotipo.',
  nameFirst: 'Guarda antes los datos de la empresa (al menos su nombre).',
} as const;

/** Upload limits of the logo; it is kept re-encoded as a PNG of at most LOGO_MAX_SIDE pixels a side. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 25_000_000;
export const LOGO_MAX_SIDE = 600;

/** The company's signing certificate (a PKCS#12 file): at most this many bytes, a few KB being usual. */
export const SIGNING_CERTIFICATE_MAX_BYTES = 64 * 1024;

export const SigningCertificateMessages = {
  fileRequired: 'Adjunta el archivo del certificado (.p12 o .pfx).',
  fileNotBase64: 'El archivo del certificado debe llegar en base64.',
  fileTooLarge: 'El archivo pasa de 64 KB: un certificado .p12 o .pfx ocupa unos pocos KB.',
  passwordRequired: 'Escribe la contraseña del certificado.',
  passwordLong: 'La contraseña del certificado admite como máximo 256 caracteres.',
  unreadable: 'El archivo no es un certificado PKCS#12 (.p12 o .pfx) legible.',
  wrongPassword: 'La contraseña no abre este certificado.',
  noKey:
    'El archivo no contiene la clave privada con su certificado: expórtalo de nuevo marcando «exportar la clave privada».',
  expired: (day: string) => `El certificado caducó el ${day}: sube uno vigente.`,
  notYetValid: (day: string) => `El certificado no es válido hasta el ${day}.`,
  none: 'No hay certificado de firma.',
} as const;
