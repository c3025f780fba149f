import type { ClientSignature, Session, SessionItem } from '@rondin/contracts';
import { FINDINGS_MISSING_CODE, SIGNATURE_REQUIRED_CODE } from '@rondin/contracts/messages';
import { qrSlugFromLabel } from '@rondin/contracts/qr-code';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useServerReachable } from '../../../lib/connectivity';
import { markDecoded, markReady, markSheetShown } from '../../../lib/field-timing';
import { useAddItem } from '../api/add-item';
import { useCloseOrder } from '../api/close-order';
import type { SendScan } from '../api/send-scan';
import { useScanFlow } from '../hooks/use-scan-flow';
import { SCAN_MESSAGES } from '../messages';
import {
  canCloseOrder,
  type ItemState,
  itemState,
  missingFindings,
  NO_UNSENT_SCANS,
  orderProgress,
} from '../utils/scan-flow';
import { MissingFindingsDialog } from './missing-findings-dialog';
import { CameraPanel } from './camera-panel';
import { ManualEntryForm } from './manual-entry-form';
import { NextDevice } from './next-device';
import { TrapChecklist } from './trap-checklist';

export interface ScanViewProps {
  session: Session;
  sendScan: SendScan;
  /** Closing needs the server: why it cannot be asked now, shown beside the disabled button. */
  closeBlockedReason?: string | null;
  /** The qrHash of each of this order's scans waiting on the device. */
  unsentQrHashes?: ReadonlySet<string>;
  /** Offered once the order is closed: its report (composed by the route, from the orders feature). */
  reportAction?: ReactNode;
  /** Shown once the order is closed, above its actions: its certificate's folio (from the certificates feature). */
  closedDetails?: ReactNode;
  /**
   * 'Firma del cliente', asked when 'Cerrar orden' is pressed (composed by the route, from the certificates
   * feature): it closes the order with what it collected. Without it the order closes at once, with no body.
   */
  signatureDialog?: ((controls: SignatureDialogControls) => ReactNode) | undefined;
  /** A code to register once, as soon as the order is shown (a label opened from outside the app). */
  initialCode?: string | null;
  /** 'Ver en el plano', for this state of the order (composed by the route, from the plans feature). */
  planAction?: ((session: Session) => ReactNode) | undefined;
  /**
   * What the technician must know before walking, above the camera: the site's open sightings (composed by the
   * route, from the sightings feature). Rendered only while the order is open.
   */
  orderNotices?: ((session: Session) => ReactNode) | undefined;
  /**
   * Sections of the order under the camera and the list, where they do not push the camera down on a phone: the
   * products applied (composed by the route, from the products feature).
   */
  orderSections?: ((session: Session) => ReactNode) | undefined;
  /** What was found at the device just registered (composed by the route, from the findings feature). */
  findingSheet?: ((item: SessionItem, controls: FindingSheetControls) => ReactNode) | undefined;
  /** Under each trap of the list: what was recorded there and what can be (from the findings feature). */
  itemDetails?: ((item: SessionItem, controls: ItemControls) => ReactNode) | undefined;
  /**
   * A device of the order read again once done: «Ya registrada» with what it holds and the way to correct it
   * (from the findings feature). Without it the status line says so in words.
   */
  recordedNotice?: ((item: SessionItem, controls: RecordedNoticeControls) => ReactNode) | undefined;
  /**
   * «Código escrito» for a pending device whose label cannot be read: the printed code typed and why (from the
   * findings feature). Without it the screen does not offer it.
   */
  manualCodeDialog?: ((item: SessionItem, controls: ManualCodeControls) => ReactNode) | undefined;
}

/** What the «Código escrito» dialog may do: say the device is recorded (its sheet opens, as after a scan), or go. */
export interface ManualCodeControls {
  recorded: () => void;
  close: () => void;
}

/** What the «Ya registrada» line may do: open the device's findings sheet (on its correction), or go. */
export interface RecordedNoticeControls {
  openFinding: () => void;
  dismiss: () => void;
}

/** What the close dialog may do: close with the client's signature, or go back to the order. */
export interface SignatureDialogControls {
  sessionId: number;
  saving: boolean;
  /** The server refused the close for want of the closer's own stored signature: ask for it. */
  ownSignatureRequired: boolean;
  /** Why the last close was refused, in the server's words. */
  error: NoticeMessage | null;
  close: (clientSignature: ClientSignature) => void;
  cancel: () => void;
}

/** What the findings sheet may do to the screen around it. */
export interface FindingSheetControls {
  /** Opened on purpose from the list or the «Ya registrada» line: a recorded device opens on its correction. */
  correcting: boolean;
  /** Done with the device: the sheet goes and the camera takes the next one. */
  done: () => void;
  /** While true, a code of another device is not registered: what is being entered would be lost. */
  hold: (held: boolean) => void;
  showStatus: (status: NoticeMessage | null) => void;
}

export interface ItemControls {
  state: ItemState;
  /** The order is closed: nothing more is recorded on it. */
  orderClosed: boolean;
  /** Opens the findings sheet for this trap (a scanned one). */
  openFinding: () => void;
  /** Opens «Código escrito» for this trap (a pending one), when the screen offers it. */
  typeCode?: (() => void) | undefined;
}

/** The device whose findings sheet is open, the code that opened it, and when the camera decoded it. */
interface OpenSheet {
  itemId: number;
  code: string | null;
  decodedAt: number | null;
  correcting: boolean;
}

/** Spec section 2, 'Escaneo de orden': camera, manual entry, the trap list and closing the order. */
export function ScanView({
  session,
  sendScan,
  closeBlockedReason = null,
  unsentQrHashes = NO_UNSENT_SCANS,
  reportAction = null,
  closedDetails = null,
  signatureDialog,
  initialCode = null,
  planAction,
  orderNotices,
  orderSections,
  findingSheet,
  itemDetails,
  recordedNotice,
  manualCodeDialog,
}: ScanViewProps) {
  const navigate = useNavigate();
  const [sheet, setSheet] = useState<OpenSheet | null>(null);
  /** The device whose printed code is being typed («Código escrito»). */
  const [typingId, setTypingId] = useState<number | null>(null);
  const held = useRef(false);
  /**
   * When the camera first read each code that is on its way: frames of the next label keep coming while one
   * scan is sent, so the time a sheet is measured from is its own code's, not the last frame's.
   */
  const decodedAt = useRef(new Map<string, number>());
  const onRegistered = useCallback(
    (item: SessionItem, code: string) => {
      if (!findingSheet) return;
      setSheet({ itemId: item.id, code, decodedAt: decodedAt.current.get(code) ?? null, correcting: false });
    },
    [findingSheet],
  );
  const flow = useScanFlow(session, sendScan, onRegistered, unsentQrHashes);
  const closeOrder = useCloseOrder();
  const [signing, setSigning] = useState(false);
  const [closeError, setCloseError] = useState<NoticeMessage | null>(null);
  /** The inspected devices without a finding, while the technician is asked what to do about them. */
  const [missing, setMissing] = useState<readonly string[] | null>(null);
  /** «Registrar Sin novedad en N escaneados» chosen: the close records them. */
  const [noNews, setNoNews] = useState(false);
  const [ownSignatureRequired, setOwnSignatureRequired] = useState(false);
  const progress = orderProgress(session.items, unsentQrHashes);
  const trapCodes = session.items.map((item) => item.trap.code);
  const completed = session.status === 'COMPLETED';
  const closable = canCloseOrder(session, closeOrder.isPending) && !closeBlockedReason;
  const { showStatus } = flow;
  const onReadError = useCallback(
    () => showStatus({ tone: 'error', text: SCAN_MESSAGES.cameraReadError }),
    [showStatus],
  );
  const openSheet = sheet ? session.items.find((item) => item.id === sheet.itemId) : undefined;
  const recordedId = flow.status?.recordedItemId;
  const refusedAddable = flow.status?.addable;
  const recordedItem = recordedId === undefined ? undefined : session.items.find((item) => item.id === recordedId);
  const openFinding = useCallback((item: SessionItem) => {
    setSheet({ itemId: item.id, code: null, decodedAt: null, correcting: true });
  }, []);
  const typingItem = typingId === null ? undefined : session.items.find((item) => item.id === typingId);
  // «Código escrito» for a pending device of the order, named by its printed code.
  const typeCodeOf = (code: string) => {
    const item = session.items.find((each) => each.trap.code.toLowerCase() === code.toLowerCase());
    return manualCodeDialog && item && itemState(item, unsentQrHashes) === 'pending'
      ? () => {
          showStatus(null);
          setTypingId(item.id);
        }
      : undefined;
  };
  const typedCode = flow.status?.typedCode;
  const typeRefused = typedCode === undefined ? undefined : typeCodeOf(typedCode);
  // Another device read while a sheet nobody touched is open: that sheet gives way, as it does to a new device.
  useEffect(() => {
    if (recordedId === undefined || held.current) return;
    setSheet((open) => (open && open.itemId !== recordedId ? null : open));
  }, [recordedId]);
  const sheetRef = useRef(sheet);
  sheetRef.current = sheet;
  const sheetCode = openSheet?.trap.code ?? null;
  // While the technician enters what was found at one device, another device's code is not registered: its
  // sheet would take the place of what is being entered. The same device's label may be read again.
  const submit = useCallback(
    (code: string) => {
      if (held.current && code !== sheetRef.current?.code) {
        showStatus({ tone: 'info', text: SCAN_MESSAGES.findingInProgress(sheetCode ?? '') });
        return Promise.resolve(false);
      }
      return flow.submit(code);
    },
    [flow.submit, showStatus, sheetCode],
  );
  // The camera reads any QR in sight; only one that can be a trap's is sent (or kept offline). While another
  // code's request runs this one is not taken: the camera reads it again at the next frame.
  const { busyWithAnother } = flow;
  const onCode = useCallback(
    (text: string) => {
      const slug = qrSlugFromLabel(text);
      if (slug && busyWithAnother(slug)) return false;
      const at = markDecoded();
      if (slug) {
        const first = !decodedAt.current.has(slug);
        if (first) decodedAt.current.set(slug, at);
        // Registered, ignored or refused, this read is settled; a later read of the label starts a new time.
        void submit(slug).finally(() => first && decodedAt.current.delete(slug));
      } else showStatus({ tone: 'error', text: SCAN_MESSAGES.foreignQr });
      return true;
    },
    [submit, showStatus, busyWithAnother],
  );
  const hold = useCallback((value: boolean) => {
    held.current = value;
  }, []);
  const readyPending = useRef(false);
  const done = useCallback(() => {
    held.current = false;
    readyPending.current = true;
    setSheet(null);
  }, []);
  const sheetShown = openSheet !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: marked once per sheet, when it first shows.
  useEffect(() => {
    if (sheet && sheetShown) markSheetShown(sheet.decodedAt);
  }, [sheet, sheetShown === true]);
  useEffect(() => {
    if (sheet !== null || !readyPending.current) return;
    readyPending.current = false;
    markReady();
  }, [sheet]);

  // Through the same flow as the camera, once: the status line then says what became of it.
  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialCode || sentInitial.current) return;
    sentInitial.current = true;
    void flow.submit(initialCode);
  }, [initialCode, flow.submit]);

  // 'Cerrar orden': every scanned device needs its finding (or «Sin novedad» for those left), then the signatures
  // (the route's dialog: the technician's own the first time, then the client's), then the close.
  function startClose() {
    showStatus(null);
    setCloseError(null);
    const lacking = missingFindings(session.items);
    if (lacking.length > 0 && !noNews) setMissing(lacking.map((item) => item.code));
    else askSignatures();
  }

  function askSignatures() {
    if (signatureDialog) setSigning(true);
    else close(undefined);
  }

  function close(clientSignature: ClientSignature | undefined) {
    setCloseError(null);
    setOwnSignatureRequired(false);
    closeOrder.mutate(
      { id: session.id, clientSignature, defaultNoActivity: noNews },
      {
        onSuccess: () => {
          setSigning(false);
          showStatus({ tone: 'success', text: SCAN_MESSAGES.closed });
        },
        onError: (error) => {
          // The server knows of devices without a finding this copy of the order did not show: ask about them.
          if (error instanceof ApiError && error.code === FINDINGS_MISSING_CODE) {
            setSigning(false);
            setNoNews(false);
            setMissing((error.details.items ?? []).map((item) => item.code));
            return;
          }
          if (error instanceof ApiError && error.code === SIGNATURE_REQUIRED_CODE) setOwnSignatureRequired(true);
          const detail = serverMessage(error);
          // In the dialog the server's reason (a missing name, a pending trap, no connection) is shown beside it.
          if (signatureDialog) setCloseError({ tone: 'error', text: SCAN_MESSAGES.closeRefused, detail });
          else showStatus({ tone: 'error', text: SCAN_MESSAGES.closeFailed });
        },
      },
    );
  }

  return (
    <div className={completed ? 'scan-page scan-page--completed' : 'scan-page'}>
      <button type="button" className="button button--ghost scan-page__back" onClick={() => navigate('/tech/sessions')}>
        {SCAN_MESSAGES.back}
      </button>
      <PageHeader
        title={SCAN_MESSAGES.title}
        subtitle={SCAN_MESSAGES.subtitle(session.id, progress.completed, progress.total)}
        actions={
          // Once closed there is nothing to close: the button goes rather than staying disabled.
          completed ? undefined : (
            <div className="scan-page__closebar">
              <button
                type="button"
                className="button button--primary button--large"
                onClick={startClose}
                disabled={!closable}
              >
                {closeOrder.isPending ? SCAN_MESSAGES.closing : SCAN_MESSAGES.close}
              </button>
            </div>
          )
        }
      />
      <div className="scan-page__progress">
        <ProgressBar percent={progress.percent} label={`Progreso de la orden #${session.id}`} />
        <span className="scan-page__percent">{progress.percent} %</span>
      </div>
      {planAction ? <div className="scan-page__plan">{planAction(session)}</div> : null}
      {orderNotices && !completed ? orderNotices(session) : null}
      {!completed && flow.banner ? <Notice notice={flow.banner} /> : null}
      {closable ? <Notice notice={{ tone: 'info', text: SCAN_MESSAGES.allDone }} /> : null}
      {!completed && closeBlockedReason ? <Notice notice={{ tone: 'info', text: closeBlockedReason }} /> : null}
      <div className="scan-layout">
        {completed ? (
          <section className="scan-closed" aria-label={SCAN_MESSAGES.closedRegion}>
            {flow.status ? <Notice notice={flow.status} /> : null}
            <Notice notice={{ tone: 'success', text: SCAN_MESSAGES.closedBanner }} />
            {closedDetails}
            <div className="scan-closed__actions">
              {reportAction}
              <Link to="/tech/sessions" className="button button--secondary button--large">
                {SCAN_MESSAGES.backToOrders}
              </Link>
            </div>
          </section>
        ) : (
          <section
            className={`scan-camera${progress.completed === progress.total ? ' scan-camera--all-done' : ''}`}
            aria-label="Cámara y registro"
          >
            <CameraPanel enabled onCode={onCode} onReadError={onReadError} />
            {recordedItem && recordedNotice ? (
              // While a sheet is open it is what the technician answers; the line comes back with the next read.
              openSheet ? null : (
                recordedNotice(recordedItem, {
                  openFinding: () => openFinding(recordedItem),
                  dismiss: flow.dismissRecorded,
                })
              )
            ) : flow.status ? (
              <Notice notice={flow.status}>
                {refusedAddable ? (
                  <AddToOrder
                    sessionId={session.id}
                    device={refusedAddable}
                    onAdded={() => void submit(refusedAddable.read)}
                    onFailed={(detail) => showStatus({ tone: 'error', text: SCAN_MESSAGES.addFailed, detail })}
                  />
                ) : null}
                {typedCode && typeRefused ? (
                  <button type="button" className="button button--secondary scan-typed-code" onClick={typeRefused}>
                    {SCAN_MESSAGES.typeCodeFor(typedCode)}
                  </button>
                ) : null}
              </Notice>
            ) : null}
            <NextDevice items={session.items} unsentQrHashes={unsentQrHashes} />
            {openSheet && findingSheet && sheet ? (
              <div key={openSheet.id} className="scan-camera__sheet">
                {findingSheet(openSheet, { correcting: sheet.correcting, done, hold, showStatus })}
              </div>
            ) : null}
            <ManualEntryForm
              busy={flow.pending}
              trapCodes={trapCodes}
              onSubmit={submit}
              onTrapCode={manualCodeDialog ? (code) => typeCodeOf(code)?.() : undefined}
            />
          </section>
        )}
        <TrapChecklist
          items={session.items}
          progress={progress}
          unsentQrHashes={unsentQrHashes}
          details={
            itemDetails &&
            ((item, state) =>
              itemDetails(item, {
                state,
                orderClosed: completed,
                openFinding: () => openFinding(item),
                typeCode: completed ? undefined : typeCodeOf(item.trap.code),
              }))
          }
        />
      </div>
      {typingItem && manualCodeDialog && !completed
        ? manualCodeDialog(typingItem, {
            // Recorded (or kept to send): its sheet opens as after a scan.
            recorded: () => {
              setTypingId(null);
              if (findingSheet) setSheet({ itemId: typingItem.id, code: null, decodedAt: null, correcting: false });
            },
            close: () => setTypingId(null),
          })
        : null}
      {orderSections ? <div className="scan-page__sections">{orderSections(session)}</div> : null}
      {missing && !completed ? (
        <MissingFindingsDialog
          codes={missing}
          onBack={() => setMissing(null)}
          onNoNews={() => {
            setMissing(null);
            setNoNews(true);
            askSignatures();
          }}
        />
      ) : null}
      {signing && !completed && signatureDialog
        ? signatureDialog({
            sessionId: session.id,
            saving: closeOrder.isPending,
            ownSignatureRequired,
            error: closeError,
            close,
            cancel: () => setSigning(false),
          })
        : null}
    </div>
  );
}

/**
 * «Añadir a esta orden»: a device of the order's site the office did not plan, read on the spot. Added (online
 * only), it is scanned at once with the code just read.
 */
function AddToOrder({
  sessionId,
  device,
  onAdded,
  onFailed,
}: {
  sessionId: number;
  device: { trapId: number; code: string };
  onAdded: () => void;
  onFailed: (detail: string | undefined) => void;
}) {
  const add = useAddItem();
  const reachable = useServerReachable();
  if (!reachable) return null;
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={SCAN_MESSAGES.addToOrderFor(device.code)}
      disabled={add.isPending}
      onClick={() =>
        add.mutate(
          { sessionId, trapId: device.trapId },
          { onSuccess: onAdded, onError: (error) => onFailed(serverMessage(error)) },
        )
      }
    >
      {add.isPending ? SCAN_MESSAGES.adding : SCAN_MESSAGES.addToOrder}
    </button>
  );
}
