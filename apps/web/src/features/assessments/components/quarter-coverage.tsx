import type { Assessment } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { type ReactNode, useId } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useContractedCoverage } from '../api/get-assessments';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';

/**
 * The quarter's visits and inspections against the frequency the site's control programme contracts, per device
 * type and area: what the review reads its coverage against. Read as it is now (the programme's figures are not
 * kept with the review).
 */
export function QuarterCoverage({ siteId, from, to }: { siteId: number; from: string; to: string }) {
  const titleId = useId();
  const coverage = useContractedCoverage(siteId, from, to);
  const rows = coverage.data?.rows ?? [];
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="assessment__subtitle">
        {TEXT.coverageTitle}
      </h3>
      <QueryState
        isPending={coverage.isPending}
        isError={coverage.isError}
        error={coverage.error}
        isEmpty={rows.length === 0}
        emptyText={TEXT.coverageNone}
        loadingText={TEXT.coverageLoading}
        errorText={TEXT.coverageFailed}
        onRetry={() => void coverage.refetch()}
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
        <div className="assessment-figures__wrap" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="assessment-figures__table">
            <thead>
              <tr>
                <th scope="col">{TEXT.coverageType}</th>
                <th scope="col">{TEXT.coverageArea}</th>
                <th scope="col">{TEXT.coverageFrequency}</th>
                <th scope="col">{TEXT.coverageVisits}</th>
                <th scope="col">{TEXT.coveragePeriods}</th>
                <th scope="col">{TEXT.coverageInspections}</th>
                <th scope="col">{TEXT.coverageMissed}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.type}-${row.zone ?? ''}-${row.frequency}`}>
                  <th scope="row">{TRAP_TYPE_NAMES[row.type]}</th>
                  <td>{row.zone ?? TEXT.coverageAllAreas}</td>
                  <td>{TEXT.frequency(row.frequency)}</td>
                  <td>{TEXT.outOf(row.visitsMade, row.visitsOwed)}</td>
                  <td>{TEXT.outOf(row.periodsCovered, row.visitsOwed)}</td>
                  <td>{TEXT.outOf(row.inspectionsDone, row.inspectionsOwed)}</td>
                  <td>{row.missed.length ? row.missed.map((device) => device.code).join(', ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </section>
  );
}

/** A review's coverage table, when the viewer may read the programme's coverage. */
export function quarterCoverage(assessment: Assessment, visible: boolean): ReactNode {
  if (!visible || !assessment.periodFrom || !assessment.periodTo) return null;
  return <QuarterCoverage siteId={assessment.site.id} from={assessment.periodFrom} to={assessment.periodTo} />;
}
