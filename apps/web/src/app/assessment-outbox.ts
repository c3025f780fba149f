import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { AssessmentOutbox } from '../features/assessments/hooks/use-draft-saver';
import { useScanQueue } from '../features/offline/hooks/use-scan-queue';
import { isAssessmentRecord } from '../features/offline/scan-queue';
import { queryKeys } from '../lib/query-keys';
import { scanQueue, sendAssessmentOrQueue } from './offline-scans';

/**
 * The offline queue as an assessment's walk uses it (features/assessments meets features/offline here): its
 * saves and photos go through the one queue the findings use, and what waits of them is shown «por enviar».
 * Started here too, since the office's screens do not start it; each delivery reads the assessment again.
 */
export function useAssessmentOutbox(): AssessmentOutbox {
  const queryClient = useQueryClient();
  const { waiting } = useScanQueue(scanQueue);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void scanQueue.start().then(() => setReady(true));
    return scanQueue.onDelivered((record) => {
      if (!isAssessmentRecord(record)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.assessment(record.assessmentId) });
    });
  }, [queryClient]);
  const mine = useMemo(() => waiting.filter(isAssessmentRecord), [waiting]);
  return useMemo(
    () => ({
      send: sendAssessmentOrQueue,
      waiting: mine,
      withdraw: (id: string) => void scanQueue.withdraw(id),
      ready,
    }),
    [mine, ready],
  );
}
