import type { TrendsReport } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { axisLabels, periodLabel, periodYearLater, seriesLabel, trendTable } from './series';

const point = (period: string, key: string | null, inspected: number, active: number, rate: number) => ({
  period,
  key,
  inspectedDevices: inspected,
  devicesWithActivity: active,
  captures: {},
  capturesPerDeviceWeek: rate,
  meanBaitConsumption: null,
});

const report = (by: TrendsReport['by'], points: TrendsReport['points']): TrendsReport => ({
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-04-01T00:00:00.000Z',
  interval: 'month',
  by,
  timeZone: 'America/Santiago',
  points,
  previousYear: null,
  thresholds: [],
});

describe('trendTable', () => {
  it('lays the points out as periods × series, the largest series first, gaps where a series had nothing', () => {
    const table = trendTable(
      report('zone', [
        point('2026-01-01', 'INTERIOR', 10, 1, 0.5),
        point('2026-01-01', 'EXTERIOR', 4, 2, 1.25),
        point('2026-02-01', 'EXTERIOR', 4, 4, 2),
        point('2026-03-01', '', 3, 0, 0),
      ]),
      'activity',
    );
    expect(table.periods).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(table.lines).toEqual([]);
    expect(table.series).toEqual([
      { key: 'EXTERIOR', label: 'Exterior', values: [50, 100, null] },
      { key: 'INTERIOR', label: 'Interior', values: [10, null, null] },
      { key: '', label: 'Sin zona', values: [null, null, 0] },
    ]);
    expect(trendTable(report(null, [point('2026-01-01', null, 4, 1, 0.75)]), 'captures').series).toEqual([
      { key: '', label: 'Todos los dispositivos', values: [0.75] },
    ]);
  });

  it('shows the remote monitoring as its own last series, apart from the inspections and their limits', () => {
    const remote = (period: string, devices: number, active: number, rate: number) => ({
      period,
      events: devices,
      devices,
      devicesWithActivity: active,
      captures: { ROEDORES: 1 },
      capturesPerDeviceWeek: rate,
    });
    const base = {
      ...report('zone', [point('2026-01-01', 'INTERIOR', 10, 1, 0.5), point('2026-02-01', 'INTERIOR', 8, 2, 0.25)]),
      remote: [remote('2026-02-01', 2, 1, 0.75), remote('2026-03-01', 4, 4, 2)],
      thresholds: [
        {
          metric: 'CAPTURAS_SEMANA' as const,
          level: 'ACCION' as const,
          value: 1,
          pestGroup: null,
          key: null,
          trapType: 'CAPTURA' as const,
          zone: null,
          riskLevel: null,
        },
      ],
    };
    const activity = trendTable(base, 'activity');
    expect(activity.periods).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(activity.series).toEqual([
      { key: 'INTERIOR', label: 'Interior', values: [10, 25, null] },
      { key: '|remote', label: 'Remoto', values: [null, 50, 100] },
    ]);
    const captures = trendTable(base, 'captures');
    expect(captures.series[1]!.values).toEqual([null, 0.75, 2]);
    expect(captures.lines).toEqual([{ level: 'ACCION', value: 1, seriesKeys: ['INTERIOR'] }]);
    expect(trendTable(base, 'bait').series[1]!.values).toEqual([null, null, null]);
  });

  it('names series and periods as the office reads them', () => {
    expect(seriesLabel('area', '')).toBe('Sin área');
    expect(seriesLabel('type', 'LUZ_UV')).toBe('Lámpara UV atrapa insectos');
    expect(seriesLabel('pestGroup', 'ROEDORES')).toBe('Roedores');
    expect(periodLabel('2026-09-01', 'month')).toBe('sept 2026');
    expect(periodLabel('2026-07-01', 'quarter')).toBe('T3 2026');
    expect(periodLabel('2026-09-07', 'week')).toBe('sem. 7 sept');
  });

  it('lays the year before on the same periods, each series followed by its own', () => {
    const table = trendTable(
      {
        ...report('zone', [point('2026-01-01', 'INTERIOR', 10, 5, 0), point('2026-02-01', 'EXTERIOR', 4, 4, 0)]),
        previousYear: [point('2025-02-01', 'INTERIOR', 5, 1, 0), point('2024-12-01', 'EXTERIOR', 2, 2, 0)],
      },
      'activity',
    );
    expect(table.periods).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(table.series).toEqual([
      { key: 'EXTERIOR', label: 'Exterior', values: [null, null, 100] },
      { key: 'EXTERIOR|prev', label: 'Exterior (año anterior)', values: [100, null, null] },
      { key: 'INTERIOR', label: 'Interior', values: [null, 50, null] },
      { key: 'INTERIOR|prev', label: 'Interior (año anterior)', values: [null, null, 20] },
    ]);
    expect(periodYearLater('2025-09-08', 'week')).toBe('2026-09-07');
  });

  it('draws each level’s strictest limit of the metric over the series it applies to', () => {
    const line = (
      level: 'ALERTA' | 'ACCION',
      value: number,
      key: string | null,
      zone: 'INTERIOR' | 'EXTERIOR' | null,
    ) => ({
      metric: 'CONSUMO_CEBO' as const,
      level,
      value,
      pestGroup: null,
      key,
      trapType: 'CEBADERO' as const,
      zone,
      riskLevel: null,
    });
    const base = report('zone', [
      { ...point('2026-01-01', 'INTERIOR', 10, 1, 0), meanBaitConsumption: 30 },
      { ...point('2026-01-01', 'EXTERIOR', 4, 2, 0), meanBaitConsumption: 12.5 },
    ]);
    const thresholds = [
      line('ACCION', 25, 'INTERIOR', 'INTERIOR'),
      line('ACCION', 10, 'INTERIOR', 'INTERIOR'),
      line('ALERTA', 50, 'EXTERIOR', 'EXTERIOR'),
      line('ALERTA', 50, null, null),
      { ...line('ALERTA', 3, null, null), metric: 'CAPTURAS_SEMANA' as const },
    ];
    const table = trendTable({ ...base, thresholds }, 'bait');
    expect(table.series.map((one) => [one.key, one.values])).toEqual([
      ['INTERIOR', [30]],
      ['EXTERIOR', [12.5]],
    ]);
    expect(table.lines).toEqual([
      { level: 'ACCION', value: 10, seriesKeys: ['INTERIOR'] },
      { level: 'ALERTA', value: 50, seriesKeys: ['INTERIOR', 'EXTERIOR'] },
    ]);
    expect(trendTable({ ...base, thresholds }, 'captures').lines).toEqual([
      { level: 'ALERTA', value: 3, seriesKeys: ['EXTERIOR', 'INTERIOR'] },
    ]);
    expect(trendTable({ ...base, thresholds }, 'activity').lines).toEqual([]);
  });
});

describe('axisLabels', () => {
  const months = Array.from({ length: 13 }, (_, index) => {
    const first = new Date(Date.UTC(2025, 10 + index, 1));
    return first.toISOString().slice(0, 10);
  });

  it('labels every month of a year on a wide chart, the year under the first and under January', () => {
    const labels = axisLabels(months, 'month', 51);
    expect(labels).toHaveLength(13);
    expect(labels[0]).toEqual({ index: 0, lines: ['nov', '2025'] });
    expect(labels[1]).toEqual({ index: 1, lines: ['dic'] });
    expect(labels[2]).toEqual({ index: 2, lines: ['ene', '2026'] });
  });

  it('labels every n-th period when the labels are wider than a slot, so no two overlap', () => {
    const weeks = Array.from({ length: 53 }, (_, index) =>
      new Date(Date.UTC(2025, 10, 3 + 7 * index)).toISOString().slice(0, 10),
    );
    const slot = 668 / weeks.length;
    const labels = axisLabels(weeks, 'week', slot);
    const step = labels[1]!.index - labels[0]!.index;
    expect(step).toBeGreaterThan(1);
    // The widest line («29 sept», 7 characters of at most 7 units) and a gap fit between two labels' centres.
    expect(step * slot).toBeGreaterThanOrEqual(7 * 7 + 8);
    expect(labels[0]).toEqual({ index: 0, lines: ['3 nov', '2025'] });
  });
});
