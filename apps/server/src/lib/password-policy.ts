import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords people choose first, refused whatever their length (NIST SP 800-63B §5.1.1.2: check new
 * passwords against lists of common and expected values). zxcvbn's list holds the 49,000 most common in
 * leaks, mostly English; the Spanish ones a plant would try are added here.
 */
const SPANISH = [
  'contraseña',
  'contrasena',
  'contraseña1',
  'contraseña123',
  'micontraseña',
  'clave123',
  'miclave123',
  'administrador',
  'admin1234',
  'tecnico123',
  'técnico123',
  'rondin123',
  'rondín123',
  'bienvenido',
  'bienvenido1',
  'bienvenida',
  'cambiame',
  'cámbiame',
  'cambiar123',
  'plagas123',
  'trampas123',
];

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set([...dictionary['passwords-common'], ...SPANISH]));

export const PasswordMessages = {
  common: 'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.',
  email: 'La contraseña no puede ser el correo de la cuenta ni contenerlo.',
  repeated: 'La contraseña no puede ser un mismo carácter repetido.',
  sequence: 'La contraseña no puede ser una serie como 12345678 o abcdefgh.',
} as const;

const ALPHABETS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

function isSequence(value: string): boolean {
  return ALPHABETS.some((alphabet) => {
    const forward = alphabet + alphabet;
    const backward = [...forward].reverse().join('');
    return forward.includes(value) || backward.includes(value);
  });
}

/** Why the password is too easy to guess for this account, or undefined when it is acceptable. */
export function weakPasswordReason(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (
    lower.includes(address) ||
    (localPart.length >= 4 && (lower === localPart || lower.replace(/\d+$/, '') === localPart))
  ) {
    return PasswordMessages.email;
  }
  if (new Set(lower).size === 1) return PasswordMessages.repeated;
  if (isSequence(lower)) return PasswordMessages.sequence;
  if (commonPasswords().has(lower) || commonPasswords().has(lower.replace(/[\d!.?]+$/, '')))
    return PasswordMessages.common;
  return undefined;
}
