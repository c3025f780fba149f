/**
 * User Timing of the technician's hot path, one device after another: the QR decoded, the findings sheet shown,
 * 'Sin novedad' (or 'Guardar hallazgo') tapped, the screen ready for the next device. Measures, read by the
 * browser tests and the bench (performance.getEntriesByName), and in DevTools on a phone:
 * - `rondin:decode-to-sheet`: decode → sheet on screen (the scan's request and the render);
 * - `rondin:tap-to-ready`: the tap → ready for the next device (the finding handed to the queue, the sheet gone);
 * - `rondin:decode-to-ready`: the whole, the technician's own time on the sheet included.
 * The machine's share of a device is the first two together (target: under 300 ms).
 */
const MARKS = {
  decoded: 'rondin:qr-decoded',
  shown: 'rondin:finding-sheet-shown',
  recorded: 'rondin:finding-recorded',
  ready: 'rondin:ready-for-next',
} as const;

let shownFor: number | null = null;
let recordedAt: number | null = null;

/** A code was read by the camera; the time, to measure from if it opens a sheet. */
export function markDecoded(): number {
  return performance.mark(MARKS.decoded).startTime;
}

/** The sheet of the device decoded at `decodedAt` is on screen (null: opened from the list, not by a scan). */
export function markSheetShown(decodedAt: number | null): void {
  const shown = performance.mark(MARKS.shown).startTime;
  if (decodedAt !== null) performance.measure('rondin:decode-to-sheet', { start: decodedAt, end: shown });
  shownFor = decodedAt;
  recordedAt = null;
}

/** The technician tapped 'Sin novedad' or saved the finding. */
export function markRecorded(): void {
  recordedAt = performance.mark(MARKS.recorded).startTime;
}

/** The sheet is gone and the camera takes the next device. */
export function markReady(): void {
  const ready = performance.mark(MARKS.ready).startTime;
  if (recordedAt !== null) performance.measure('rondin:tap-to-ready', { start: recordedAt, end: ready });
  if (shownFor !== null && recordedAt !== null) {
    performance.measure('rondin:decode-to-ready', { start: shownFor, end: ready });
  }
  shownFor = null;
  recordedAt = null;
}
