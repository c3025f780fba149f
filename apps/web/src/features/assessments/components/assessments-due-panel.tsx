import './assessments.css';
import { ASSESSMENT_DUE_STATE_NAMES } from '@rondin/contracts/assessment-names';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAssessmentsDue } from '../api/get-assessments';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import { assessmentName } from './assessments-section';

/**
 * The dashboard's «Evaluaciones pendientes»: every site's diagnosis, annual survey or quarter's review that is due
 * or late (the server's due dates), late first; each leads to its site's «Evaluaciones».
 */
export function AssessmentsDuePanel({ sitePath }: { sitePath: (siteId: number) => string }) {
  const titleId = useId();
  const due = useAssessmentsDue();
  const items = due.data?.items ?? [];
  return (
    <section className="panel assessments-due" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {TEXT.dashboardTitle}
      </h2>
      <p className="panel__text">{TEXT.dashboardIntro}</p>
      <QueryState
        isPending={due.isPending}
        isError={due.isError}
        error={due.error}
        isEmpty={items.length === 0}
        emptyText={TEXT.dashboardNone}
        loadingText={TEXT.dueLoading}
        errorText={TEXT.dueLoadFailed}
        onRetry={() => void due.refetch()}
      >
        <ul className="assessments__due-list" aria-label={TEXT.dashboardCaption}>
          {items.map((item) => (
            <li key={`${item.site.id}-${item.kind}-${item.periodFrom ?? ''}`} className="assessments__due-item">
              <StatusBadge tone={item.state === 'LATE' ? 'danger' : 'warning'}>
                {ASSESSMENT_DUE_STATE_NAMES[item.state]}
              </StatusBadge>
              <Link to={`${sitePath(item.site.id)}#evaluaciones`} className="assessments__due-name">
                {item.site.name}
              </Link>
              <span>{assessmentName(item.kind, item.periodFrom)}</span>
              <span className="muted">{TEXT.dueDate(item.dueDate, item.state === 'LATE')}</span>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
