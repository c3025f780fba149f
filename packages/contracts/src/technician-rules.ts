// No zod here: the technicians' screens and the order form import this module alone
// (@rondin/contracts/technician-rules), so the qualification names and the licence rules both sides use have
// one source without zod reaching the browser (docs/decisions/0004).

/**
 * Qualification levels for biocide work (Real Decreto 830/2010): the basic applicator, the technical manager
 * (responsable técnico), and the special qualification for toxic, very toxic and CMR products.
 */
export const QUALIFICATIONS = ['APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL'] as const;
export const QUALIFICATION_LABELS: Record<(typeof QUALIFICATIONS)[number], string> = {
  APLICADOR: 'Aplicador',
  RESPONSABLE_TECNICO: 'Responsable técnico',
  ESPECIAL: 'Cualificación especial (tóxicos/CMR)',
};

/** Every role's Spanish name, as screens and documents print it. */
export const ROLE_NAMES = { ADMIN: 'Administrador', TECH: 'Técnico', CLIENTE: 'Cliente' } as const;

/** The ErrorResponse.code of an order assigned to a technician whose licence has expired (409). */
export const LICENCE_EXPIRED_CODE = 'LICENCE_EXPIRED';

/** DD/MM/AAAA, as the screens and documents print a YYYY-MM-DD date. */
export const formatLocalDate = (value: string) => value.split('-').reverse().join('/');

export const licenceExpiredMessage = (fullName: string, expiresAt: string) =>
  `El carné de ${fullName} caducó el ${formatLocalDate(expiresAt)}. Para asignarle la orden igualmente, confirma con confirmExpiredLicence: true.`;

/** A licence expiring within this many days is shown with a warning. */
export const LICENCE_WARNING_DAYS = 30;

/**
 * Where a licence stands on `today` (YYYY-MM-DD, in the plant's time zone): expired the day after its expiry
 * date, expiring within LICENCE_WARNING_DAYS, otherwise valid; null when it has no expiry.
 */
export function licenceStatus(expiresAt: string | null, today: string): 'EXPIRED' | 'EXPIRING' | 'VALID' | null {
  if (!expiresAt) return null;
  if (expiresAt < today) return 'EXPIRED';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + LICENCE_WARNING_DAYS);
  return expiresAt <= limit.toISOString().slice(0, 10) ? 'EXPIRING' : 'VALID';
}
