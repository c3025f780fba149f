import {
  ASSESSMENT_DUE_SOON_DAYS,
  QUARTERLY_REVIEW_GRACE_DAYS,
  type AssessmentDue,
  type AssessmentKind,
} from '@rondin/contracts';
import type { SiteDueFacts } from './assessments.repository.js';

/** Quarters looked back on: the last year's. An older quarter without its review is history, not a task. */
export const QUARTERS_LOOKED_BACK = 4;

const DAY_MS = 86_400_000;

/** A day (YYYY-MM-DD) moved by days or months (the last day of a shorter month when it has no such day). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The first day of the quarter holding `day`. */
export function quarterStart(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

/** The last day of the quarter that starts on `start`. */
export function quarterEnd(start: string): string {
  return addDays(addMonths(start, 3), -1);
}

export const isQuarterStart = (day: string) => quarterStart(day) === day;

/**
 * What a site owes on `today` (its calendar day), DESIGN-plant.md's due dates:
 * - a DIAGNOSTICO before its first visit: owed while none is signed; LATE once the first visit's day has come
 *   (or passed), DUE before it, and DUE with no date while the site has no order;
 * - a REVISION_ANUAL 12 months after the last one signed, else after the diagnosis, else after the first visit:
 *   DUE from ASSESSMENT_DUE_SOON_DAYS before that day, LATE after it;
 * - a REVISION_TRIMESTRAL of each quarter ended since the first visit (the last QUARTERS_LOOKED_BACK): DUE from
 *   the day after the quarter ends, LATE QUARTERLY_REVIEW_GRACE_DAYS after that.
 * A site with no visit and no diagnosis owes the diagnosis only.
 */
export function dueOf(facts: SiteDueFacts, today: string): AssessmentDue[] {
  const site = { id: facts.siteId, name: facts.siteName };
  const draft = (kind: AssessmentKind, periodFrom: string | null = null) =>
    facts.drafts.find((each) => each.kind === kind && (periodFrom === null || each.periodFrom === periodFrom))?.id ??
    null;
  const due: AssessmentDue[] = [];
  if (facts.lastDiagnosis === null) {
    due.push({
      site,
      kind: 'DIAGNOSTICO',
      state: facts.firstVisit !== null && facts.firstVisit <= today ? 'LATE' : 'DUE',
      dueDate: facts.firstVisit,
      periodFrom: null,
      periodTo: null,
      draftId: draft('DIAGNOSTICO'),
    });
  }
  const start = [facts.firstVisit, facts.lastDiagnosis].filter((day): day is string => day !== null).sort()[0];
  if (start === undefined) return due;
  const annualBase = facts.lastAnnual ?? facts.lastDiagnosis ?? start;
  const annualDue = addMonths(annualBase, 12);
  if (today >= addDays(annualDue, -ASSESSMENT_DUE_SOON_DAYS)) {
    due.push({
      site,
      kind: 'REVISION_ANUAL',
      state: today > annualDue ? 'LATE' : 'DUE',
      dueDate: annualDue,
      periodFrom: null,
      periodTo: null,
      draftId: draft('REVISION_ANUAL'),
    });
  }
  const reviewed = new Set(facts.reviewedQuarters);
  const current = quarterStart(today);
  for (let back = QUARTERS_LOOKED_BACK; back >= 1; back--) {
    const from = addMonths(current, -3 * back);
    const to = quarterEnd(from);
    if (to < start || reviewed.has(from)) continue;
    const dueDate = addDays(to, 1);
    due.push({
      site,
      kind: 'REVISION_TRIMESTRAL',
      state: today > addDays(dueDate, QUARTERLY_REVIEW_GRACE_DAYS) ? 'LATE' : 'DUE',
      dueDate,
      periodFrom: from,
      periodTo: to,
      draftId: draft('REVISION_TRIMESTRAL', from),
    });
  }
  return due;
}

/** Late ones first, then by due date (none last), then by site. */
export function byUrgency(a: AssessmentDue, b: AssessmentDue): number {
  if (a.state !== b.state) return a.state === 'LATE' ? -1 : 1;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.site.name.localeCompare(b.site.name, 'es') || a.site.id - b.site.id;
}
