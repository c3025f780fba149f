import './plans.css';
import type { PlanDetail, PlanHeatDevice } from '@rondin/contracts';
import { ACTIVITY_NAMES } from '@rondin/contracts/finding-rules';
import { HEAT_CLASSES, HEAT_STYLES } from '@rondin/contracts/heat';
import { ReportMessages } from '@rondin/contracts/messages';
import { type CSSProperties, type ReactNode, useId, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { RecordState } from '../../../components/ui/record-state';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useDownloadMapPdf } from '../api/get-map-pdf';
import { usePlan } from '../api/get-plan';
import { usePlanHeat } from '../api/get-plan-heat';
import { readPlanImageFrom, usePlanImage } from '../api/get-plan-image';
import { OFFICE_PLANS, type PlanSource } from '../api/plan-source';
import { useSite } from '../api/get-site';
import { EDITOR_MESSAGES, HEAT_MESSAGES as TEXT } from '../messages';
import {
  DEFAULT_HEAT_PERIOD,
  describeHeatPeriod,
  HEAT_PERIOD_CHOICES,
  type HeatPeriodChoice,
  heatPeriodFor,
  isHeatPeriodChoice,
  parseHeatDay,
} from '../utils/heat-period';
import type { PlanMarker } from '../utils/plan-marker';
import { MarkerIcon } from './marker-shape';
import { PlanCanvas, type PlanCanvasHandle } from './plan-canvas';
import { PlanImageNotes, PlanZoom } from './plan-controls';
import { PlanHeader } from './plan-views';

/**
 * A plan's heat map (/admin/sites/{id}/plans/{planId}?view=heat): each device's marker filled with the colour of
 * its activity over a period (the scale of the printed map), the scale, and a table of every device with its
 * class and figures, for a screen reader, the keyboard, or a closer look. The period lives in the address.
 */
export function PlanHeatView({ siteId, planId }: { siteId: number; planId: number }) {
  const plan = usePlan(planId);
  return (
    <div className="plan-heat">
      {plan.data ? null : (
        <Link to={`/admin/sites/${siteId}`} className="button button--ghost plan-page__back">
          {EDITOR_MESSAGES.backToSite}
        </Link>
      )}
      <RecordState query={plan} texts={EDITOR_MESSAGES}>
        {plan.data ? <OfficeHeatMap siteId={siteId} plan={plan.data} /> : null}
      </RecordState>
    </div>
  );
}

function OfficeHeatMap({ siteId, plan }: { siteId: number; plan: PlanDetail }) {
  const site = useSite(siteId);
  return (
    <HeatMap
      plan={plan}
      source={OFFICE_PLANS}
      editorPath={`/admin/sites/${siteId}/plans/${plan.id}`}
      header={(download) => (
        <PlanHeader siteId={siteId} siteName={site.data?.name} plan={plan} current="heat">
          {download}
        </PlanHeader>
      )}
    />
  );
}

/**
 * The same heat map read from elsewhere (the plant's portal, through `source`), under `header`, which is given
 * the map's download button. Its period lives in the address too.
 */
export function PlanHeatPanel({
  planId,
  source,
  header,
}: {
  planId: number;
  source: PlanSource;
  header: (plan: PlanDetail, download: ReactNode) => ReactNode;
}) {
  const plan = usePlan(planId, source);
  return (
    <div className="plan-heat">
      <RecordState query={plan} texts={EDITOR_MESSAGES}>
        {plan.data ? (
          <HeatMap plan={plan.data} source={source} header={(download) => header(plan.data, download)} />
        ) : null}
      </RecordState>
    </div>
  );
}

/** The period in the address: `?view=heat&period=last-quarter`, or `&period=custom&from=…&to=…`. */
function useHeatPeriod() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('period');
  const choice = isHeatPeriodChoice(requested) ? requested : DEFAULT_HEAT_PERIOD;
  const customFrom = search.get('from') ?? '';
  const customTo = search.get('to') ?? '';
  const today = new Date().toDateString();
  const period = useMemo(
    () => heatPeriodFor(choice, new Date(today), { from: customFrom, to: customTo }),
    [choice, customFrom, customTo, today],
  );
  const change = (changes: { choice?: HeatPeriodChoice; from?: string; to?: string }) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        const nextChoice = changes.choice ?? choice;
        // "Personalizado" starts from the period on screen, so its two dates are never empty.
        const from = changes.from ?? (customFrom || period?.firstDay || '');
        const to = changes.to ?? (customTo || period?.lastDay || '');
        if (nextChoice === DEFAULT_HEAT_PERIOD) next.delete('period');
        else next.set('period', nextChoice);
        for (const [key, value] of [
          ['from', from],
          ['to', to],
        ] as const) {
          if (nextChoice === 'custom' && value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { choice, customFrom, customTo, period, change };
}

function HeatMap({
  plan,
  source,
  editorPath,
  header,
}: {
  plan: PlanDetail;
  source: PlanSource;
  /** Where the devices are placed, offered when none is; the office's only. */
  editorPath?: string;
  header: (download: ReactNode) => ReactNode;
}) {
  const { choice, customFrom, customTo, period, change } = useHeatPeriod();
  const heat = usePlanHeat(plan.id, period, source);
  const image = usePlanImage(plan, source === OFFICE_PLANS ? undefined : readPlanImageFrom(source));
  const imageUrl = useObjectUrl(image.data);
  const download = useDownloadMapPdf(source);
  const canvas = useRef<PlanCanvasHandle>(null);
  const ids = { choice: useId(), from: useId(), to: useId(), error: useId(), table: useId() };
  const reversed = (() => {
    const first = parseHeatDay(customFrom);
    const last = parseHeatDay(customTo);
    return choice === 'custom' && first !== undefined && last !== undefined && first > last;
  })();

  const devices = heat.data?.devices;
  const markers: PlanMarker[] = useMemo(
    () =>
      (devices ?? []).map((device) => ({
        trapId: device.trapId,
        number: device.number,
        code: device.code,
        type: device.type,
        x: device.x,
        y: device.y,
        state: 'normal',
        heat: device.heat,
      })),
    [devices],
  );
  const counts = useMemo(() => {
    const byClass = new Map(HEAT_CLASSES.map((heatClass) => [heatClass, 0]));
    for (const device of devices ?? []) byClass.set(device.heat, (byClass.get(device.heat) ?? 0) + 1);
    return byClass;
  }, [devices]);
  const periodText = period ? describeHeatPeriod(period) : '';
  const noData = devices !== undefined && devices.length > 0 && counts.get('SIN_DATOS') === devices.length;

  return (
    <>
      {header(
        <button
          type="button"
          className="button button--primary"
          onClick={() => period && download.mutate({ id: plan.id, name: plan.name, period })}
          disabled={!period || download.isPending}
        >
          {download.isPending ? TEXT.downloading : TEXT.download}
        </button>,
      )}
      {download.isError ? (
        <Notice
          notice={{ tone: 'error', text: TEXT.downloadFailed, detail: serverMessage(download.error) }}
          onDismiss={() => download.reset()}
        />
      ) : null}

      <fieldset className="plan-heat__period">
        <legend className="visually-hidden">{TEXT.periodLegend}</legend>
        <div className="field">
          <label htmlFor={ids.choice}>{TEXT.period}</label>
          <select
            id={ids.choice}
            value={choice}
            onChange={(event) => change({ choice: event.target.value as HeatPeriodChoice })}
          >
            {HEAT_PERIOD_CHOICES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {choice === 'custom' ? (
          <>
            <div className="field">
              <label htmlFor={ids.from}>{TEXT.from}</label>
              <input
                id={ids.from}
                type="date"
                value={customFrom}
                max={customTo || undefined}
                aria-invalid={reversed || undefined}
                aria-describedby={reversed ? ids.error : undefined}
                onChange={(event) => change({ from: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.to}>{TEXT.to}</label>
              <input
                id={ids.to}
                type="date"
                value={customTo}
                min={customFrom || undefined}
                aria-invalid={reversed || undefined}
                aria-describedby={reversed ? ids.error : undefined}
                onChange={(event) => change({ to: event.target.value })}
              />
            </div>
          </>
        ) : null}
      </fieldset>
      <p className="plan-heat__shown" role="status" aria-live="polite" id={reversed ? ids.error : undefined}>
        {reversed ? ReportMessages.periodReversed : period ? TEXT.periodShown(periodText) : TEXT.periodIncomplete}
      </p>

      {period ? (
        <QueryState
          isPending={heat.isPending}
          isError={heat.isError && !heat.data}
          error={heat.error}
          isEmpty={devices?.length === 0}
          emptyText={TEXT.empty}
          emptyAction={
            editorPath ? (
              <Link to={editorPath} className="button button--secondary">
                {TEXT.viewEditor}
              </Link>
            ) : undefined
          }
          loadingText={TEXT.loading}
          errorText={TEXT.failed}
          onRetry={() => void heat.refetch()}
        >
          <div className="plan-heat__body" aria-busy={heat.isFetching || undefined}>
            <section className="plan-heat__plan" aria-label={TEXT.planLabel(plan.name)}>
              <div className="plan-editor__toolbar">
                <PlanZoom canvas={canvas} texts={EDITOR_MESSAGES} />
              </div>
              <div className="plan-heat__canvas" style={{ '--plan-ratio': plan.height / plan.width } as CSSProperties}>
                <PlanCanvas
                  ref={canvas}
                  imageUrl={imageUrl}
                  width={plan.width}
                  height={plan.height}
                  markers={markers}
                  label={TEXT.planLabel(plan.name)}
                  keysLabel={EDITOR_MESSAGES.planKeysLabel}
                  keysHint={TEXT.keysHint}
                >
                  <PlanImageNotes image={image} texts={EDITOR_MESSAGES} />
                </PlanCanvas>
              </div>
            </section>
            <HeatLegend counts={counts} />
          </div>
          {noData ? <p className="plan-heat__no-data">{TEXT.noData}</p> : null}
          <h2 className="plan-page__section-title" id={ids.table}>
            {TEXT.tableTitle}
          </h2>
          <HeatTable devices={devices ?? []} caption={TEXT.tableCaption(periodText)} labelledBy={ids.table} />
        </QueryState>
      ) : null}
    </>
  );
}

/** The scale: each class's colour, name, what it means and how many devices of the plan are in it. */
function HeatLegend({ counts }: { counts: Map<string, number> }) {
  return (
    <section className="heat-legend" aria-labelledby="heat-legend-title">
      <h2 id="heat-legend-title" className="plan-editor__devices-title">
        {TEXT.legend}
      </h2>
      <ul className="heat-legend__items">
        {[...HEAT_CLASSES].reverse().map((heatClass) => {
          const style = HEAT_STYLES[heatClass];
          return (
            <li key={heatClass} className="heat-legend__item" data-heat={heatClass}>
              <span className="heat-swatch" style={{ background: style.color }} aria-hidden="true" />
              <span>
                <strong>{style.label}</strong> · {formatCount(counts.get(heatClass) ?? 0)}
                <span className="heat-legend__description">{style.description}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const decimal = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** Every device with its class and its figures: what the colours say, in words and numbers. */
function HeatTable({
  devices,
  caption,
  labelledBy,
}: {
  devices: PlanHeatDevice[];
  caption: string;
  labelledBy: string;
}) {
  const column = TEXT.columns;
  // Wider than a laptop's screen: the keys scroll it once it has the focus.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keys scroll it.
    <div className="table-card plan-heat__table" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column.number}</th>
            <th scope="col">{column.code}</th>
            <th scope="col">{column.heat}</th>
            <th scope="col">{column.inspections}</th>
            <th scope="col">{column.withActivity}</th>
            <th scope="col">{column.captures}</th>
            <th scope="col">{column.perWeek}</th>
            <th scope="col">{column.maxActivity}</th>
            <th scope="col">{column.bait}</th>
            <th scope="col">{column.exceptions}</th>
            <th scope="col">{column.damaged}</th>
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => {
            const style = HEAT_STYLES[device.heat];
            return (
              <tr key={device.trapId} data-trap-code={device.code}>
                <td data-label={column.number}>{device.number}</td>
                <th scope="row" className="plan-heat__code">
                  <MarkerIcon type={device.type} size={18} fill={style.color} />
                  {device.code}
                </th>
                <td data-label={column.heat} data-heat={device.heat} className="plan-heat__class">
                  <span className="heat-swatch" style={{ background: style.color }} aria-hidden="true" />
                  {style.label}
                </td>
                <td data-label={column.inspections}>{formatCount(device.inspections)}</td>
                <td data-label={column.withActivity}>{formatCount(device.withActivity)}</td>
                <td data-label={column.captures}>{formatCount(device.captures)}</td>
                <td data-label={column.perWeek}>{decimal.format(device.capturesPerWeek)}</td>
                <td data-label={column.maxActivity}>{device.maxActivity ? ACTIVITY_NAMES[device.maxActivity] : '—'}</td>
                <td data-label={column.bait}>
                  {device.meanBaitConsumption === null ? '—' : `${decimal.format(device.meanBaitConsumption)} %`}
                </td>
                <td data-label={column.exceptions}>{formatCount(device.exceptions)}</td>
                <td data-label={column.damaged}>{formatCount(device.damaged)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
