import './portal-visits.css';
import type { Inspection } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { useState } from 'react';
import { FindingSummary, OutcomeBadge } from '../../../components/findings/finding-summary';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { PagedResults } from '../../../components/ui/paged-results';
import { formatDateTimeIn } from '../../../lib/format';
import { PORTAL_FINDING_PHOTOS, PORTAL_FINDINGS_PAGE_SIZE, usePortalFindings } from '../api/get-portal-findings';
import { FINDING_MESSAGES as TEXT } from '../visit-messages';

type Period = keyof typeof TEXT.periods;
const PERIODS = Object.keys(TEXT.periods) as Period[];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The period's start: that many days before today's midnight (so the query is the same all day), or none. */
function periodStart(period: Period): string | undefined {
  if (period === 'all') return undefined;
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return new Date(today.getTime() - Number(period) * DAY_MS).toISOString();
}

/**
 * What was found at each device of the site, newest first, with its photos: by default the devices with some
 * activity in the last 12 months, what a QA manager looks for; every device inspected on request.
 */
export function FindingsSection({ siteId, timeZone }: { siteId: number; timeZone: string | null }) {
  const [period, setPeriod] = useState<Period>('365');
  const [withActivity, setWithActivity] = useState(true);
  const [page, setPage] = useState(1);
  const findings = usePortalFindings(siteId, { page, from: periodStart(period), withActivity });
  return (
    <section className="panel portal-section" aria-labelledby="portal-findings">
      <h2 id="portal-findings" className="panel__title">
        {TEXT.title}
      </h2>
      <p className="panel__text">{TEXT.intro}</p>
      <div className="portal-findings__filters">
        <ChoiceChips
          legend={TEXT.period}
          options={PERIODS.map((value) => ({ value, label: TEXT.periods[value] }))}
          selected={period}
          onChange={(value) => {
            setPeriod(value);
            setPage(1);
          }}
        />
        <ChoiceChips
          legend={TEXT.which}
          options={[
            { value: 'activity', label: TEXT.withActivity },
            { value: 'all', label: TEXT.everything },
          ]}
          selected={withActivity ? 'activity' : 'all'}
          onChange={(value) => {
            setWithActivity(value === 'activity');
            setPage(1);
          }}
        />
      </div>
      <PagedResults
        result={findings}
        page={page}
        pageSize={PORTAL_FINDINGS_PAGE_SIZE}
        setPage={setPage}
        filtered={withActivity}
        onClearFilters={() => {
          setWithActivity(false);
          setPage(1);
        }}
        texts={{ loading: TEXT.loading, loadFailed: TEXT.loadFailed, empty: TEXT.empty, noMatch: TEXT.noMatch }}
        noun={['hallazgo', 'hallazgos']}
        pagesLabel={TEXT.pages}
      >
        {(items) => (
          <ul className="portal-list" aria-label={TEXT.caption}>
            {items.map((item) => (
              <li key={item.itemId}>
                <FindingRow item={item} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </section>
  );
}

function FindingRow({ item, timeZone }: { item: Inspection; timeZone: string | null }) {
  return (
    <div className="portal-list__main portal-finding">
      <div className="portal-finding__head">
        <strong>{item.trap.code}</strong>
        <OutcomeBadge outcome={item.outcome} exception={item.exception} manual={item.manual} />
      </div>
      <span className="muted">
        {TRAP_TYPE_NAMES[item.trap.type]} · {item.trap.area ?? TEXT.noArea}
      </span>
      <span className="muted">
        {formatDateTimeIn(item.inspectedAt, timeZone)} · {item.inspectedBy?.fullName ?? TEXT.nobody} ·{' '}
        {TEXT.visit(item.sessionId)}
      </span>
      <FindingSummary outcome={item.outcome} exception={item.exception} finding={item.finding} />
      <PhotoThumbnails photoIds={item.photoIds} subject={item.trap.code} paths={PORTAL_FINDING_PHOTOS} />
    </div>
  );
}
