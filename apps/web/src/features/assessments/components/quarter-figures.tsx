import type { QuarterFigures as Figures, TrendsReport } from '@rondin/contracts';
import { ACTION_STATUS_NAMES, THRESHOLD_LEVEL_NAMES, THRESHOLD_METRIC_NAMES } from '@rondin/contracts/action-names';
import { type ComponentType, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { dayKeyIn } from '../../../lib/format';
import { ASSESSMENT_MESSAGES as TEXT, formatDay } from '../messages';
import { FigureTable } from './figure-table';

/** A trends report as a table, with its limits and the year before (the trends feature's, given by the route). */
export type TrendReportTable = ComponentType<{ report: TrendsReport; caption: string }>;

interface QuarterFiguresProps {
  figures: Figures;
  TrendTable: TrendReportTable;
  /** Where a corrective action opens, when the viewer may open it. */
  actionPath: ((id: number) => string) | null;
  /** The quarter's coverage against the contracted frequency, when the viewer may read it. */
  coverage: ReactNode;
}

/**
 * What the quarterly review was opened holding, as tables: trends by zone and by pest group against the limits and
 * the same months a year before, the limits crossed, and the corrective actions with where they stand; then the
 * coverage against the contracted frequency.
 */
export function QuarterFigures({ figures, TrendTable, actionPath, coverage }: QuarterFiguresProps) {
  const titleId = useId();
  const breachesId = useId();
  const actionsId = useId();
  // [from, to): the last day shown is the one before `to`, in the site's zone.
  const lastDay = new Date(new Date(figures.to).getTime() - 1).toISOString();
  return (
    <section className="assessment-figures" aria-labelledby={titleId}>
      <h2 id={titleId} className="assessment__section-title">
        {TEXT.figuresTitle}
      </h2>
      <p className="panel__text">
        {TEXT.figuresIntro(
          formatDay(dayKeyIn(figures.from, figures.timeZone)),
          formatDay(dayKeyIn(lastDay, figures.timeZone)),
        )}
      </p>
      <TrendTable report={figures.byZone} caption={TEXT.byZone} />
      <TrendTable report={figures.byPestGroup} caption={TEXT.byPestGroup} />
      <h3 id={breachesId} className="assessment__subtitle">
        {TEXT.breachesTitle}
      </h3>
      {figures.breaches.length === 0 ? (
        <p className="muted">{TEXT.breachesNone}</p>
      ) : (
        <FigureTable
          labelledBy={breachesId}
          columns={[TEXT.breachZone, TEXT.breachLevel, TEXT.breachMetric, TEXT.breachCount]}
        >
          {figures.breaches.map((breach) => (
            <tr key={`${breach.zone}-${breach.level}-${breach.metric}`}>
              <th scope="row">{breach.zone || TEXT.noZone}</th>
              <td>{THRESHOLD_LEVEL_NAMES[breach.level]}</td>
              <td>{THRESHOLD_METRIC_NAMES[breach.metric]}</td>
              <td>{breach.count}</td>
            </tr>
          ))}
        </FigureTable>
      )}
      <h3 id={actionsId} className="assessment__subtitle">
        {TEXT.actionsTitle}
      </h3>
      {figures.actions.length === 0 ? (
        <p className="muted">{TEXT.actionsNone}</p>
      ) : (
        <FigureTable
          labelledBy={actionsId}
          columns={[TEXT.actionWhat, TEXT.actionWhere, TEXT.actionOccurrences, TEXT.actionState, TEXT.actionDue]}
        >
          {figures.actions.map((action) => (
            <tr key={action.id}>
              <th scope="row">
                {actionPath ? <Link to={actionPath(action.id)}>{action.description}</Link> : action.description}
              </th>
              <td>{[action.trapCode, action.area].filter(Boolean).join(' · ') || '—'}</td>
              <td>{action.occurrences}</td>
              <td>{ACTION_STATUS_NAMES[action.status]}</td>
              <td>{formatDay(action.dueDate)}</td>
            </tr>
          ))}
        </FigureTable>
      )}
      {coverage}
    </section>
  );
}
