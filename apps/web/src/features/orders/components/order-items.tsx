import type { SessionItem } from '@rondin/contracts';
import { useId, useMemo, useState } from 'react';
import { FindingSummary, OutcomeBadge } from '../../../components/findings/finding-summary';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { formatDateTimeIn } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ORDER_DETAIL_MESSAGES as TEXT } from '../messages';
import { filterOrderItems, hasActivity, isItemDone, type ItemFilter, sortOrderItems } from '../utils/order-items';

/** Rows shown at first and added by each 'Mostrar más': an order holds up to 5,000 traps. */
const ITEMS_STEP = 100;

/** Wide enough for six columns; below it each trap is a short block of lines. */
const WIDE = '(min-width: 761px)';

/**
 * Every trap of the order with how its visit ended, when, by whom and what was found there, with its photos: a
 * table on a laptop, a list on a phone (two markups, not one table restyled, so a screen reader hears a real
 * table or a real list). By area, then code; filtered by state, a hundred at a time. Times are the site's
 * (`timeZone`, null while unknown).
 */
export function OrderItems({ items, timeZone }: { items: readonly SessionItem[]; timeZone: string | null }) {
  const wide = useMediaQuery(WIDE);
  const ids = { title: useId(), filter: useId() };
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [limit, setLimit] = useState(ITEMS_STEP);
  const sorted = useMemo(() => sortOrderItems(items), [items]);
  const counts = {
    done: sorted.filter(isItemDone).length,
    activity: sorted.filter(hasActivity).length,
    exception: sorted.filter((item) => item.outcome === 'EXCEPTION').length,
  };
  const shown = useMemo(() => filterOrderItems(sorted, filter), [sorted, filter]);
  const visible = shown.slice(0, limit);
  const left = shown.length - visible.length;

  return (
    <section className="order-items" aria-labelledby={ids.title}>
      <div className="order-items__head">
        <h2 id={ids.title} className="order-items__title">
          {TEXT.items}
        </h2>
        <div className="field order-items__filter">
          <label htmlFor={ids.filter}>{TEXT.itemsShow}</label>
          <select
            id={ids.filter}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as ItemFilter);
              setLimit(ITEMS_STEP);
            }}
          >
            <option value="all">{TEXT.itemsAll(sorted.length)}</option>
            <option value="pending">{TEXT.itemsPending(sorted.length - counts.done)}</option>
            <option value="done">{TEXT.itemsDone(counts.done)}</option>
            <option value="activity">{TEXT.itemsActivity(counts.activity)}</option>
            <option value="exception">{TEXT.itemsException(counts.exception)}</option>
          </select>
        </div>
      </div>
      {visible.length === 0 ? (
        <p className="state state--empty">{TEXT.noItems}</p>
      ) : wide ? (
        <ItemTable items={visible} timeZone={timeZone} />
      ) : (
        <ItemList items={visible} timeZone={timeZone} />
      )}
      {left > 0 ? (
        <button
          type="button"
          className="button button--secondary order-items__more"
          onClick={() => setLimit((current) => current + ITEMS_STEP)}
        >
          {TEXT.itemsMore(Math.min(left, ITEMS_STEP))}
        </button>
      ) : null}
      <p className="order-items__note">{TEXT.outcomeNote}</p>
    </section>
  );
}

function Found({ item }: { item: SessionItem }) {
  return (
    <>
      <FindingSummary outcome={item.outcome} exception={item.exception} finding={item.finding} />
      <PhotoThumbnails photoIds={item.photoIds} subject={code(item)} />
    </>
  );
}

const code = (item: SessionItem) => item.trap.code || TEXT.trapFallback(item.trapId);
const area = (item: SessionItem) => item.trap.area?.trim() || TEXT.noArea;

function ItemTable({ items, timeZone }: { items: readonly SessionItem[]; timeZone: string | null }) {
  const { columns } = TEXT;
  return (
    <div className="table-card">
      <table className="order-items__table">
        <caption className="visually-hidden">{TEXT.items}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.code}</th>
            <th scope="col">{columns.area}</th>
            <th scope="col">{columns.state}</th>
            <th scope="col">{columns.time}</th>
            <th scope="col">{columns.who}</th>
            <th scope="col">{columns.finding}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{code(item)}</th>
              <td>{area(item)}</td>
              <td>
                <OutcomeBadge outcome={item.outcome} exception={item.exception} manual={item.manual} />
              </td>
              <td>{item.completedAt ? formatDateTimeIn(item.completedAt, timeZone) : '—'}</td>
              <td>{item.completedBy?.fullName ?? '—'}</td>
              <td className="order-items__finding">
                <Found item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemList({ items, timeZone }: { items: readonly SessionItem[]; timeZone: string | null }) {
  return (
    <ul className="order-items__list">
      {items.map((item) => (
        <li key={item.id} className="order-item">
          <div className="order-item__top">
            <span className="order-item__code">{code(item)}</span>
            <OutcomeBadge outcome={item.outcome} exception={item.exception} manual={item.manual} />
          </div>
          <span className="order-item__area">{area(item)}</span>
          {item.completedAt ? (
            <span className="order-item__when">
              {formatDateTimeIn(item.completedAt, timeZone)}
              {item.completedBy ? ` · ${item.completedBy.fullName}` : ''}
            </span>
          ) : null}
          {isItemDone(item) ? <Found item={item} /> : null}
        </li>
      ))}
    </ul>
  );
}
