import type { Session } from '@rondin/contracts';
import { qrSlugFromLabel } from '@rondin/contracts/qr-code';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useCloseOrder } from '../api/close-order';
import type { SendScan } from '../api/send-scan';
import { useScanFlow } from '../hooks/use-scan-flow';
import { SCAN_MESSAGES } from '../messages';
import { canCloseOrder, NO_UNSENT_SCANS, orderProgress } from '../utils/scan-flow';
import { CameraPanel } from './camera-panel';
import { ManualEntryForm } from './manual-entry-form';
import { TrapChecklist } from './trap-checklist';

interface ScanViewProps {
  session: Session;
  sendScan: SendScan;
  /** Closing needs the server: why it cannot be asked now, shown beside the disabled button. */
  closeBlockedReason?: string | null;
  /** The qrHash of each of this order's scans waiting on the device. */
  unsentQrHashes?: ReadonlySet<string>;
  /** Offered once the order is closed: its report (composed by the route, from the orders feature). */
  reportAction?: ReactNode;
  /** A code to register once, as soon as the order is shown (a label opened from outside the app). */
  initialCode?: string | null;
  /** 'Ver en el plano', for this state of the order (composed by the route, from the plans feature). */
  planAction?: ((session: Session) => ReactNode) | undefined;
}

/** Spec section 2, 'Escaneo de orden': camera, manual entry, the trap list and closing the order. */
export function ScanView({
  session,
  sendScan,
  closeBlockedReason = null,
  unsentQrHashes = NO_UNSENT_SCANS,
  reportAction = null,
  initialCode = null,
  planAction,
}: ScanViewProps) {
  const navigate = useNavigate();
  const flow = useScanFlow(session, sendScan);
  const closeOrder = useCloseOrder();
  const progress = orderProgress(session.items, unsentQrHashes);
  const trapCodes = session.items.map((item) => item.trap.code);
  const completed = session.status === 'COMPLETED';
  const closable = canCloseOrder(session, closeOrder.isPending) && !closeBlockedReason;
  const { showStatus } = flow;
  const onReadError = useCallback(
    () => showStatus({ tone: 'error', text: SCAN_MESSAGES.cameraReadError }),
    [showStatus],
  );
  // The camera reads any QR in sight; only one that can be a trap's is sent (or kept offline).
  const onCode = useCallback(
    (text: string) => {
      const slug = qrSlugFromLabel(text);
      if (slug) void flow.submit(slug);
      else showStatus({ tone: 'error', text: SCAN_MESSAGES.foreignQr });
    },
    [flow.submit, showStatus],
  );

  // Through the same flow as the camera, once: the status line then says what became of it.
  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialCode || sentInitial.current) return;
    sentInitial.current = true;
    void flow.submit(initialCode);
  }, [initialCode, flow.submit]);

  function close() {
    showStatus(null);
    closeOrder.mutate(session.id, {
      onSuccess: () => showStatus({ tone: 'success', text: SCAN_MESSAGES.closed }),
      onError: () => showStatus({ tone: 'error', text: SCAN_MESSAGES.closeFailed }),
    });
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
                onClick={close}
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
      {!completed && flow.banner ? <Notice notice={flow.banner} /> : null}
      {closable ? <Notice notice={{ tone: 'info', text: SCAN_MESSAGES.allDone }} /> : null}
      {!completed && closeBlockedReason ? <Notice notice={{ tone: 'info', text: closeBlockedReason }} /> : null}
      <div className="scan-layout">
        {completed ? (
          <section className="scan-closed" aria-label={SCAN_MESSAGES.closedRegion}>
            {flow.status ? <Notice notice={flow.status} /> : null}
            <Notice notice={{ tone: 'success', text: SCAN_MESSAGES.closedBanner }} />
            <div className="scan-closed__actions">
              {reportAction}
              <Link to="/tech/sessions" className="button button--secondary button--large">
                {SCAN_MESSAGES.backToOrders}
              </Link>
            </div>
          </section>
        ) : (
          <section className="scan-camera" aria-label="Cámara y registro">
            <CameraPanel enabled onCode={onCode} onReadError={onReadError} />
            {flow.status ? <Notice notice={flow.status} /> : null}
            <ManualEntryForm busy={flow.pending} trapCodes={trapCodes} onSubmit={flow.submit} />
          </section>
        )}
        <TrapChecklist items={session.items} progress={progress} unsentQrHashes={unsentQrHashes} />
      </div>
    </div>
  );
}
