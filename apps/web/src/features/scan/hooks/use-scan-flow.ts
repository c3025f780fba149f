import type { Session, SessionItem } from '@rondin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { ADDABLE_REFUSAL_CODES, type ScanRefusalCode } from '@rondin/contracts/messages';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { isServerReachable } from '../../../lib/connectivity';
import { qrHash } from '../../../lib/qr-hash';
import { queryKeys } from '../../../lib/query-keys';
import { newScanRequest, showScanAnswer, type SendScan } from '../api/send-scan';
import { SCAN_MESSAGES } from '../messages';
import { decideScan, isItemCompleted, itemState, NO_UNSENT_SCANS, trapName } from '../utils/scan-flow';

/** The status line under the camera. */
/** The printed code of one of the order's devices sent as if it were its QR: offered as «Código escrito». */
const TRAP_CODE_TYPED: ScanRefusalCode = 'TRAP_CODE_TYPED';

export interface ScanStatus extends NoticeMessage {
  /** A device of the order read again once done: the screen shows what it holds («Ya registrada»). */
  recordedItemId?: number;
  /**
   * A scan refused because the device read is of the order's site but not in the order: the device, and the code
   * read, so the screen can offer «Añadir a esta orden» and scan it once added.
   */
  addable?: { trapId: number; code: string; area: string | null; read: string };
  /** The printed code of one of the order's devices was sent as a scan (TRAP_CODE_TYPED): that device's code. */
  typedCode?: string;
}

export interface ScanFlow {
  /**
   * Hands over a code read by the camera or typed by hand; the flow decides whether to send it. Resolves
   * true once the scan was registered, false when it was ignored, refused or failed.
   */
  submit: (code: string) => Promise<boolean>;
  /** A scan request is on its way. */
  pending: boolean;
  /** Whether a request for another code is on its way now: this one cannot be taken yet. */
  busyWithAnother: (code: string) => boolean;
  /** The status line under the camera. */
  status: ScanStatus | null;
  /** The page-level banner (a refused scan). */
  banner: NoticeMessage | null;
  /** For messages that do not come from a scan: the camera's, the close button's. */
  showStatus: (status: NoticeMessage | null) => void;
  /**
   * «Ya registrada» closed by the technician: the same device, still in front of the camera, does not bring it
   * back (on a phone it covers the close bar) until another label is read.
   */
  dismissRecorded: () => void;
}

/**
 * Spec section 4's scan flow around one order. The pending code lives in a ref, not in state, because the
 * camera reports several frames before React renders again; `sendScan` is the injectable delivery step.
 */
export function useScanFlow(
  session: Session,
  sendScan: SendScan,
  /** Called once per trap newly registered (sent, or kept on the device), with its item and the code read. */
  onRegistered?: (item: SessionItem, code: string) => void,
  /** The qrHash of each of the order's traps done on the device and not sent yet. */
  unsentQrHashes: ReadonlySet<string> = NO_UNSENT_SCANS,
): ScanFlow {
  const queryClient = useQueryClient();
  const pendingCode = useRef<string | null>(null);
  /** Each code the server accepted on this screen, with its item: read again, it is not sent again. */
  const registered = useRef(new Map<string, number>());
  const latest = useRef(session);
  latest.current = session;
  const registeredListener = useRef(onRegistered);
  registeredListener.current = onRegistered;
  const unsent = useRef(unsentQrHashes);
  unsent.current = unsentQrHashes;
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<ScanStatus | null>(null);
  const [banner, setBanner] = useState<NoticeMessage | null>(null);
  /** The device whose «Ya registrada» the technician closed, until another label is read. */
  const quietItemId = useRef<number | null>(null);

  const send = useCallback(
    (order: Session, code: string): Promise<boolean> =>
      sendScan(newScanRequest(order.id, code))
        .then(
          (answer) => {
            if ('queued' in answer) {
              // Kept on the device: the list marks the trap; the status line names it when the order's copy has it.
              const item =
                answer.qrHash === null ? undefined : order.items.find((each) => each.trap.qrHash === answer.qrHash);
              setStatus({
                tone: 'info',
                text: answer.alreadyQueued ? SCAN_MESSAGES.alreadyQueued : SCAN_MESSAGES.queued,
                detail: item && trapLine(item),
              });
              if ('vibrate' in navigator) navigator.vibrate(60);
              if (item && !answer.alreadyQueued) registeredListener.current?.(item, code);
              return true;
            }
            showScanAnswer(queryClient, order.id, answer);
            registered.current.set(code, answer.item.id);
            const before = order.items.find((each) => each.id === answer.item.id);
            if (before && isItemCompleted(before)) {
              setStatus({
                tone: 'info',
                text: SCAN_MESSAGES.alreadyRegistered,
                detail: trapLine(answer.item),
                recordedItemId: answer.item.id,
              });
              return true;
            }
            setStatus({ tone: 'success', text: SCAN_MESSAGES.scanned, detail: trapLine(answer.item) });
            if ('vibrate' in navigator) navigator.vibrate(60);
            registeredListener.current?.(answer.item, code);
            return true;
          },
          (error: unknown) => {
            // One message: the server's own reason under ours, naming what was read ('TRP-113 (Bodega) es de este
            // sitio pero no está en esta orden.'); the banner speaks only when the server gave none.
            const reason = serverMessage(error);
            const device = error instanceof ApiError ? error.details.device : undefined;
            const addable =
              device && error instanceof ApiError && ADDABLE_REFUSAL_CODES.some((each) => each === error.code)
                ? { addable: { trapId: device.id, code: device.code, area: device.area, read: code } }
                : {};
            const typed =
              device && error instanceof ApiError && error.code === TRAP_CODE_TYPED ? { typedCode: device.code } : {};
            setStatus({ tone: 'error', text: SCAN_MESSAGES.scanFailed, detail: reason, ...addable, ...typed });
            if (!reason) setBanner({ tone: 'error', text: SCAN_MESSAGES.scanFailedBanner });
            return false;
          },
        )
        .finally(() => {
          pendingCode.current = null;
          setPending(false);
          void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
        }),
    [queryClient, sendScan],
  );

  const submit = useCallback(
    (rawCode: string) => {
      const order = latest.current;
      const decision = decideScan(rawCode, {
        pendingCode: pendingCode.current,
        orderCompleted: order.status === 'COMPLETED',
      });
      if (decision.kind === 'ignore') return Promise.resolve(false);
      if (decision.kind === 'refuse-closed') {
        setStatus({ tone: 'info', text: SCAN_MESSAGES.alreadyClosed });
        return Promise.resolve(false);
      }
      // A device done on this screen or before (on the server, or waiting on the phone) is never sent again as if
      // new: the screen says «Ya registrada» with what it holds, and nothing opens on a preset answer. A label left
      // in front of the camera is read again every few seconds, and the same label may be scanned after a reload.
      const already = (item: SessionItem) => {
        if (quietItemId.current === item.id) return;
        quietItemId.current = null;
        setStatus({
          tone: 'info',
          text: SCAN_MESSAGES.alreadyRegistered,
          detail: trapLine(item),
          recordedItemId: item.id,
        });
      };
      const known = order.items.find((each) => each.id === registered.current.get(decision.code));
      if (known && isItemCompleted(known)) {
        already(known);
        return Promise.resolve(true);
      }
      const code = decision.code;
      const hash = qrHash(code);
      const item = order.items.find((each) => each.trap.qrHash === hash);
      if (item && itemState(item, unsent.current) !== 'pending') {
        already(item);
        return Promise.resolve(true);
      }
      // Without the server, a code of none of the order's devices would only wait on the phone to be refused.
      if (!item && !isServerReachable()) {
        setStatus({ tone: 'error', text: SCAN_MESSAGES.scanFailed, detail: SCAN_MESSAGES.notInOrderOffline });
        return Promise.resolve(false);
      }
      quietItemId.current = null;
      pendingCode.current = code;
      setPending(true);
      setStatus(null);
      setBanner(null);
      return send(order, code);
    },
    [send],
  );

  const busyWithAnother = useCallback(
    (code: string) => pendingCode.current !== null && pendingCode.current !== code.trim(),
    [],
  );

  const shown = useRef(status);
  shown.current = status;
  const dismissRecorded = useCallback(() => {
    quietItemId.current = shown.current?.recordedItemId ?? null;
    setStatus(null);
  }, []);

  return { submit, pending, busyWithAnother, status, banner, showStatus: setStatus, dismissRecorded };
}

/** The scanned trap under the status line: its name and where it is. */
function trapLine(item: SessionItem): string {
  return `${trapName(item)} · ${item.trap.area?.trim() || SCAN_MESSAGES.noArea}`;
}
