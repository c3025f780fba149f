import { describe, expect, it } from 'vitest';
import { type InspectionFilters, inspectionSearch } from './inspection-search';

const none: InspectionFilters = {
  siteId: '',
  type: '',
  activityMin: '',
  pestId: '',
  technicianId: '',
  outcome: '',
  page: 1,
  from: '2026-05-01T03:00:00.000Z',
  to: '2026-06-01T03:00:00.000Z',
};

describe('inspectionSearch', () => {
  it('asks for the page and the period, and nothing else when no filter is set', () => {
    expect(Object.fromEntries(new URLSearchParams(inspectionSearch(none)))).toEqual({
      page: '1',
      pageSize: '50',
      from: '2026-05-01T03:00:00.000Z',
      to: '2026-06-01T03:00:00.000Z',
    });
  });

  it('passes every filter the API reads', () => {
    const search = new URLSearchParams(
      inspectionSearch({
        ...none,
        siteId: '2',
        type: 'LAMINA',
        activityMin: 'MEDIA',
        pestId: '4',
        technicianId: '17',
        outcome: 'EXCEPTION',
        page: 3,
      }),
    );
    expect(Object.fromEntries(search)).toMatchObject({
      page: '3',
      siteId: '2',
      type: 'LAMINA',
      activityMin: 'MEDIA',
      pestId: '4',
      technicianId: '17',
      outcome: 'EXCEPTION',
    });
  });

  it('leaves out values from the address the API would refuse, so the list still shows', () => {
    const search = new URLSearchParams(
      inspectionSearch({
        ...none,
        siteId: 'norte',
        type: 'TRAMPA',
        activityMin: 'mucha',
        pestId: '0',
        technicianId: '1e3',
        outcome: 'PENDING',
      }),
    );
    expect([...search.keys()]).toEqual(['page', 'pageSize', 'from', 'to']);
  });
});
