import { formatDateTime } from '../../lib/format';

/** The field screens' texts about data kept on the device and scans waiting to be sent. */
export const OFFLINE_MESSAGES = {
  savedData: (savedAt: number) =>
    `Sin conexión · datos guardados en este dispositivo el ${formatDateTime(new Date(savedAt).toISOString())}`,
  waiting: (count: number) => (count === 1 ? '1 escaneo por enviar' : `${count} escaneos por enviar`),
  waitingHint: 'Se enviarán solos, en el orden en que se hicieron, al volver la conexión.',
  waitingList: 'Ver escaneos guardados',
  scanLine: (sessionId: number, code: string, scannedAt: string) =>
    `Orden #${sessionId} · ${code} · ${formatDateTime(scannedAt)}`,
  refused: (sessionId: number, code: string) =>
    `El servidor rechazó un escaneo guardado: Orden #${sessionId} · ${code}`,
  acknowledge: 'Entendido',
  regionLabel: 'Sincronización de escaneos',
  closeOffline: 'Sin conexión: para cerrar la orden se necesita conexión con el servidor.',
  closeWaiting: (count: number) =>
    count === 1
      ? 'Hay 1 escaneo de esta orden por enviar: podrás cerrarla cuando se haya enviado.'
      : `Hay ${count} escaneos de esta orden por enviar: podrás cerrarla cuando se hayan enviado.`,
} as const;

/** A slug as the label prints it, in groups of four, so the technician can match it against the label. */
export function printedCode(qrSlug: string): string {
  return qrSlug.replace(/(.{4})(?=.)/g, '$1 ');
}
