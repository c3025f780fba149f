import type { ProgrammeCoverage, ProgrammeCoverageRow } from '@rondin/contracts';
import { TRAP_TYPE_SHORT_NAMES } from '@rondin/contracts/devices';
import { SERVICE_FREQUENCY_NAMES } from '@rondin/contracts/service-plan-options';
import { useId } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { dayKeyIn } from '../../../lib/format';
import { useProgrammeCoverage } from '../api/get-programme-coverage';
import { formatPercent, longDate, PROGRAMME_MESSAGES as TEXT, shortDate } from '../messages';
import { coverageTotals, lastTwelveMonths, share } from '../utils/coverage';

interface ProgrammeCoverageProps {
  siteId: number;
  /** The site's zone (null while unknown: nothing is asked until the site's day is known). */
  timeZone: string | null;
}

/**
 * «Cobertura frente a la frecuencia contratada» in the site's programme section: the last 12 months of the site's
 * days, per contracted row (device type · area · frequency), the visits owed and made, the windows covered, the
 * inspections done against those owed, and the devices that missed a window.
 */
export function ProgrammeCoverageBlock({ siteId, timeZone }: ProgrammeCoverageProps) {
  const titleId = useId();
  const period = timeZone === null ? null : lastTwelveMonths(dayKeyIn(new Date().toISOString(), timeZone));
  const coverage = useProgrammeCoverage(siteId, period);
  const data = coverage.data;
  return (
    <section className="programme-coverage" aria-labelledby={titleId}>
      <h3 className="programme__versions-title" id={titleId}>
        {TEXT.coverageTitle}
      </h3>
      {period ? <p className="muted">{TEXT.coverageIntro(longDate(period.from), longDate(period.to))}</p> : null}
      <QueryState
        isPending={coverage.isPending}
        isError={coverage.isError}
        error={coverage.error}
        isEmpty={data !== undefined && (data.versions.length === 0 || data.rows.length === 0)}
        emptyText={data?.versions.length === 0 ? TEXT.coverageNoProgramme : TEXT.coverageNoRows}
        loadingText={TEXT.coverageLoading}
        errorText={TEXT.coverageFailed}
        onRetry={() => void coverage.refetch()}
      >
        {data ? <CoverageRows coverage={data} /> : null}
      </QueryState>
    </section>
  );
}

function CoverageRows({ coverage }: { coverage: ProgrammeCoverage }) {
  const totals = coverageTotals(coverage);
  return (
    <>
      <p className="programme-coverage__total">
        {TEXT.coverageVersions(coverage.versions.map((version) => version.version))}{' '}
        {totals.owed > 0 ? TEXT.coverageTotal(totals.done, totals.owed, formatPercent(totals.percent)) : null}
      </p>
      <ul className="programme-coverage__rows">
        {coverage.rows.map((row) => (
          <CoverageRow key={`${row.type}-${row.zone ?? ''}-${row.frequency}`} row={row} />
        ))}
      </ul>
    </>
  );
}

function CoverageRow({ row }: { row: ProgrammeCoverageRow }) {
  const titleId = useId();
  const percent = share(row.inspectionsDone, row.inspectionsOwed);
  return (
    <li className="programme-coverage__row" aria-labelledby={titleId}>
      <h4 className="programme-coverage__row-title" id={titleId}>
        {TEXT.coverageRowTitle(
          TRAP_TYPE_SHORT_NAMES[row.type],
          row.zone ?? TEXT.allAreas,
          SERVICE_FREQUENCY_NAMES[row.frequency],
        )}
      </h4>
      <dl className="programme-coverage__figures">
        <div>
          <dt>{TEXT.visitsOwed}</dt>
          <dd>{row.visitsOwed}</dd>
        </div>
        <div>
          <dt>{TEXT.visitsMade}</dt>
          <dd>{row.visitsMade}</dd>
        </div>
        <div>
          <dt>{TEXT.periodsCovered}</dt>
          <dd>{TEXT.outOf(row.periodsCovered, row.visitsOwed)}</dd>
        </div>
        <div>
          <dt>{TEXT.inspections}</dt>
          <dd>
            {row.inspectionsOwed > 0
              ? `${TEXT.outOf(row.inspectionsDone, row.inspectionsOwed)} · ${formatPercent(percent)}`
              : TEXT.nothingOwed}
          </dd>
        </div>
      </dl>
      {row.missed.length === 0 ? (
        row.inspectionsOwed > 0 ? (
          <p className="muted programme-coverage__missed-none">{TEXT.missedNone}</p>
        ) : null
      ) : (
        <details className="programme-coverage__missed">
          <summary className="programme-coverage__missed-summary">{TEXT.missedSummary(row.missed.length)}</summary>
          <ul>
            {row.missed.map((device) => (
              <li key={device.trapId}>
                <strong>{TEXT.missedDevice(device.code, row.zone === null ? device.area : null)}</strong>{' '}
                {TEXT.missedWindows(device.periods.length)} {device.periods.map(shortDate).join(', ')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
