import './inspections.css';
import type { Inspection, Pest, Site, Technician } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FindingSummary, OutcomeBadge } from '../../../components/findings/finding-summary';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { ExportButtons } from '../../../components/ui/export-buttons';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { formatCount, formatDateTime } from '../../../lib/format';
import { sitesToChoose } from '../../../lib/site-scope';
import { useListParams } from '../../../lib/use-list-params';
import { useMediaQuery } from '../../../lib/use-media-query';
import { exportInspections } from '../api/export-inspections';
import { useInspectionPage } from '../api/get-inspections';
import { INSPECTION_MESSAGES as TEXT } from '../messages';
import { INSPECTIONS_PAGE_SIZE } from '../utils/inspection-search';
import { InspectionFilters } from './inspection-filters';

const FILTERS = ['siteId', 'type', 'activityMin', 'pestId', 'technicianId', 'outcome'] as const;

/** Wide enough for the table; below it each inspection is a card. */
const WIDE = '(min-width: 1000px)';

interface InspectionsViewProps {
  /** The period's instants [from, to); undefined while a custom period lacks a day. */
  period: { from: string; to: string } | undefined;
  /** The period's picker, from the reports feature (composed by the route). */
  periodPicker: ReactNode;
  /** Every site, from its own feature; undefined while it loads. */
  sites?: readonly Site[] | undefined;
  technicians: readonly Technician[];
  pests: readonly Pest[];
}

/**
 * Every device inspected in the period, newest first, fifty at a time: where, when, which device, who, how the
 * visit ended and what was found, with its photos. Filters, period and page live in the address.
 */
export function InspectionsView({ period, periodPicker, sites, technicians, pests }: InspectionsViewProps) {
  const { params, setFilters, setPage, clearFilters } = useListParams(FILTERS);
  const inspections = useInspectionPage(
    { ...params, from: period?.from ?? '', to: period?.to ?? '' },
    period !== undefined,
  );
  const choices = sitesToChoose(sites);
  const names = choices.length > 0 ? new Map((sites ?? []).map((site) => [site.id, site.name])) : null;
  const filtered = FILTERS.some((key) => params[key] !== '');
  const wide = useMediaQuery(WIDE);
  const total = inspections.data?.total;

  return (
    <div className="inspections-screen">
      <PageHeader
        title={TEXT.title}
        subtitle={total === undefined || !period ? TEXT.subtitle : TEXT.count(formatCount(total), total === 1)}
        actions={
          <ExportButtons
            fileName="inspecciones"
            what={TEXT.exported}
            disabled={!period}
            fetchFile={(format) =>
              exportInspections({ ...params, from: period?.from ?? '', to: period?.to ?? '' }, format)
            }
          />
        }
      />
      <InspectionFilters
        values={params}
        periodPicker={periodPicker}
        sites={choices}
        technicians={technicians}
        pests={pests}
        onChange={setFilters}
      />
      {period ? (
        <PagedResults
          result={inspections}
          page={params.page}
          pageSize={INSPECTIONS_PAGE_SIZE}
          setPage={setPage}
          filtered={filtered}
          onClearFilters={clearFilters}
          texts={{ loading: TEXT.loading, loadFailed: TEXT.loadFailed, empty: TEXT.empty, noMatch: TEXT.noMatch }}
          noun={['inspección', 'inspecciones']}
          pagesLabel={TEXT.pages}
        >
          {(items) =>
            wide ? (
              <InspectionTable items={items} siteNames={names} />
            ) : (
              <InspectionCards items={items} siteNames={names} />
            )
          }
        </PagedResults>
      ) : (
        <p className="state state--empty">{TEXT.choosePeriod}</p>
      )}
      <p className="inspections-note">{TEXT.outcomeNote}</p>
    </div>
  );
}

interface RowsProps {
  items: Inspection[];
  /** Each site's name, for a site column; null with a single active site. */
  siteNames: ReadonlyMap<number, string> | null;
}

function Device({ item }: { item: Inspection }) {
  return (
    <>
      <Link to={`/admin/traps/${item.trap.id}`} className="inspection__code">
        {item.trap.code}
      </Link>
      <span className="data-table__secondary">
        {TRAP_TYPE_NAMES[item.trap.type]} · {item.trap.area ?? TEXT.noArea}
      </span>
    </>
  );
}

function InspectionTable({ items, siteNames }: RowsProps) {
  const { columns } = TEXT;
  return (
    <div className="table-card">
      <table className="data-table inspections-table">
        <caption className="visually-hidden">{TEXT.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.when}</th>
            <th scope="col">{columns.device}</th>
            {siteNames ? <th scope="col">{columns.site}</th> : null}
            <th scope="col">{columns.order}</th>
            <th scope="col">{columns.who}</th>
            <th scope="col">{columns.outcome}</th>
            <th scope="col">{columns.finding}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.itemId}>
              <td className="inspections-table__when">{formatDateTime(item.inspectedAt)}</td>
              <th scope="row">
                <Device item={item} />
              </th>
              {siteNames ? <td>{item.site.name}</td> : null}
              <td>
                <Link to={`/admin/sessions/${item.sessionId}`} aria-label={TEXT.orderLabel(item.sessionId)}>
                  {TEXT.orderLink(item.sessionId)}
                </Link>
              </td>
              <td>{item.inspectedBy?.fullName ?? TEXT.nobody}</td>
              <td>
                <OutcomeBadge outcome={item.outcome} exception={item.exception} manual={item.manual} />
              </td>
              <td className="inspections-table__finding">
                <FindingSummary outcome={item.outcome} exception={item.exception} finding={item.finding} />
                <PhotoThumbnails photoIds={item.photoIds} subject={item.trap.code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InspectionCards({ items, siteNames }: RowsProps) {
  return (
    <ul className="inspection-cards" aria-label={TEXT.caption}>
      {items.map((item) => (
        <li key={item.itemId} className="inspection-card">
          <div className="inspection-card__top">
            <div>
              <Device item={item} />
            </div>
            <OutcomeBadge outcome={item.outcome} exception={item.exception} manual={item.manual} />
          </div>
          <p className="inspection-card__meta">
            {formatDateTime(item.inspectedAt)} · {item.inspectedBy?.fullName ?? TEXT.nobody}
            {siteNames ? ` · ${item.site.name}` : ''}
          </p>
          <FindingSummary outcome={item.outcome} exception={item.exception} finding={item.finding} />
          <PhotoThumbnails photoIds={item.photoIds} subject={item.trap.code} />
          <Link to={`/admin/sessions/${item.sessionId}`} className="inspection-card__order">
            {TEXT.orderLabel(item.sessionId)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
