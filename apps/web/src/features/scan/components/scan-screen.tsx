import './scan.css';
import { QueryState } from '../../../components/ui/query-state';
import { useSession } from '../api/get-session';
import { postScan, type SendScan } from '../api/send-scan';
import { SCAN_MESSAGES } from '../messages';
import { ScanView, type ScanViewProps } from './scan-view';

type ScanScreenProps = Omit<ScanViewProps, 'session' | 'sendScan'> & {
  orderId: number;
  /** Defaults to posting straight to the server. */
  sendScan?: SendScan;
};

/** Loads the order, then shows its scan screen (everything else is handed to it as is). */
export function ScanScreen({ orderId, sendScan = postScan, ...view }: ScanScreenProps) {
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
      {session.data ? <ScanView session={session.data} sendScan={sendScan} {...view} /> : null}
    </QueryState>
  );
}
