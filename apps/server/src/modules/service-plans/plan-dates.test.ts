import { describe, expect, it } from 'vitest';
import { visitDates, visitOrdinal } from './plan-dates.js';

describe('visitDates', () => {
  it('steps 7 and 14 days from the start, whatever day the window opens on', () => {
    expect(visitDates({ frequency: 'SEMANAL', startDate: '2027-12-27' }, '2028-01-01', '2028-01-20')).toEqual([
      '2028-01-03',
      '2028-01-10',
      '2028-01-17',
    ]);
    expect(visitDates({ frequency: 'QUINCENAL', startDate: '2028-02-15' }, '2028-02-16', '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-14',
      '2028-03-28',
    ]);
  });

  it('keeps a month-end start on the last day of shorter months, and comes back to the 31st', () => {
    expect(visitDates({ frequency: 'MENSUAL', startDate: '2027-01-31' }, '2027-01-01', '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    // 2028 is a leap year: 29 February.
    expect(visitDates({ frequency: 'MENSUAL', startDate: '2028-01-31' }, '2028-02-01', '2028-02-29')).toEqual([
      '2028-02-29',
    ]);
  });

  it('counts two and three months from the start across years and leap days', () => {
    expect(visitDates({ frequency: 'BIMESTRAL', startDate: '2027-12-31' }, '2028-01-01', '2028-06-30')).toEqual([
      '2028-02-29',
      '2028-04-30',
      '2028-06-30',
    ]);
    expect(visitDates({ frequency: 'TRIMESTRAL', startDate: '2027-11-30' }, '2028-02-01', '2029-03-01')).toEqual([
      '2028-02-29',
      '2028-05-30',
      '2028-08-30',
      '2028-11-30',
      '2029-02-28',
    ]);
  });

  it('gives nothing before the start or in an empty window', () => {
    expect(visitDates({ frequency: 'SEMANAL', startDate: '2028-01-10' }, '2028-01-01', '2028-01-09')).toEqual([]);
    expect(visitDates({ frequency: 'MENSUAL', startDate: '2028-01-10' }, '2028-01-12', '2028-02-09')).toEqual([]);
  });
});

describe('visitOrdinal', () => {
  it('numbers each visit from 0 at the start date, the same whichever window listed it', () => {
    for (const [frequency, startDate, to] of [
      ['SEMANAL', '2027-12-27', '2028-06-30'],
      ['QUINCENAL', '2028-02-15', '2028-12-31'],
      ['MENSUAL', '2027-01-31', '2029-03-31'],
      ['BIMESTRAL', '2027-12-31', '2030-01-01'],
      ['TRIMESTRAL', '2027-11-30', '2031-01-01'],
    ] as const) {
      const plan = { frequency, startDate };
      const all = visitDates(plan, startDate, to);
      expect(
        all.map((date) => visitOrdinal(plan, date)),
        frequency,
      ).toEqual(all.map((_, index) => index));
      // A later window's dates keep their numbers.
      const later = visitDates(plan, all[3]!, to);
      expect(later.map((date) => visitOrdinal(plan, date))[0], frequency).toBe(3);
    }
  });
});
