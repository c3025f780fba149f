import type { Assessment, ProgrammeCoverage } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { type ReactNode, useId } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useContractedCoverage } from '../api/get-assessments';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import { FigureTable } from './figure-table';

/**
 * A review's coverage against the frequency the site's control programme contracts: the one counted with its
 * figures; for a draft opened before figures held it, read live (the office's route), when the viewer may.
 */
export function quarterCoverage(assessment: Assessment, readLive: boolean): ReactNode {
  const counted = assessment.figures?.coverage;
  if (counted) return <CoverageSection coverage={counted} />;
  if (!readLive || !assessment.periodFrom || !assessment.periodTo) return null;
  return <LiveCoverage siteId={assessment.site.id} from={assessment.periodFrom} to={assessment.periodTo} />;
}

function LiveCoverage({ siteId, from, to }: { siteId: number; from: string; to: string }) {
  const coverage = useContractedCoverage(siteId, from, to);
  return (
    <CoverageFrame>
      {(titleId) => (
        <QueryState
          isPending={coverage.isPending}
          isError={coverage.isError}
          error={coverage.error}
          loadingText={TEXT.coverageLoading}
          errorText={TEXT.coverageFailed}
          onRetry={() => void coverage.refetch()}
        >
          {coverage.data ? <CoverageTable coverage={coverage.data} titleId={titleId} /> : null}
        </QueryState>
      )}
    </CoverageFrame>
  );
}

function CoverageSection({ coverage }: { coverage: ProgrammeCoverage }) {
  return <CoverageFrame>{(titleId) => <CoverageTable coverage={coverage} titleId={titleId} />}</CoverageFrame>;
}

function CoverageFrame({ children }: { children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="assessment__subtitle">
        {TEXT.coverageTitle}
      </h3>
      {children(titleId)}
    </section>
  );
}

/** Per device type and area: visits and inspections made against those owed, and the devices that missed one. */
function CoverageTable({ coverage, titleId }: { coverage: ProgrammeCoverage; titleId: string }) {
  if (coverage.rows.length === 0) return <p className="muted">{TEXT.coverageNone}</p>;
  return (
    <FigureTable
      labelledBy={titleId}
      columns={[
        TEXT.coverageType,
        TEXT.coverageArea,
        TEXT.coverageFrequency,
        TEXT.coverageVisits,
        TEXT.coveragePeriods,
        TEXT.coverageInspections,
        TEXT.coverageMissed,
      ]}
    >
      {coverage.rows.map((row) => (
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
    </FigureTable>
  );
}
