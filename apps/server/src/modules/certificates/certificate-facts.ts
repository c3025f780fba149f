import { QUALIFICATION_LABELS, type Qualification, type Session, type VerifiedContent } from '@rondin/contracts';
import { formatDateTime, formatTimeSpan } from '../../lib/time-zone.js';
import type { CertificateContent } from './certificate-content.js';

/** A calendar date (YYYY-MM-DD) as every date of the certificate prints: 'dd-mm-yyyy'. */
export const formatDay = (value: string) => value.slice(0, 10).split('-').reverse().join('-');

/** When the visit began (its first device done: a scan recorded offline may precede the order's start) and ended. */
function serviceSpan(session: Session): { start: string | null; end: string | null } {
  const times = [session.startedAt, ...session.items.map((item) => item.completedAt)].filter(
    (time): time is string => time !== null,
  );
  const start = times.length ? times.reduce((first, time) => (time < first ? time : first)) : session.closedAt;
  return { start, end: session.closedAt ?? start };
}

/**
 * «15-03-2026, de 09:10 a 10:45», «Del 31-03-2026 22:00 al 01-04-2026 01:10» across midnight, or «15-03-2026 a
 * las 09:10» when it all happened within a minute: never «de 09:57 a 09:57».
 */
export function serviceDateText(session: Session, timeZone: string): string {
  const { start, end } = serviceSpan(session);
  if (start === null || end === null) return '—';
  return formatTimeSpan(start, end, timeZone);
}

/** The order's devices as the certificate counts them: the same words as GET /api/reports/compliance. */
export function deviceCounts(session: Session): VerifiedContent['devices'] {
  return {
    due: session.itemCount,
    inspected: session.completedCount,
    exceptions: session.items.filter((item) => item.outcome === 'EXCEPTION').length,
    pending: session.itemCount - session.completedCount,
    withActivity: session.items.filter((item) => item.finding && item.finding.activity !== 'NINGUNA').length,
  };
}

/** «Previstos 6 · inspeccionados 5 (1 con excepción) · sin inspeccionar 1 · con actividad 1». */
export function deviceCountsText(counts: VerifiedContent['devices']): string {
  return [
    `Previstos ${counts.due}`,
    `inspeccionados ${counts.inspected}${counts.exceptions ? ` (${counts.exceptions} con excepción: no encontrados o inaccesibles)` : ''}`,
    `sin inspeccionar ${counts.pending}`,
    `con actividad ${counts.withActivity}`,
  ].join(' · ');
}

export function qualificationName(qualification: string | null): string | null {
  if (!qualification) return null;
  return QUALIFICATION_LABELS[qualification as Qualification] ?? qualification;
}

/**
 * What the verification page shows of a certificate: what it prints, kept when it is drawn (a later change of the
 * technician's qualification, say, never makes a genuine paper copy look edited).
 */
export function verifiedContent(session: Session, content: CertificateContent, timeZone: string): VerifiedContent {
  const { start, end } = serviceSpan(session);
  return {
    timeZone,
    issued: formatDateTime(content.issuedAt, timeZone),
    serviceDate: serviceDateText(session, timeZone),
    serviceStart: start,
    serviceEnd: end,
    technician: {
      name: session.technician.fullName,
      qualification: qualificationName(content.technician.qualification),
      licenceNumber: content.technician.licenceNumber,
    },
    devices: deviceCounts(session),
    applications: content.applications.map((application) => ({
      product: application.product,
      registrationNumber: application.registrationNumber,
      batch: application.batch,
      dose: application.dose,
      quantity: application.quantity,
    })),
  };
}
