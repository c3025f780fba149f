import type { ScanBody, ScanResponse } from '@rondin/contracts';
import { apiRequest } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';

/** One reading of a trap's code, stamped where and when it was made so that a replay is recognised. */
export interface ScanRequest {
  sessionId: number;
  body: Required<Pick<ScanBody, 'qrSlug' | 'clientScanId' | 'scannedAt'>>;
}

/** The scan could not reach the server: it waits on the device and is sent when the connection returns. */
export interface ScanQueued {
  queued: true;
}

/**
 * The single step that delivers a scan. The screen receives it as a parameter so that an offline queue can
 * stand in for it: it resolves with the order's new state and the scanned item, or with `{ queued: true }`
 * when the scan was kept on the device, or rejects when the scan was refused or lost.
 */
export type SendScan = (request: ScanRequest) => Promise<ScanResponse | ScanQueued>;

export function newScanRequest(sessionId: number, qrSlug: string, now: Date = new Date()): ScanRequest {
  return { sessionId, body: { qrSlug, clientScanId: randomUuid(), scannedAt: now.toISOString() } };
}

/** Straight to the server: POST /api/sessions/{id}/scan. */
export const postScan: SendScan = ({ sessionId, body }) =>
  apiRequest<ScanResponse>(`/sessions/${sessionId}/scan`, { method: 'POST', body });
