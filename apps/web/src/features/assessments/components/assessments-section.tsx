import './assessments.css';
import type { AssessmentDue, AssessmentSummary } from '@rondin/contracts';
import {
  ASSESSMENT_DUE_STATE_NAMES,
  ASSESSMENT_KIND_NAMES,
  ASSESSMENT_STATUS_NAMES,
  type AssessmentKind,
  type AssessmentStatus,
} from '@rondin/contracts/assessment-names';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { type BadgeTone, StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { useServerReachable } from '../../../lib/connectivity';
import { formatDateTime } from '../../../lib/format';
import { useCreateAssessment } from '../api/change-assessment';
import { useSiteAssessments } from '../api/get-assessments';
import { ASSESSMENT_MESSAGES as TEXT, formatDay, quarterName } from '../messages';
import { NewQuarterlyDialog } from './new-quarterly-dialog';

export const STATUS_TONES: Record<AssessmentStatus, BadgeTone> = {
  BORRADOR: 'warning',
  FIRMADA: 'success',
  ACEPTADA: 'info',
};

interface AssessmentsSectionProps {
  siteId: number;
  /** Where an assessment opens: `${assessmentPath}/${id}`. */
  assessmentPath: string;
}

/**
 * A site's «Evaluaciones»: what it owes (from the server's due dates), its assessments, and the buttons that open
 * a diagnosis, an annual survey or a quarter's review. Opening one needs the server (a review opens holding the
 * quarter's figures); the walk itself goes on without signal.
 */
export function AssessmentsSection({ siteId, assessmentPath }: AssessmentsSectionProps) {
  const titleId = useId();
  const assessments = useSiteAssessments(siteId);
  const create = useCreateAssessment();
  const navigate = useNavigate();
  const reachable = useServerReachable();
  const [choosingQuarter, setChoosingQuarter] = useState(false);

  function open(kind: AssessmentKind, periodFrom?: string) {
    create.mutate(
      { siteId, kind, ...(periodFrom ? { periodFrom } : {}) },
      { onSuccess: (assessment) => void navigate(`${assessmentPath}/${assessment.id}`) },
    );
  }

  const data = assessments.data;
  return (
    <section className="assessments" id="evaluaciones" aria-labelledby={titleId}>
      <div className="assessments__header">
        <h2 className="plan-page__section-title" id={titleId}>
          {TEXT.sectionTitle}
        </h2>
        <div className="assessments__new">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={create.isPending || !reachable}
            onClick={() => open('DIAGNOSTICO')}
          >
            {TEXT.newKind('DIAGNOSTICO')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={create.isPending || !reachable}
            onClick={() => open('REVISION_ANUAL')}
          >
            {TEXT.newKind('REVISION_ANUAL')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={create.isPending || !reachable}
            onClick={() => setChoosingQuarter(true)}
          >
            {TEXT.newKind('REVISION_TRIMESTRAL')}
          </button>
        </div>
      </div>
      <p className="panel__text">{TEXT.sectionIntro}</p>
      {!reachable ? <Notice notice={{ tone: 'info', text: TEXT.createOffline }} /> : null}
      {create.isError && !choosingQuarter ? (
        <Notice notice={{ tone: 'error', text: describeError(create.error) ?? TEXT.createFailed }} />
      ) : null}
      <QueryState
        isPending={assessments.isPending}
        isError={assessments.isError}
        error={assessments.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void assessments.refetch()}
      >
        {data ? (
          <>
            <DueList
              due={data.due}
              busy={create.isPending || !reachable}
              assessmentPath={assessmentPath}
              onStart={(item) => open(item.kind, item.periodFrom ?? undefined)}
            />
            {data.items.length === 0 ? (
              <p className="state state--empty">{TEXT.empty}</p>
            ) : (
              <AssessmentsTable items={data.items} assessmentPath={assessmentPath} />
            )}
          </>
        ) : null}
      </QueryState>
      {choosingQuarter ? (
        <NewQuarterlyDialog
          busy={create.isPending}
          error={create.isError ? (describeError(create.error) ?? TEXT.createFailed) : null}
          onCancel={() => {
            create.reset();
            setChoosingQuarter(false);
          }}
          onChoose={(periodFrom) => open('REVISION_TRIMESTRAL', periodFrom)}
        />
      ) : null}
    </section>
  );
}

/** An assessment's name as the lists say it: its kind, and its quarter for a quarterly review. */
export function assessmentName(kind: AssessmentKind, periodFrom: string | null): string {
  return kind === 'REVISION_TRIMESTRAL' && periodFrom
    ? TEXT.dueItem(ASSESSMENT_KIND_NAMES[kind], quarterName(periodFrom))
    : ASSESSMENT_KIND_NAMES[kind];
}

function DueList({
  due,
  busy,
  assessmentPath,
  onStart,
}: {
  due: readonly AssessmentDue[];
  busy: boolean;
  assessmentPath: string;
  onStart: (item: AssessmentDue) => void;
}) {
  const titleId = useId();
  return (
    <section className="assessments__due" aria-labelledby={titleId}>
      <h3 id={titleId} className="assessments__subtitle">
        {TEXT.dueTitle}
      </h3>
      {due.length === 0 ? (
        <p className="muted">{TEXT.dueNone}</p>
      ) : (
        <ul className="assessments__due-list">
          {due.map((item) => {
            const name = assessmentName(item.kind, item.periodFrom);
            return (
              <li key={`${item.kind}-${item.periodFrom ?? ''}`} className="assessments__due-item">
                <StatusBadge tone={item.state === 'LATE' ? 'danger' : 'warning'}>
                  {ASSESSMENT_DUE_STATE_NAMES[item.state]}
                </StatusBadge>
                <span className="assessments__due-name">{name}</span>
                <span className="muted">{TEXT.dueDate(item.dueDate, item.state === 'LATE')}</span>
                {item.draftId !== null ? (
                  <Link
                    to={`${assessmentPath}/${item.draftId}`}
                    className="button button--secondary button--small"
                    aria-label={TEXT.continueNamed(name)}
                  >
                    {TEXT.continueDraft}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={busy}
                    aria-label={TEXT.startNamed(name)}
                    onClick={() => onStart(item)}
                  >
                    {TEXT.start}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function AssessmentsTable({ items, assessmentPath }: { items: readonly AssessmentSummary[]; assessmentPath: string }) {
  return (
    <DataTable caption={TEXT.listCaption} columns={[TEXT.kind, TEXT.date, TEXT.status, TEXT.performedBy]}>
      {items.map((item) => {
        const name = assessmentName(item.kind, item.periodFrom);
        return (
          <tr key={item.id}>
            <th scope="row" className="data-table__primary">
              {name}
              {item.supersededBy !== null ? (
                <span className="data-table__secondary">{TEXT.supersededBy(item.supersededBy)}</span>
              ) : item.revisionOf !== null ? (
                <span className="data-table__secondary">{TEXT.revisionOf(item.revisionOf)}</span>
              ) : null}
            </th>
            <td data-label={TEXT.date}>
              {formatDateTime(item.performedAt)}
              {item.periodFrom && item.periodTo && item.kind !== 'REVISION_TRIMESTRAL' ? (
                <span className="data-table__secondary">{TEXT.period(item.periodFrom, item.periodTo)}</span>
              ) : null}
            </td>
            <td data-label={TEXT.status}>
              <StatusBadge tone={STATUS_TONES[item.status]}>{ASSESSMENT_STATUS_NAMES[item.status]}</StatusBadge>
            </td>
            <td data-label={TEXT.performedBy}>{item.performedBy?.fullName ?? '—'}</td>
            <td className="data-table__actions">
              <Link
                to={`${assessmentPath}/${item.id}`}
                className="button button--secondary button--small"
                aria-label={TEXT.openNamed(`${name} del ${formatDay(item.performedAt.slice(0, 10))}`)}
              >
                {TEXT.open}
              </Link>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
