import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@rondin/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useActivePests } from '../../../features/findings/api/get-active-pests';
import { useCommonPests } from '../../../features/findings/api/get-common-pests';
import type {
  ExceptionRequest,
  ManualRequest,
  PhotoDeletionRequest,
  PhotoRequest,
  SendRecord,
} from '../../../features/findings/api/record-finding';
import { FindingsSheet, type RecordedFinding } from '../../../features/findings/components/findings-sheet';
import { ItemFindingLine } from '../../../features/findings/components/item-finding-line';
import { ManualCodeDialog } from '../../../features/findings/components/manual-code-dialog';
import { RecordedNotice } from '../../../features/findings/components/recorded-notice';
import {
  useCloseBlockedReason,
  useWaitingByItem,
  useWaitingQrHashes,
} from '../../../features/offline/hooks/use-scan-queue';
import { useDownloadSessionReport } from '../../../features/orders/api/get-session-report';
import { showFindingAnswer } from '../../../features/findings/api/record-finding';
import { showScanAnswer } from '../../../features/scan/api/send-scan';
import { CertificateFolio } from '../../../features/certificates/components/certificate-facts';
import { CloseOrderDialog } from '../../../features/certificates/components/close-order-dialog';
import { useSession } from '../../../features/scan/api/get-session';
import { ScanScreen } from '../../../features/scan/components/scan-screen';
import { SCAN_MESSAGES } from '../../../features/scan/messages';
import { itemState, parseOrderId } from '../../../features/scan/utils/scan-flow';
import { OrderPlanButton } from '../../../features/plans/components/order-plan-view';
import { lastScannedTrapId } from '../../../features/plans/utils/order-markers';
import { readPlanImageOnDevice } from '../../offline-plans';
import { useActiveProducts } from '../../../features/products/api/get-products';
import { useOrderApplications } from '../../../features/products/api/applications';
import { ApplicationsPanel } from '../../../features/products/components/applications-panel';
import { OrderSightingsPanel } from '../../../features/sightings/components/order-sightings-panel';
import { useScanQueue } from '../../../features/offline/hooks/use-scan-queue';
import { type ApplicationToSend, isAssessmentRecord } from '../../../features/offline/scan-queue';
import { queryKeys } from '../../../lib/query-keys';
import { scanQueue, sendApplicationOrQueue, sendRecordOrQueue, sendScanOrQueue } from '../../offline-scans';
import type { ScanOnArrival } from '../trap-link';

/** Spec section 2: an id that is not a valid order number goes back to the list. */
export default function TechScanRoute() {
  const orderId = parseOrderId(useParams().id);
  if (orderId === null) return <Navigate to="/tech/sessions" replace />;
  // Keyed by order: moving to another order starts a fresh flow and camera.
  return <FieldScanScreen key={orderId} orderId={orderId} />;
}

/**
 * The scan screen in the field: scans that cannot reach the server wait on the device, their traps show as done
 * but not sent, and closing says why it waits. After each scan the findings sheet (features/findings) asks what
 * was at the device; what it records goes through the same queue.
 */
function FieldScanScreen({ orderId }: { orderId: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  // A label opened from outside the app (/t/{code}) brings its code to register once: taken out of the history
  // entry, so going back or reloading does not send it again.
  const [arrivedWith] = useState(() => (location.state as Partial<ScanOnArrival> | null)?.scanQr ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code the screen opened with is taken out.
  useEffect(() => {
    if (arrivedWith) void navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWith]);
  const closeBlockedReason = useCloseBlockedReason(scanQueue, orderId);
  const unsentQrHashes = useWaitingQrHashes(scanQueue, orderId);
  const queryClient = useQueryClient();
  // A saved scan the server accepts shows its trap completed in the same render that stops marking it unsent.
  useEffect(
    () =>
      scanQueue.onDelivered((record, answer) => {
        if (isAssessmentRecord(record)) return;
        if ('session' in answer) showScanAnswer(queryClient, record.sessionId, answer);
        else if ('finding' in answer) showFindingAnswer(queryClient, record.sessionId, answer);
      }),
    [queryClient],
  );
  const pests = useActivePests();
  // Read as the order opens, so it is on the device (and saved) before the first sheet, with or without signal.
  const order = useSession(orderId);
  const commonPests = useCommonPests(order.data?.siteId);
  const waitingByItem = useWaitingByItem(scanQueue, orderId);
  const groupOf = useMemo(() => {
    const groups = new Map((pests.data ?? []).map((pest) => [pest.id, pest.group]));
    return (pestId: number) => groups.get(pestId);
  }, [pests.data]);
  // What a device holds now: the latest finding waiting on the phone, else the server's current version.
  const currentOf = useCallback(
    (item: Session['items'][number]): RecordedFinding | null => {
      const waiting = waitingByItem.get(item.id)?.finding;
      if (waiting) return { finding: waiting, waiting: true };
      return item.finding ? { finding: item.finding, waiting: false } : null;
    },
    [waitingByItem],
  );
  // A finding the server took at once shows in the list at once.
  const sendRecord = useCallback<SendRecord>(
    (record) =>
      sendRecordOrQueue(record).then((answer) => {
        if ('finding' in answer) showFindingAnswer(queryClient, record.sessionId, answer);
        return answer;
      }),
    [queryClient],
  );
  const recordException = useCallback(
    async (request: ExceptionRequest | PhotoRequest) => {
      const answer = await sendRecordOrQueue(request);
      if ('session' in answer) showScanAnswer(queryClient, request.sessionId, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    [queryClient],
  );
  // A typed code completes its item as a scan does: shown at once when the server took it, else marked as waiting.
  const recordManual = useCallback(
    async (request: ManualRequest) => {
      const answer = await sendRecordOrQueue(request);
      if ('session' in answer) showScanAnswer(queryClient, request.sessionId, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    [queryClient],
  );
  // A delivered photo's removal: the order is read again once the server has it (or it waits in the queue).
  const deletePhoto = useCallback(
    async (request: PhotoDeletionRequest) => {
      await sendRecordOrQueue(request);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    [queryClient],
  );
  return (
    <ScanScreen
      orderId={orderId}
      sendScan={sendScanOrQueue}
      closeBlockedReason={closeBlockedReason}
      unsentQrHashes={unsentQrHashes}
      reportAction={<ReportButton orderId={orderId} />}
      closedDetails={<CertificateFolio sessionId={orderId} />}
      signatureDialog={(controls) => (
        <CloseOrderDialog
          sessionId={controls.sessionId}
          saving={controls.saving}
          ownSignatureRequired={controls.ownSignatureRequired}
          error={controls.error}
          onSubmit={controls.close}
          onClose={controls.cancel}
        />
      )}
      initialCode={arrivedWith}
      planAction={(session) => <OrderPlanAction session={session} unsentQrHashes={unsentQrHashes} />}
      orderNotices={(session) => <OrderSightingsPanel sightings={session.openSightings} />}
      orderSections={(session) => <OrderApplications session={session} pests={pests.data} />}
      findingSheet={(item, controls) => (
        <FindingsSheet
          sessionId={orderId}
          item={item}
          current={currentOf(item)}
          correcting={controls.correcting}
          pests={pests.data}
          commonPests={commonPests.byType[item.trap.type]}
          waitingPhotos={waitingByItem.get(item.id)?.photos ?? 0}
          send={sendRecord}
          onDone={controls.done}
          onHold={controls.hold}
          onFailed={(text, detail) => controls.showStatus({ tone: 'error', text, detail })}
        />
      )}
      recordedNotice={(item, controls) => (
        <RecordedNotice
          item={item}
          current={currentOf(item)}
          exception={waitingByItem.get(item.id)?.exception ?? item.exception}
          groupOf={groupOf}
          onOpen={controls.openFinding}
          onDismiss={controls.dismiss}
        />
      )}
      manualCodeDialog={(item, controls) => (
        <ManualCodeDialog
          sessionId={orderId}
          item={item}
          record={recordManual}
          onRecorded={controls.recorded}
          onClose={controls.close}
        />
      )}
      itemDetails={(item, controls) => (
        <ItemFindingLine
          sessionId={orderId}
          item={item}
          done={controls.state !== 'pending'}
          waiting={waitingByItem.get(item.id)}
          closed={controls.orderClosed}
          groupOf={groupOf}
          onOpenFinding={controls.openFinding}
          onTypeCode={controls.typeCode}
          recordException={recordException}
          removeWaitingPhoto={(clientPhotoId) => scanQueue.withdraw(clientPhotoId)}
          deletePhoto={deletePhoto}
        />
      )}
    />
  );
}

/** A closed order's report, from the scan screen itself: the technician need not look for it in the list. */
function ReportButton({ orderId }: { orderId: number }) {
  const download = useDownloadSessionReport();
  return (
    <>
      <button
        type="button"
        className="button button--primary button--large"
        onClick={() => download.mutate(orderId)}
        disabled={download.isPending}
      >
        {SCAN_MESSAGES.reportDownload}
      </button>
      {download.isError ? (
        <Notice notice={{ tone: 'error', text: SCAN_MESSAGES.reportFailed, detail: serverMessage(download.error) }} />
      ) : null}
    </>
  );
}

/** 'Aplicaciones': products applied during the order, recorded through the offline queue like findings. */
function OrderApplications({
  session,
  pests,
}: {
  session: Session;
  pests: Parameters<typeof ApplicationsPanel>[0]['pests'];
}) {
  const queryClient = useQueryClient();
  const products = useActiveProducts();
  const applications = useOrderApplications(session.id);
  const { waiting } = useScanQueue(scanQueue);
  const mine = useMemo(
    () =>
      waiting.filter(
        (record): record is ApplicationToSend & (typeof waiting)[number] =>
          record.kind === 'application' && record.sessionId === session.id,
      ),
    [waiting, session.id],
  );
  useEffect(
    () =>
      scanQueue.onDelivered((record) => {
        if (record.kind === 'application')
          void queryClient.invalidateQueries({ queryKey: queryKeys.orderApplications(record.sessionId) });
      }),
    [queryClient],
  );
  return (
    <ApplicationsPanel
      session={session}
      applications={applications.data ?? []}
      waiting={mine}
      products={products.data ?? []}
      pests={pests}
      send={async (record) => {
        await sendApplicationOrQueue(record);
        void queryClient.invalidateQueries({ queryKey: queryKeys.orderApplications(record.sessionId) });
      }}
    />
  );
}

/** 'Ver en el plano': a scan waiting on the device already counts as done there, as in the list. */
function OrderPlanAction({ session, unsentQrHashes }: { session: Session; unsentQrHashes: ReadonlySet<string> }) {
  const done = useMemo(
    () => new Map(session.items.map((item) => [item.trapId, itemState(item, unsentQrHashes) !== 'pending'])),
    [session.items, unsentQrHashes],
  );
  return (
    <OrderPlanButton
      order={session}
      done={done}
      lastTrapId={lastScannedTrapId(session.items)}
      readImage={readPlanImageOnDevice}
    />
  );
}
