import './programmes.css';
import type { Site } from '@rondin/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { dayKeyIn } from '../../../lib/format';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { useProgrammeCoverages } from '../api/get-programme-coverage';
import { formatPercent, PROGRAMME_MESSAGES as TEXT } from '../messages';
import { coverageTotals, lastTwelveMonths } from '../utils/coverage';

interface ProgrammeCoverageSummaryProps {
  /** Every site (undefined while loading); the active ones are read. */
  sites: Site[] | undefined;
  sitesFailed: boolean;
  /** Where a site's page is. */
  sitePath: (siteId: number) => string;
}

/**
 * The dashboard's «Cobertura contratada»: for each active site with an approved programme in force in the last 12
 * months of its days, the inspections done over those owed by the contracted frequency, leading to the site's page.
 */
export function ProgrammeCoverageSummary({ sites, sitesFailed, sitePath }: ProgrammeCoverageSummaryProps) {
  const titleId = useId();
  const serverTimeZone = useServerTimeZone();
  const now = new Date().toISOString();
  const active = (sites ?? []).filter((site) => site.isActive);
  const coverages = useProgrammeCoverages(
    active.map((site) => {
      const zone = site.timeZone ?? serverTimeZone;
      return { siteId: site.id, period: zone === null ? null : lastTwelveMonths(dayKeyIn(now, zone)) };
    }),
  );
  const lines = active.flatMap((site, index) => {
    const coverage = coverages[index]?.data;
    return coverage && coverage.versions.length > 0 ? [{ site, totals: coverageTotals(coverage) }] : [];
  });
  const failed = coverages.filter((query) => query.isError);
  return (
    <section className="panel programme-coverage-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {TEXT.summaryTitle}
      </h2>
      <p className="panel__text">{TEXT.summaryIntro}</p>
      <QueryState
        isPending={!sitesFailed && (sites === undefined || coverages.some((query) => query.isPending))}
        isError={sitesFailed || (failed.length > 0 && lines.length === 0)}
        error={failed[0]?.error}
        isEmpty={lines.length === 0}
        emptyText={TEXT.summaryNone}
        loadingText={TEXT.summaryLoading}
        errorText={TEXT.summaryFailed}
        onRetry={() => {
          for (const query of failed) void query.refetch();
        }}
      >
        {failed.length > 0 ? (
          <p className="state state--error" role="alert">
            {TEXT.summaryFailed}
          </p>
        ) : null}
        <ul className="programme-coverage-summary__list">
          {lines.map(({ site, totals }) => (
            <li key={site.id}>
              <Link to={sitePath(site.id)}>{site.name}</Link>
              <span className="programme-coverage-summary__line">
                {totals.owed > 0 ? TEXT.summaryLine(formatPercent(totals.percent)) : TEXT.summaryNothingOwed}
              </span>
              {totals.owed > 0 ? (
                <span className="programme-coverage-summary__detail">
                  {TEXT.summaryDetail(totals.done, totals.owed)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
