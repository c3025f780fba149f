import './trends.css';
import type { TrendsReport } from '@rondin/contracts';
import { METRIC_LABELS, type TrendMetric, trendTable } from '../utils/series';
import { TrendDataTable } from './trends-panel';

/** The figures a review reads: the share of devices with activity, and catches against their limits. */
const REVIEW_METRICS: TrendMetric[] = ['activity', 'captures'];

/**
 * A trends report already read (a quarterly review holds its quarter's), as tables of its metrics: every period and
 * series, the same periods a year before beside each series, and the limits in force.
 */
export function TrendReportTables({ report, caption }: { report: TrendsReport; caption: string }) {
  if (report.points.length === 0 && (report.previousYear ?? []).length === 0 && (report.remote ?? []).length === 0) {
    return <p className="trends__empty">{`${caption}: sin inspecciones con hallazgo en el periodo.`}</p>;
  }
  return (
    <>
      {REVIEW_METRICS.map((metric) => (
        <TrendDataTable
          key={metric}
          table={trendTable(report, metric)}
          metric={metric}
          interval={report.interval}
          caption={`${caption} · ${METRIC_LABELS[metric]}`}
        />
      ))}
    </>
  );
}
