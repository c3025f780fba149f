import type { ScanBody, ScanResponse, Session } from '@rondin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { randomUuid } from '../../../lib/uuid';

/** One reading of a trap's code, stamped where and when it was made so that a replay is recognised. */
export interface ScanRequest {
  sessionId: number;
  body: Required<Pick<ScanBody, 'qrSlug' | 'clientScanId' | 'scannedAt'>>;
}

/** The scan could not reach the server: it waits on the device and is sent when the connection returns. */
export interface ScanQueued {
  queued: true;
  /** A scan of the same trap of this order was already waiting: this reading was not kept again. */
  alreadyQueued: boolean;
  /** SHA-256 of the code (an item's `trap.qrHash`), null when the device could not compute it. */
  qrHash: string | null;
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
export const postScan = ({ sessionId, body }: ScanRequest) =>
  apiRequest<ScanResponse>(`/sessions/${sessionId}/scan`, { method: 'POST', body });

/**
 * Puts the server's answer to a scan in the cached order at once; the re-read (GET /sessions/{id}) that follows
 * brings anything else that changed.
 */
export function showScanAnswer(
  queryClient: QueryClient,
  sessionId: number,
  { session: summary, item }: ScanResponse,
): void {
  queryClient.setQueryData<Session>(queryKeys.session(sessionId), (cached) =>
    cached ? { ...cached, ...summary, items: cached.items.map((each) => (each.id === item.id ? item : each)) } : cached,
  );
}
