import './assessments.css';
import type { Assessment } from '@rondin/contracts';
import { ASSESSMENT_STATUS_NAMES } from '@rondin/contracts/assessment-names';
import { QUALIFICATION_LABELS } from '@rondin/contracts/technician-rules';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { Notice } from '../../../components/ui/notice';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCreateAssessment, useDownloadAssessmentReport } from '../api/change-assessment';
import { useAssessment } from '../api/get-assessments';
import { ASSESSMENT_MESSAGES as TEXT, formatDay } from '../messages';
import { openDraft } from '../utils/draft';
import { AreaCard } from './area-card';
import { assessmentName, STATUS_TONES } from './assessments-section';
import { AssessmentWalk } from './assessment-walk';
import { type AssessmentScreenProps, assessmentPhotoPaths } from './assessment-screen-props';
import { quarterCoverage } from './quarter-coverage';
import { QuarterFigures } from './quarter-figures';

/** One assessment: a draft opens as the walk; a signed one reads as it was signed, with its PDF. */
export function AssessmentScreen(props: AssessmentScreenProps) {
  const assessment = useAssessment(props.id);
  // A draft opens from what waits of it on the device: the queue is read first.
  if (assessment.isPending || !props.outbox.ready) return <Loading text={TEXT.walkLoading} />;
  // A copy kept on the device (or read earlier) stays on screen when a later read fails: the walk goes on offline.
  if (!assessment.data) {
    return (
      <div className="state state--error" role="alert">
        <p>{TEXT.walkLoadFailed}</p>
        {describeError(assessment.error) ? <p className="state__detail">{describeError(assessment.error)}</p> : null}
        <button type="button" className="button button--secondary" onClick={() => void assessment.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  const data = assessment.data;
  return (
    <article className="assessment">
      <AssessmentHeader assessment={data} sitePath={props.sitePath} />
      {data.status === 'BORRADOR' ? (
        <AssessmentWalk key={data.id} assessment={data} {...props} />
      ) : (
        <SignedAssessment assessment={data} {...props} />
      )}
    </article>
  );
}

function AssessmentHeader({ assessment, sitePath }: { assessment: Assessment; sitePath: (siteId: number) => string }) {
  return (
    <header className="assessment__header">
      <Link to={`${sitePath(assessment.site.id)}#evaluaciones`} className="assessment__back">
        {TEXT.backToSite}
      </Link>
      <h1 className="assessment__title">
        {TEXT.walkTitle(assessmentName(assessment.kind, assessment.periodFrom), assessment.site.name)}
      </h1>
      <p className="assessment__meta">
        <StatusBadge tone={STATUS_TONES[assessment.status]}>{ASSESSMENT_STATUS_NAMES[assessment.status]}</StatusBadge>{' '}
        {TEXT.performed(assessment.performedBy?.fullName ?? null, formatDateTime(assessment.performedAt))}
        {assessment.periodFrom && assessment.periodTo
          ? ` · ${TEXT.period(assessment.periodFrom, assessment.periodTo)}`
          : ''}
      </p>
      {assessment.revisionOf !== null ? <p className="muted">{TEXT.revisionOf(assessment.revisionOf)}</p> : null}
    </header>
  );
}

/** A signed (or accepted) assessment: fixed, its report downloadable, a correction opened as a new revision. */
function SignedAssessment({
  assessment,
  assessmentPath,
  TrendTable,
  actionPath,
  contractedCoverage,
}: { assessment: Assessment } & AssessmentScreenProps) {
  const download = useDownloadAssessmentReport(assessment.id);
  const correct = useCreateAssessment();
  const navigate = useNavigate();
  const conclusionsId = useId();
  const recommendationsId = useId();
  const areasId = useId();
  const [draft] = useState(() => openDraft(assessment, null, []));
  const sentPhotos = new Map(assessment.photos.map((photo) => [photo.clientPhotoId, photo]));
  const photoPaths = assessmentPhotoPaths(assessment.id);
  const signer = assessment.signedBy;
  return (
    <>
      <div className="assessment__signed">
        {signer && assessment.signedAt ? (
          <p className="assessment__signer">
            {TEXT.signedBy(
              signer.fullName,
              QUALIFICATION_LABELS[signer.qualification],
              formatDateTime(assessment.signedAt),
            )}
          </p>
        ) : null}
        {assessment.acceptedAt ? (
          <p className="assessment__accepted">
            {TEXT.accepted(formatDateTime(assessment.acceptedAt), assessment.acceptedBy?.fullName ?? null)}
            {assessment.acceptanceNote ? (
              <>
                <br />
                {TEXT.acceptanceNote(assessment.acceptanceNote)}
              </>
            ) : null}
          </p>
        ) : null}
        {assessment.supersededBy !== null ? (
          <p>
            <Link to={`${assessmentPath}/${assessment.supersededBy}`}>
              {TEXT.supersededBy(assessment.supersededBy)}
            </Link>
          </p>
        ) : null}
        <p className="muted">{TEXT.readOnly}</p>
        <div className="assessment__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {download.isPending ? TEXT.downloading : TEXT.download}
          </button>
          {assessment.supersededBy === null ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={correct.isPending}
              onClick={() =>
                correct.mutate(
                  {
                    siteId: assessment.site.id,
                    kind: assessment.kind,
                    revisionOf: assessment.id,
                    // A review corrects the same quarter, an annual survey the same period.
                    periodFrom: assessment.periodFrom,
                    periodTo: assessment.periodTo,
                  },
                  { onSuccess: (revision) => void navigate(`${assessmentPath}/${revision.id}`) },
                )
              }
            >
              {correct.isPending ? TEXT.correcting : TEXT.correct}
            </button>
          ) : null}
        </div>
        {download.isError ? (
          <Notice notice={{ tone: 'error', text: TEXT.downloadFailed, detail: describeError(download.error) }} />
        ) : null}
        {correct.isError ? (
          <Notice notice={{ tone: 'error', text: describeError(correct.error) ?? TEXT.correctFailed }} />
        ) : null}
      </div>
      {assessment.figures ? (
        <QuarterFigures
          figures={assessment.figures}
          TrendTable={TrendTable}
          actionPath={actionPath}
          coverage={quarterCoverage(assessment, contractedCoverage)}
        />
      ) : null}
      <section aria-labelledby={areasId}>
        <h2 id={areasId} className="assessment__section-title">
          {TEXT.areasTitle}
        </h2>
        {draft.areas.length === 0 ? <p className="muted">{TEXT.noAreas}</p> : null}
        {draft.areas.map((area, index) => (
          <AreaCard
            key={area.area}
            area={area}
            index={index + 1}
            total={draft.areas.length}
            readOnly
            onChange={() => undefined}
            onRemove={() => undefined}
            onPhoto={() => undefined}
            waitingPhotos={new Map()}
            sentPhotos={sentPhotos}
            photoPaths={photoPaths}
          />
        ))}
      </section>
      <section aria-labelledby={conclusionsId}>
        <h2 id={conclusionsId} className="assessment__section-title">
          {TEXT.conclusionsTitle}
        </h2>
        <p className="assessment__text">{assessment.conclusions ?? TEXT.noConclusions}</p>
      </section>
      <section aria-labelledby={recommendationsId}>
        <h2 id={recommendationsId} className="assessment__section-title">
          {TEXT.recommendationsTitle}
        </h2>
        {assessment.recommendations.length === 0 ? (
          <p className="muted">{TEXT.recommendationsNone}</p>
        ) : (
          <ol className="assessment__recommendations">
            {assessment.recommendations.map((row) => (
              <li key={`${row.text}-${row.dueDate}`}>
                {TEXT.recommendationLine(row.text, formatDay(row.dueDate))}
                {row.actionId !== null && actionPath ? (
                  <>
                    {' · '}
                    <Link to={actionPath(row.actionId)}>{TEXT.actionLink(row.actionId)}</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
