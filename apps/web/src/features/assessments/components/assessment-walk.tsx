import type { Assessment } from '@rondin/contracts';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { describeError } from '../../../lib/api-client';
import { useServerReachable } from '../../../lib/connectivity';
import { useSignAssessment } from '../api/change-assessment';
import type { AssessmentPhotoRequest, AssessmentSaveRequest } from '../api/send-assessment';
import { useDraftSaver } from '../hooks/use-draft-saver';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import { type AreaDraft, type AssessmentDraft, areaKey, openDraft } from '../utils/draft';
import { readUnsaved } from '../utils/unsaved-draft';
import { AreaCard } from './area-card';
import { type AssessmentScreenProps, assessmentPhotoPaths } from './assessment-screen-props';
import { quarterCoverage } from './quarter-coverage';
import { QuarterFigures } from './quarter-figures';
import { RecommendationsEditor } from './recommendations-editor';

/**
 * The walk of a draft, on a phone or a laptop: area by area, then conclusions and recommendations, saved as it
 * changes through the device's queue (kept on the device without signal, shown «por enviar», sent when it
 * returns), and signed by a technical manager once everything has reached the server.
 */
export function AssessmentWalk({
  assessment,
  siteAreas,
  outbox,
  TrendTable,
  actionPath,
  contractedCoverage,
}: { assessment: Assessment } & AssessmentScreenProps) {
  const siteName = assessment.site.name;
  const mine = useMemo(
    () => outbox.waiting.filter((record) => record.assessmentId === assessment.id),
    [outbox.waiting, assessment.id],
  );
  // A change the page ended before any save took is the newest; then the latest save waiting on the device.
  const [opened] = useState(() => {
    const unsaved = readUnsaved(assessment.id);
    const saves = mine.filter((record): record is AssessmentSaveRequest => record.kind === 'assessment');
    return { draft: openDraft(assessment, unsaved ?? saves.at(-1)?.body ?? null, siteAreas), unsaved: !!unsaved };
  });
  const [draft, setDraft] = useState<AssessmentDraft>(opened.draft);
  const saver = useDraftSaver(assessment, siteName, outbox);
  // Opened on a change no save took: it is saved now, as it would have been.
  useEffect(() => {
    if (opened.unsaved) saver.changed(opened.draft);
  }, [opened, saver.changed]);
  const sign = useSignAssessment(assessment.id);
  const reachable = useServerReachable();
  const [confirming, setConfirming] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const areasId = useId();
  const conclusionsId = useId();
  const recommendationsId = useId();

  // The site's areas may arrive after the draft opened: the ones it lacks join it, not yet walked.
  useEffect(() => {
    setDraft((current) => {
      const known = new Set(current.areas.map((area) => areaKey(area.area)));
      const missing = siteAreas.filter((area) => !known.has(areaKey(area)));
      if (missing.length === 0) return current;
      return {
        ...current,
        areas: [
          ...current.areas,
          ...missing.map((area) => ({ area, pressure: null, conditions: [], notes: '', photoIds: [] })),
        ],
      };
    });
  }, [siteAreas]);

  function update(next: AssessmentDraft) {
    setDraft(next);
    saver.changed(next);
  }

  function updateArea(index: number, area: AreaDraft) {
    update({ ...draft, areas: draft.areas.map((each, position) => (position === index ? area : each)) });
  }

  function takePhoto(index: number, clientPhotoId: string, photo: Blob, takenAt: string) {
    const area = draft.areas[index]!;
    updateArea(index, { ...area, photoIds: [...area.photoIds, clientPhotoId] });
    const record: AssessmentPhotoRequest = {
      kind: 'assessment-photo',
      assessmentId: assessment.id,
      assessmentKind: assessment.kind,
      siteName,
      qrHash: null,
      area: area.area,
      body: { clientPhotoId, takenAt },
      photo,
    };
    setPhotoProblem(null);
    outbox.send(record).catch((error: unknown) => setPhotoProblem(describeError(error) ?? TEXT.photoFailed));
  }

  const waitingPhotos = new Map(
    mine.flatMap((record) =>
      record.kind === 'assessment-photo' ? [[record.body.clientPhotoId, record.photo] as const] : [],
    ),
  );
  const sentPhotos = new Map(assessment.photos.map((photo) => [photo.clientPhotoId, photo]));
  const waitingSaves = mine.filter((record) => record.kind === 'assessment').length;
  const waitingCount = mine.length;
  const signBlocked = waitingCount > 0 ? TEXT.signWaiting : !reachable ? TEXT.signOffline : null;

  async function confirmSign() {
    await saver.flush();
    sign.mutate(undefined, { onSettled: () => setConfirming(false) });
  }

  return (
    <>
      <SaveStatus
        waitingSaves={waitingSaves}
        waitingPhotos={waitingPhotos.size}
        state={saver.saveState}
        reachable={reachable}
      />
      {assessment.figures ? (
        <QuarterFigures
          figures={assessment.figures}
          TrendTable={TrendTable}
          actionPath={actionPath}
          coverage={quarterCoverage(assessment, contractedCoverage)}
        />
      ) : null}
      <section className="assessment__part" aria-labelledby={areasId}>
        <h2 id={areasId} className="assessment__section-title">
          {TEXT.areasTitle}
        </h2>
        <p className="panel__text">{TEXT.areasIntro}</p>
        {draft.areas.length === 0 ? <p className="muted">{TEXT.areasEmpty}</p> : null}
        {draft.areas.map((area, index) => (
          <AreaCard
            key={areaKey(area.area)}
            area={area}
            index={index + 1}
            total={draft.areas.length}
            readOnly={false}
            onChange={(next) => updateArea(index, next)}
            onRemove={() => update({ ...draft, areas: draft.areas.filter((_, position) => position !== index) })}
            onPhoto={(clientPhotoId, photo, takenAt) => takePhoto(index, clientPhotoId, photo, takenAt)}
            waitingPhotos={waitingPhotos}
            sentPhotos={sentPhotos}
            photoPaths={assessmentPhotoPaths(assessment.id)}
          />
        ))}
        {photoProblem ? <Notice notice={{ tone: 'error', text: photoProblem }} /> : null}
        <AddArea
          areas={draft.areas}
          onAdd={(area) =>
            update({
              ...draft,
              areas: [...draft.areas, { area, pressure: null, conditions: [], notes: '', photoIds: [] }],
            })
          }
        />
      </section>
      <section className="assessment__part" aria-labelledby={conclusionsId}>
        <h2 id={conclusionsId} className="assessment__section-title">
          <label htmlFor={`${conclusionsId}-text`}>{TEXT.conclusionsTitle}</label>
        </h2>
        <p className="panel__text" id={`${conclusionsId}-hint`}>
          {TEXT.conclusionsHint}
        </p>
        <textarea
          id={`${conclusionsId}-text`}
          className="assessment__conclusions"
          rows={6}
          maxLength={20_000}
          aria-describedby={`${conclusionsId}-hint`}
          value={draft.conclusions}
          onChange={(event) => update({ ...draft, conclusions: event.target.value })}
        />
      </section>
      <section className="assessment__part" aria-labelledby={recommendationsId}>
        <h2 id={recommendationsId} className="assessment__section-title">
          {TEXT.recommendationsTitle}
        </h2>
        <p className="panel__text">{TEXT.recommendationsHint}</p>
        <RecommendationsEditor
          rows={draft.recommendations}
          onChange={(recommendations) => update({ ...draft, recommendations })}
        />
      </section>
      <div className="assessment__sign">
        {sign.isError ? (
          <Notice
            notice={{ tone: 'error', text: describeError(sign.error) ?? TEXT.signFailed }}
            onDismiss={sign.reset}
          />
        ) : null}
        {signBlocked ? <p className="muted">{signBlocked}</p> : null}
        <button
          type="button"
          className="button button--primary button--large"
          disabled={signBlocked !== null || sign.isPending}
          onClick={() => {
            sign.reset();
            setConfirming(true);
          }}
        >
          {sign.isPending ? TEXT.signing : TEXT.sign}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={TEXT.signTitle}
          message={TEXT.signMessage}
          confirmLabel={TEXT.sign}
          tone="primary"
          busy={sign.isPending}
          onConfirm={() => void confirmSign()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

/** Where the draft stands: on the server, on its way, or kept on this device until the signal returns. */
function SaveStatus({
  waitingSaves,
  waitingPhotos,
  state,
  reachable,
}: {
  waitingSaves: number;
  waitingPhotos: number;
  state: ReturnType<typeof useDraftSaver>['saveState'];
  reachable: boolean;
}) {
  if (state.state === 'failed')
    return <Notice notice={{ tone: 'error', text: TEXT.saveFailed, detail: state.reason }} />;
  const waiting = waitingSaves + waitingPhotos > 0;
  return (
    <p className={`assessment__save${waiting ? ' assessment__save--waiting' : ''}`} role="status">
      {state.state === 'saving'
        ? TEXT.saving
        : waiting
          ? `${TEXT.waiting(waitingSaves, waitingPhotos)}${reachable ? '' : ` · ${TEXT.waitingHint}`}`
          : TEXT.saved}
    </p>
  );
}

/** «Añadir área»: an area the site's devices do not name (a diagnosis comes before any device is placed). */
function AddArea({ areas, onAdd }: { areas: readonly AreaDraft[]; onAdd: (area: string) => void }) {
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const area = name.trim();
    if (!area) return setProblem(TEXT.areaRequired);
    if (areas.some((each) => areaKey(each.area) === areaKey(area))) return setProblem(TEXT.areaRepeated);
    setProblem(null);
    setName('');
    onAdd(area);
  }
  return (
    <form className="assessment__add-area" onSubmit={submit}>
      <div className="field">
        <label htmlFor={inputId}>{TEXT.addAreaLabel}</label>
        <input
          id={inputId}
          value={name}
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem ? (
          <p id={`${inputId}-problem`} className="assessment__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--secondary">
        {TEXT.addArea}
      </button>
    </form>
  );
}
