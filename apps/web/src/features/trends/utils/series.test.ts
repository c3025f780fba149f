import type { TrendsReport } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { periodLabel, seriesLabel, trendTable } from './series';

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
    expect(table.series).toEqual([
      { key: 'EXTERIOR', label: 'Exterior', values: [50, 100, null] },
      { key: 'INTERIOR', label: 'Interior', values: [10, null, null] },
      { key: '', label: 'Sin zona', values: [null, null, 0] },
    ]);
    expect(trendTable(report(null, [point('2026-01-01', null, 4, 1, 0.75)]), 'captures').series).toEqual([
      { key: '', label: 'Todos los dispositivos', values: [0.75] },
    ]);
  });

  it('names series and periods as the office reads them', () => {
    expect(seriesLabel('area', '')).toBe('Sin área');
    expect(seriesLabel('type', 'LUZ_UV')).toBe('Lámpara UV atrapa insectos');
    expect(seriesLabel('pestGroup', 'ROEDORES')).toBe('Roedores');
    expect(periodLabel('2026-09-01', 'month')).toBe('sept 2026');
    expect(periodLabel('2026-07-01', 'quarter')).toBe('T3 2026');
    expect(periodLabel('2026-09-07', 'week')).toBe('sem. 7 sept');
  });
});
