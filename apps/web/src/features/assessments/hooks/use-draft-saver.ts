import type { Assessment } from '@rondin/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';
import type { AssessmentRecordRequest, AssessmentSaveRequest, SendAssessmentRecord } from '../api/send-assessment';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import { type AssessmentDraft, draftBody } from '../utils/draft';
import { dropUnsaved, keepUnsaved } from '../utils/unsaved-draft';

/** How long the walk waits after the last change before it saves: a word typed is not a save each. */
export const SAVE_AFTER_MS = 700;

/** The offline queue as the walk uses it (app/offline-scans.ts gives it). */
export interface AssessmentOutbox {
  send: SendAssessmentRecord;
  /** The records about assessments waiting on the device, oldest first. */
  waiting: readonly AssessmentRecordRequest[];
  /** Takes a record that has not been sent out of the queue (an earlier save a later one replaces). */
  withdraw: (id: string) => void;
  /** The queue has read what earlier visits left on the device: a draft opens from its latest waiting save. */
  ready: boolean;
}

export type SaveState = { state: 'saved' } | { state: 'saving' } | { state: 'failed'; reason: string };

/**
 * Saves the draft as it changes, one save at a time and the last one last: every save carries the whole draft, so
 * when the server cannot be reached each one waits on the device behind the others, and an earlier one still
 * waiting is withdrawn (the later one says everything it said). Saves what is pending when the screen goes, and
 * keeps each change on the device at once (utils/unsaved-draft.ts) until a save has taken it.
 */
export function useDraftSaver(assessment: Assessment, siteName: string, outbox: AssessmentOutbox) {
  const [saveState, setSaveState] = useState<SaveState>({ state: 'saved' });
  const pending = useRef<AssessmentDraft | null>(null);
  const lastSent = useRef<string | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const outboxRef = useRef(outbox);
  outboxRef.current = outbox;

  const saveAll = useCallback(async () => {
    let failure: string | null = null;
    while (pending.current) {
      const body = draftBody(pending.current);
      pending.current = null;
      const json = JSON.stringify(body);
      if (json === lastSent.current) {
        dropUnsaved(assessment.id, json);
        continue;
      }
      const record: AssessmentSaveRequest = {
        kind: 'assessment',
        assessmentId: assessment.id,
        assessmentKind: assessment.kind,
        siteName,
        qrHash: null,
        body: { ...body, clientSaveId: randomUuid(), savedAt: new Date().toISOString() },
      };
      try {
        await outboxRef.current.send(record);
        lastSent.current = json;
        dropUnsaved(assessment.id, json);
        failure = null;
        // The earlier saves of this draft still waiting: this one says all they said.
        for (const waiting of outboxRef.current.waiting) {
          if (
            waiting.kind === 'assessment' &&
            waiting.assessmentId === assessment.id &&
            waiting.body.clientSaveId !== record.body.clientSaveId
          ) {
            outboxRef.current.withdraw(waiting.body.clientSaveId);
          }
        }
      } catch (error) {
        failure = describeError(error) ?? TEXT.saveFailed;
      }
    }
    // A change made while the save was on its way joined the same pass: this is where the latest one stands.
    setSaveState(failure === null ? { state: 'saved' } : { state: 'failed', reason: failure });
  }, [assessment.id, assessment.kind, siteName]);

  /** Saves what is pending now; resolves once every save has reached the server or been kept on the device. */
  const flush = useCallback((): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    // One pass at a time: a change made during it is taken by the same pass.
    running.current ??= saveAll().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [saveAll]);

  /** The draft changed: saved once the changes pause. */
  const changed = useCallback(
    (draft: AssessmentDraft) => {
      pending.current = draft;
      keepUnsaved(assessment.id, JSON.stringify(draftBody(draft)));
      // Not «Guardado» while a change waits for the pause: leaving now would take it with the page.
      setSaveState((state) => (state.state === 'saving' ? state : { state: 'saving' }));
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush, assessment.id],
  );

  useEffect(() => {
    // Leaving the screen or the page: what was typed is kept (on the device at least). A phone puts an app in
    // the background (and may end it there) without a pagehide: going out of sight saves as well.
    const leave = () => void flush();
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      leave();
    };
  }, [flush]);

  return { saveState, changed, flush };
}
