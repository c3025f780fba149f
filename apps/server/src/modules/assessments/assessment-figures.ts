import type { ProgrammeCoverage, QuarterFigures, TrendsQuery, TrendsReport } from '@rondin/contracts';
import { localDate, zonedInstant } from '../../lib/time-zone.js';
import { addDays } from './assessment-due.js';
import type { AssessmentsRepository } from './assessments.repository.js';

/** The trends as GET /api/reports/trends answers them (modules/reports), and the breaches and actions. */
export interface FiguresSource {
  trends: (query: TrendsQuery) => Promise<TrendsReport>;
  repository: Pick<AssessmentsRepository, 'breachCounts' | 'quarterActions'>;
  /** The control programme's contractedCoverage (modules/programmes) over days [from, to] of the site. */
  coverage: (siteId: number, from: string, to: string) => Promise<ProgrammeCoverage>;
}

/**
 * A quarter's figures, counted now: the trends by month by zone and by pest group over [first day, day after
 * the last) in the site's zone, each with the same months a year before and the limits in force at the quarter's
 * end (the reports' own trends, so the review reads what the trends screen shows); the threshold crossings by
 * zone, level and metric; the actions a threshold opened or that a crossing joined in the quarter.
 */
export async function quarterFigures(
  source: FiguresSource,
  site: { id: number; timeZone: string },
  periodFrom: string,
  periodTo: string,
): Promise<QuarterFigures> {
  const from = zonedInstant(periodFrom, '00:00', site.timeZone);
  const to = zonedInstant(addDays(periodTo, 1), '00:00', site.timeZone);
  const trend = (by: 'zone' | 'pestGroup') =>
    source.trends({
      siteId: site.id,
      from: from.toISOString(),
      to: to.toISOString(),
      interval: 'month',
      by,
      compare: 'prevYear',
    });
  const today = localDate(new Date(), site.timeZone);
  const [byZone, byPestGroup, breaches, actions, coverage] = await Promise.all([
    trend('zone'),
    trend('pestGroup'),
    source.repository.breachCounts(site.id, from, to),
    source.repository.quarterActions(site.id, from, to),
    source.coverage(site.id, periodFrom, periodTo < today ? periodTo : today),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    timeZone: site.timeZone,
    byZone,
    byPestGroup,
    breaches,
    actions,
    coverage,
    computedAt: new Date().toISOString(),
  };
}
