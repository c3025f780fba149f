import { formatDateTime } from '../../lib/format';
import type { RecordKind } from './scan-queue';

const RECORD_KINDS: readonly RecordKind[] = [
  'scan',
  'manual',
  'finding',
  'exception',
  'photo',
  'photo-deletion',
  'application',
  'assessment',
  'assessment-photo',
];

const KIND_WORDS: Record<RecordKind, readonly [string, string]> = {
  scan: ['escaneo', 'escaneos'],
  finding: ['hallazgo', 'hallazgos'],
  exception: ['trampa no encontrada o inaccesible', 'trampas no encontradas o inaccesibles'],
  manual: ['código escrito', 'códigos escritos'],
  photo: ['foto', 'fotos'],
  'photo-deletion': ['foto eliminada', 'fotos eliminadas'],
  application: ['aplicación de producto', 'aplicaciones de producto'],
  assessment: ['borrador de evaluación', 'borradores de evaluación'],
  'assessment-photo': ['foto de evaluación', 'fotos de evaluación'],
};

const REFUSED_WHAT: Record<Exclude<RecordKind, 'scan'>, string> = {
  finding: 'un hallazgo guardado',
  exception: 'una trampa registrada como no encontrada o inaccesible',
  manual: 'una trampa registrada por su código escrito',
  photo: 'una foto guardada',
  'photo-deletion': 'la eliminación de una foto',
  application: 'una aplicación de producto',
  assessment: 'un borrador de evaluación',
  'assessment-photo': 'una foto de evaluación',
};

/** '3 escaneos, 1 hallazgo y 2 fotos'. */
function listed(counts: Partial<Record<RecordKind, number>>): string {
  const parts = RECORD_KINDS.flatMap((kind) => {
    const count = counts[kind] ?? 0;
    const [one, many] = KIND_WORDS[kind];
    return count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : (parts[0] ?? '');
}

/** The field screens' texts about data kept on the device and scans waiting to be sent. */
export const OFFLINE_MESSAGES = {
  savedData: (savedAt: number) =>
    `Sin conexión · datos guardados en este dispositivo el ${formatDateTime(new Date(savedAt).toISOString())}`,
  /** What waits, by kind: '3 escaneos por enviar', '3 escaneos, 1 hallazgo y 2 fotos por enviar'. */
  waiting: (counts: Partial<Record<RecordKind, number>>) => `${listed(counts)} por enviar`,
  /** The same while the server answers: on its way now, not waiting for the connection. */
  sending: (counts: Partial<Record<RecordKind, number>>) => `Enviando ${listed(counts)}…`,
  waitingHint: 'Se enviarán solos, en el orden en que se hicieron, al volver la conexión.',
  waitingList: 'Ver escaneos guardados',
  /** The list's summary when more than scans wait. */
  waitingRecords: 'Ver lo guardado en este dispositivo',
  /** A device of the order: its code, and its area when it has one ('TRP-113 · Bodega sur'). */
  device: (code: string, area: string | null) => (area?.trim() ? `${code} · ${area.trim()}` : code),
  /** A scan whose code is of no device of the order the phone holds: what was read, as the label prints it. */
  unknownDevice: (printed: string) => `Dispositivo no reconocido (código ${printed})`,
  scanLine: (sessionId: number, device: string, scannedAt: string) =>
    `Orden #${sessionId} · ${device} · ${formatDateTime(scannedAt)}`,
  /** A finding, exception or photo waiting: its device and what it is. */
  recordLine: (sessionId: number, device: string, what: string, recordedAt: string) =>
    `Orden #${sessionId} · ${device} · ${what} · ${formatDateTime(recordedAt)}`,
  /** An assessment's save or photo waiting: 'Diagnóstico de situación · Planta Norte · foto · Bodega · 12:04'. */
  assessmentLine: (assessment: string, what: string, recordedAt: string) =>
    `${assessment} · ${what} · ${formatDateTime(recordedAt)}`,
  assessment: (kindName: string, siteName: string) => `${kindName} · ${siteName}`,
  assessmentDraft: 'borrador',
  assessmentPhoto: (area: string) => `foto · ${area}`,
  refusedAssessment: (kind: 'assessment' | 'assessment-photo', assessment: string) =>
    `El servidor rechazó ${REFUSED_WHAT[kind]}: ${assessment}`,
  refused: (sessionId: number, device: string) =>
    `El servidor rechazó un escaneo guardado: Orden #${sessionId} · ${device}`,
  refusedRecord: (kind: Exclude<RecordKind, 'scan'>, sessionId: number, device: string) =>
    `El servidor rechazó ${REFUSED_WHAT[kind]}: Orden #${sessionId} · ${device}`,
  finding: 'hallazgo',
  photo: 'foto',
  photoDeletion: 'foto eliminada',
  application: 'aplicación',
  acknowledge: 'Entendido',
  regionLabel: 'Sincronización de escaneos',
  closeOffline: 'Sin conexión: para cerrar la orden se necesita conexión con el servidor.',
  closeWaiting: (count: number) =>
    count === 1
      ? 'Hay 1 escaneo de esta orden por enviar: podrás cerrarla cuando se haya enviado.'
      : `Hay ${count} escaneos de esta orden por enviar: podrás cerrarla cuando se hayan enviado.`,
  /** Findings, exceptions or photos wait too: the same, in other words. */
  closeRecordsWaiting: (count: number) =>
    count === 1
      ? 'Hay 1 registro de esta orden por enviar: podrás cerrarla cuando se haya enviado.'
      : `Hay ${count} registros de esta orden por enviar: podrás cerrarla cuando se hayan enviado.`,
} as const;

/** A slug as the label prints it, in groups of four, so the technician can match it against the label. */
export function printedCode(qrSlug: string): string {
  return qrSlug.replace(/(.{4})(?=.)/g, '$1 ');
}
