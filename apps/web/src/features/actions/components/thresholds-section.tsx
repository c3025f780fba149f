import { CAPTURE_METRICS, THRESHOLD_LEVELS, THRESHOLD_METRICS } from '@rondin/contracts/action-names';
import './actions.css';
import type { Threshold } from '@rondin/contracts';
import {
  PEST_GROUP_NAMES,
  PEST_GROUPS,
  RISK_LEVEL_NAMES,
  RISK_LEVELS,
  TRAP_TYPE_NAMES,
  TRAP_TYPES,
  ZONE_NAMES,
  ZONES,
} from '@rondin/contracts/devices';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSaveThresholds, useThresholds } from '../api/thresholds';
import { METRIC_RANGES, ACTION_MESSAGES as TEXT } from '../messages';

const describe = (row: Threshold) =>
  [
    TRAP_TYPE_NAMES[row.trapType],
    row.zone ? ZONE_NAMES[row.zone] : TEXT.any,
    row.riskLevel ? RISK_LEVEL_NAMES[row.riskLevel] : TEXT.any,
    TEXT.metricNames[row.metric],
    row.pestGroup ? PEST_GROUP_NAMES[row.pestGroup] : '',
    TEXT.levelNames[row.level],
  ]
    .filter(Boolean)
    .join(', ');

const key = (row: Threshold) => [row.trapType, row.zone, row.riskLevel, row.metric, row.pestGroup, row.level].join('|');

/**
 * The thresholds editor: the global ones (no siteId) or a site's own, over the global ones. Values are edited
 * in place, rows added and removed, and the whole set saved at once as a new version.
 */
export function ThresholdsSection({ siteId }: { siteId?: number }) {
  const thresholds = useThresholds(siteId);
  const save = useSaveThresholds(siteId);
  const [rows, setRows] = useState<Threshold[] | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const heading = useId();
  const data = thresholds.data;
  const loaded = data ? (data.overrides ?? data.thresholds) : undefined;
  useEffect(() => setRows(loaded ?? null), [loaded]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!rows) return;
    setNotice(null);
    save.mutate(rows, {
      onSuccess: () => setNotice({ tone: 'success', text: TEXT.thresholdsSaved }),
      onError: (error) => setNotice({ tone: 'error', text: TEXT.thresholdsFailed, detail: serverMessage(error) }),
    });
  }

  return (
    <section className="thresholds-section" aria-labelledby={heading}>
      <h2 id={heading}>{siteId === undefined ? TEXT.thresholdsTitle : TEXT.siteThresholdsTitle}</h2>
      <p>{siteId === undefined ? TEXT.thresholdsIntro : TEXT.siteThresholdsIntro}</p>
      <QueryState
        isPending={thresholds.isPending}
        isError={thresholds.isError}
        error={thresholds.error}
        loadingText={TEXT.thresholdsLoading}
        errorText={TEXT.thresholdsLoadFailed}
        onRetry={() => void thresholds.refetch()}
      >
        <p className="data-table__secondary">
          {data?.validFrom ? TEXT.validFrom(formatDateTime(data.validFrom)) : siteId === undefined ? TEXT.shipped : ''}
        </p>
        {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
        <form onSubmit={submit}>
          {rows && rows.length > 0 ? <ThresholdTable rows={rows} onChange={setRows} /> : <p>{TEXT.noOverrides}</p>}
          <AddThreshold onAdd={(row) => setRows((current) => dedupe([...(current ?? []), row]))} />
          <button type="submit" className="button button--primary" disabled={save.isPending || !rows}>
            {TEXT.saveThresholds}
          </button>
        </form>
        {siteId !== undefined && data && 'defaults' in data ? (
          <details className="thresholds-defaults">
            <summary>{TEXT.defaultsSummary}</summary>
            <ThresholdTable rows={data.defaults} />
          </details>
        ) : null}
      </QueryState>
    </section>
  );
}

/** A row added with the key of one already listed takes its place. */
function dedupe(rows: Threshold[]): Threshold[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

function ThresholdTable({ rows, onChange }: { rows: Threshold[]; onChange?: (rows: Threshold[]) => void }) {
  const columns = TEXT.thresholdColumns;
  return (
    <div className="table-card">
      <table className="data-table thresholds-table">
        <caption className="visually-hidden">{TEXT.thresholdsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.zone}</th>
            <th scope="col">{columns.risk}</th>
            <th scope="col">{columns.metric}</th>
            <th scope="col">{columns.group}</th>
            <th scope="col">{columns.level}</th>
            <th scope="col">{columns.value}</th>
            {onChange ? <th scope="col">{TEXT.remove}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={key(row)}>
              <th scope="row">{TRAP_TYPE_NAMES[row.trapType]}</th>
              <td data-label={columns.zone}>{row.zone ? ZONE_NAMES[row.zone] : TEXT.any}</td>
              <td data-label={columns.risk}>{row.riskLevel ? RISK_LEVEL_NAMES[row.riskLevel] : TEXT.any}</td>
              <td data-label={columns.metric} title={TEXT.metricHelp[row.metric]}>
                {TEXT.metricNames[row.metric]}
              </td>
              <td data-label={columns.group}>{row.pestGroup ? PEST_GROUP_NAMES[row.pestGroup] : TEXT.any}</td>
              <td data-label={columns.level}>{TEXT.levelNames[row.level]}</td>
              <td data-label={columns.value}>
                {onChange && row.metric !== 'ESTADO' ? (
                  <input
                    type="number"
                    min={METRIC_RANGES[row.metric].min}
                    max={METRIC_RANGES[row.metric].max}
                    step={1}
                    required
                    aria-label={TEXT.valueLabel(describe(row))}
                    value={row.value}
                    onChange={(event) =>
                      onChange(
                        rows.map((other, at) =>
                          at === index ? { ...other, value: Number(event.target.value) } : other,
                        ),
                      )
                    }
                  />
                ) : (
                  row.value
                )}
              </td>
              {onChange ? (
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={TEXT.removeLabel(describe(row))}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  >
                    {TEXT.remove}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Chooses a new threshold's key and value; added to the list (saved with it). */
function AddThreshold({ onAdd }: { onAdd: (row: Threshold) => void }) {
  const [row, setRow] = useState<Threshold>({
    trapType: 'CEBADERO',
    zone: 'INTERIOR',
    riskLevel: null,
    metric: 'CONSUMO_CEBO',
    pestGroup: null,
    level: 'ACCION',
    value: 25,
  });
  const ids = {
    type: useId(),
    zone: useId(),
    risk: useId(),
    metric: useId(),
    group: useId(),
    level: useId(),
    value: useId(),
    help: useId(),
  };
  const columns = TEXT.thresholdColumns;
  const set = (changes: Partial<Threshold>) => setRow((current) => ({ ...current, ...changes }));
  return (
    <fieldset className="thresholds-add">
      <legend>{TEXT.add}</legend>
      <div className="field">
        <label htmlFor={ids.type}>{columns.type}</label>
        <select
          id={ids.type}
          value={row.trapType}
          onChange={(event) => set({ trapType: event.target.value as Threshold['trapType'] })}
        >
          {TRAP_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRAP_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.zone}>{columns.zone}</label>
        <select
          id={ids.zone}
          value={row.zone ?? ''}
          onChange={(event) => set({ zone: (event.target.value || null) as Threshold['zone'] })}
        >
          <option value="">{TEXT.any}</option>
          {ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {ZONE_NAMES[zone]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.risk}>{columns.risk}</label>
        <select
          id={ids.risk}
          value={row.riskLevel ?? ''}
          onChange={(event) => set({ riskLevel: (event.target.value || null) as Threshold['riskLevel'] })}
        >
          <option value="">{TEXT.any}</option>
          {RISK_LEVELS.map((risk) => (
            <option key={risk} value={risk}>
              {RISK_LEVEL_NAMES[risk]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.metric}>{columns.metric}</label>
        <select
          id={ids.metric}
          value={row.metric}
          onChange={(event) => {
            const metric = event.target.value as Threshold['metric'];
            const range = METRIC_RANGES[metric];
            set({
              metric,
              pestGroup: CAPTURE_METRICS.includes(metric) ? row.pestGroup : null,
              value: Math.min(range.max, Math.max(range.min, row.value)),
            });
          }}
          aria-describedby={ids.help}
        >
          {THRESHOLD_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {TEXT.metricNames[metric]}
            </option>
          ))}
        </select>
      </div>
      <p className="thresholds-add__help" id={ids.help}>
        {TEXT.metricHelp[row.metric]}
      </p>
      {CAPTURE_METRICS.includes(row.metric) ? (
        <div className="field">
          <label htmlFor={ids.group}>{columns.group}</label>
          <select
            id={ids.group}
            value={row.pestGroup ?? ''}
            onChange={(event) => set({ pestGroup: (event.target.value || null) as Threshold['pestGroup'] })}
          >
            <option value="">{TEXT.any}</option>
            {PEST_GROUPS.map((group) => (
              <option key={group} value={group}>
                {PEST_GROUP_NAMES[group]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={ids.level}>{columns.level}</label>
        <select
          id={ids.level}
          value={row.level}
          onChange={(event) => set({ level: event.target.value as Threshold['level'] })}
        >
          {THRESHOLD_LEVELS.map((level) => (
            <option key={level} value={level}>
              {TEXT.levelNames[level]}
            </option>
          ))}
        </select>
      </div>
      {row.metric !== 'ESTADO' ? (
        <div className="field">
          <label htmlFor={ids.value}>
            {columns.value}
            {row.metric === 'ACTIVIDAD' ? ` (${TEXT.activityValues})` : ''}
          </label>
          <input
            id={ids.value}
            type="number"
            min={METRIC_RANGES[row.metric].min}
            max={METRIC_RANGES[row.metric].max}
            value={row.value}
            onChange={(event) => set({ value: Number(event.target.value) })}
          />
        </div>
      ) : null}
      <button type="button" className="button button--secondary" onClick={() => onAdd(row)}>
        {TEXT.add}
      </button>
    </fieldset>
  );
}
