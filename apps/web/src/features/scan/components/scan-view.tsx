import type { Session } from '@rondin/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
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
}

/** Spec section 2, 'Escaneo de orden': camera, manual entry, the trap list and closing the order. */
export function ScanView({ session, sendScan, closeBlockedReason = null, unsentQrHashes = NO_UNSENT_SCANS }: ScanViewProps) {
  const navigate = useNavigate();
  const flow = useScanFlow(session, sendScan);
  const closeOrder = useCloseOrder();
  const progress = orderProgress(session.items, unsentQrHashes);
  const completed = session.status === 'COMPLETED';
  const closable = canCloseOrder(session, closeOrder.isPending) && !closeBlockedReason;
  const { showStatus } = flow;
  const onReadError = useCallback(() => showStatus({ tone: 'error', text: SCAN_MESSAGES.cameraReadError }), [showStatus]);
  const onCode = useCallback((code: string) => void flow.submit(code), [flow.submit]);

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
          <div className="scan-page__closebar">
            <button type="button" className="button button--primary button--large" onClick={close} disabled={!closable}>
              {closeOrder.isPending ? SCAN_MESSAGES.closing : SCAN_MESSAGES.close}
            </button>
          </div>
        }
      />
      <div className="scan-page__progress">
        <ProgressBar percent={progress.percent} label={`Progreso de la orden #${session.id}`} />
        <span className="scan-page__percent">{progress.percent} %</span>
      </div>
      {completed ? <Notice notice={{ tone: 'success', text: SCAN_MESSAGES.closedBanner }} /> : null}
      {!completed && flow.banner ? <Notice notice={flow.banner} /> : null}
      {closable ? <Notice notice={{ tone: 'info', text: SCAN_MESSAGES.allDone }} /> : null}
      {!completed && closeBlockedReason ? <Notice notice={{ tone: 'info', text: closeBlockedReason }} /> : null}
      <div className="scan-layout">
        <section className="scan-camera" aria-label="Cámara y registro">
          <CameraPanel enabled={!completed} onCode={onCode} onReadError={onReadError} />
          {flow.status ? <Notice notice={flow.status} /> : null}
          <ManualEntryForm busy={flow.pending} onSubmit={flow.submit} />
        </section>
        <TrapChecklist items={session.items} progress={progress} unsentQrHashes={unsentQrHashes} />
      </div>
    </div>
  );
}
