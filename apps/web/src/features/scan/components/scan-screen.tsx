import './scan.css';
import type { Session, SessionItem } from '@rondin/contracts';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useSession } from '../api/get-session';
import { postScan, type SendScan } from '../api/send-scan';
import { SCAN_MESSAGES } from '../messages';
import { NO_UNSENT_SCANS } from '../utils/scan-flow';
import { type FindingSheetControls, type ItemControls, ScanView, type SignatureDialogControls } from './scan-view';

interface ScanScreenProps {
  orderId: number;
  /** Defaults to posting straight to the server. */
  sendScan?: SendScan;
  /** Why the order cannot be closed right now although its traps may be done (no connection, scans waiting). */
  closeBlockedReason?: string | null;
  /** The qrHash of each of this order's scans waiting on the device: their traps show as done, not sent. */
  unsentQrHashes?: ReadonlySet<string>;
  /** Offered once the order is closed: its report. */
  reportAction?: ReactNode;
  /** Shown once the order is closed: its certificate's folio. */
  closedDetails?: ReactNode;
  /** 'Firma del cliente', asked before the order closes. */
  signatureDialog?: (controls: SignatureDialogControls) => ReactNode;
  /** A code to register as soon as the order is shown (a label opened from outside the app). */
  initialCode?: string | null;
  /** 'Ver en el plano' for the order as it stands. */
  planAction?: (session: Session) => ReactNode;
  /** Sections of the order under the camera and the list (the products applied). */
  orderSections?: (session: Session) => ReactNode;
  /** What was found at the device just registered. */
  findingSheet?: (item: SessionItem, controls: FindingSheetControls) => ReactNode;
  /** Under each trap of the list: what was recorded there and what can be. */
  itemDetails?: (item: SessionItem, controls: ItemControls) => ReactNode;
}

/** Loads the order, then shows its scan screen. */
export function ScanScreen({
  orderId,
  sendScan = postScan,
  closeBlockedReason = null,
  unsentQrHashes = NO_UNSENT_SCANS,
  reportAction = null,
  closedDetails = null,
  signatureDialog,
  initialCode = null,
  planAction,
  orderSections,
  findingSheet,
  itemDetails,
}: ScanScreenProps) {
  const session = useSession(orderId);
  return (
    <QueryState
      isPending={session.isPending}
      // A failed background refresh (weak warehouse Wi-Fi) keeps the order on screen; only a first load fails.
      isError={session.isError && !session.data}
      error={session.error}
      loadingText={SCAN_MESSAGES.loading}
      errorText={SCAN_MESSAGES.loadFailed}
      onRetry={() => void session.refetch()}
    >
      {session.data ? (
        <ScanView
          session={session.data}
          sendScan={sendScan}
          closeBlockedReason={closeBlockedReason}
          unsentQrHashes={unsentQrHashes}
          reportAction={reportAction}
          closedDetails={closedDetails}
          signatureDialog={signatureDialog}
          initialCode={initialCode}
          planAction={planAction}
          orderSections={orderSections}
          findingSheet={findingSheet}
          itemDetails={itemDetails}
        />
      ) : null}
    </QueryState>
  );
}
