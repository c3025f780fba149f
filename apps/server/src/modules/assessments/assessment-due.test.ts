import { describe, expect, it } from 'vitest';
import { addMonths, byUrgency, dueOf, quarterEnd, quarterStart } from './assessment-due.js';
import type { SiteDueFacts } from './assessments.repository.js';

const facts = (overrides: Partial<SiteDueFacts> = {}): SiteDueFacts => ({
  siteId: 7,
  siteName: 'Planta Norte',
  timeZone: 'Europe/Madrid',
  firstVisit: null,
  lastDiagnosis: null,
  lastAnnual: null,
  reviewedQuarters: [],
  drafts: [],
  ...overrides,
});
const kinds = (list: ReturnType<typeof dueOf>) =>
  list.map((item) => [item.kind, item.state, item.dueDate, item.periodFrom]);

describe('what a site owes', () => {
  it('a diagnosis before its first visit: due with no date without orders, due before the visit, late from it', () => {
    expect(kinds(dueOf(facts(), '2026-05-10'))).toEqual([['DIAGNOSTICO', 'DUE', null, null]]);
    expect(kinds(dueOf(facts({ firstVisit: '2026-05-20' }), '2026-05-10'))).toEqual([
      ['DIAGNOSTICO', 'DUE', '2026-05-20', null],
    ]);
    expect(kinds(dueOf(facts({ firstVisit: '2026-05-10' }), '2026-05-10'))[0]).toEqual([
      'DIAGNOSTICO',
      'LATE',
      '2026-05-10',
      null,
    ]);
  });

  it('an annual survey 12 months after the last, listed 30 days ahead, late after its day', () => {
    const signed = facts({ firstVisit: '2025-01-10', lastDiagnosis: '2025-01-05', reviewedQuarters: allQuarters() });
    // 12 months after the diagnosis: 2026-01-05; listed from 2025-12-06.
    expect(dueOf(signed, '2025-12-05')).toEqual([]);
    expect(kinds(dueOf(signed, '2025-12-06'))).toEqual([['REVISION_ANUAL', 'DUE', '2026-01-05', null]]);
    expect(kinds(dueOf(signed, '2026-01-05'))).toEqual([['REVISION_ANUAL', 'DUE', '2026-01-05', null]]);
    expect(kinds(dueOf(signed, '2026-01-06'))).toEqual([['REVISION_ANUAL', 'LATE', '2026-01-05', null]]);
    // The last annual survey, when there is one, counts instead.
    expect(dueOf({ ...signed, lastAnnual: '2025-12-20' }, '2026-01-06')).toEqual([]);
  });

  it('a review of each ended quarter since the first visit, the last four, late 30 days after it ends', () => {
    const site = facts({ firstVisit: '2025-08-14', lastDiagnosis: '2025-08-01', lastAnnual: '2026-04-01' });
    // On 2026-04-20: Q3 2025 (the first visit's), Q4 2025 and Q1 2026 ended; Q2 2026 is running.
    expect(kinds(dueOf(site, '2026-04-20'))).toEqual([
      ['REVISION_TRIMESTRAL', 'LATE', '2025-10-01', '2025-07-01'],
      ['REVISION_TRIMESTRAL', 'LATE', '2026-01-01', '2025-10-01'],
      ['REVISION_TRIMESTRAL', 'DUE', '2026-04-01', '2026-01-01'],
    ]);
    expect(dueOf(site, '2026-05-10')[2]).toMatchObject({ periodTo: '2026-03-31' });
    // Late from the 31st day after the quarter ended.
    expect(dueOf(site, '2026-05-01').at(-1)?.state).toBe('DUE');
    expect(dueOf(site, '2026-05-02').at(-1)?.state).toBe('LATE');
    // A signed review settles its quarter; a draft for it is named.
    const reviewed = {
      ...site,
      reviewedQuarters: ['2025-07-01', '2025-10-01'],
      drafts: [{ id: 3, kind: 'REVISION_TRIMESTRAL' as const, periodFrom: '2026-01-01' }],
    };
    expect(dueOf(reviewed, '2026-05-10')).toMatchObject([
      { kind: 'REVISION_TRIMESTRAL', periodFrom: '2026-01-01', draftId: 3 },
    ]);
    // No more than the last four quarters.
    expect(
      dueOf({ ...site, lastAnnual: '2027-01-01' }, '2027-06-01').filter((item) => item.kind === 'REVISION_TRIMESTRAL'),
    ).toHaveLength(4);
  });

  it('late first, then by date', () => {
    const list = [
      ...dueOf(facts({ siteId: 1, siteName: 'B', firstVisit: '2099-01-01' }), '2026-05-10'),
      ...dueOf(facts({ siteId: 2, siteName: 'A', firstVisit: '2026-01-01' }), '2026-05-10'),
    ].sort(byUrgency);
    expect(list.map((item) => [item.site.name, item.kind, item.state])[0]).toEqual(['A', 'DIAGNOSTICO', 'LATE']);
    expect(list.at(-1)).toMatchObject({ site: { name: 'B' }, state: 'DUE' });
  });

  it('counts calendar quarters and months', () => {
    expect(quarterStart('2026-05-31')).toBe('2026-04-01');
    expect(quarterEnd('2026-10-01')).toBe('2026-12-31');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });
});

function allQuarters(): string[] {
  const quarters: string[] = [];
  for (let year = 2024; year <= 2027; year++)
    for (const month of ['01', '04', '07', '10']) quarters.push(`${year}-${month}-01`);
  return quarters;
}
