import type { SessionListItem, Site, Technician } from '@rondin/contracts';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatTimeIn } from '../../../lib/format';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { useCalendarOrders } from '../api/get-calendar-orders';
import { CALENDAR_MESSAGES as TEXT, CALENDAR_STATUS } from '../messages';
import {
  addDays,
  calendarState,
  dayKey,
  FETCH_MARGIN_DAYS,
  inPeriod,
  isLate,
  ordersByDay,
  parseDay,
  periodDays,
  technicianLoad,
} from '../utils/calendar';
import './calendar.css';

interface CalendarViewProps {
  sites: readonly Site[] | undefined;
  technicians: readonly Technician[];
  /** Opens the order's reassignment (the orders feature's dialog, composed by the route). */
  onReassign: (orderId: number) => void;
}

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const monthTitle = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric' });
const dayTitle = new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long' });
const shortDay = new Intl.DateTimeFormat('es', { weekday: 'short', day: 'numeric' });

/** "noviembre de 2026" → "Noviembre de 2026": only the first letter, as Spanish writes it. */
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The office's calendar: a month or a week of orders, with who carries how much each day. */
export function CalendarView({ sites, technicians, onReassign }: CalendarViewProps) {
  const ids = { site: useId(), technician: useId(), title: useId() };
  const [params, setParams] = useSearchParams();
  const view = params.get('vista') === 'semana' ? 'week' : 'month';
  const dateParam = params.get('fecha');
  const anchorKey = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : dayKey(new Date());
  const anchor = useMemo(() => parseDay(anchorKey), [anchorKey]);
  const siteId = numberParam(params.get('sitio'));
  const technicianId = numberParam(params.get('tecnico'));
  const days = useMemo(() => periodDays(anchor, view), [anchor, view]);
  const first = days[0]!;
  const last = days.at(-1)!;
  // A margin each side, then each order kept by its site's day: one at the period's edge whose site's day is
  // not the browser's is neither missing nor counted twice.
  const fetched = useCalendarOrders({
    from: addDays(first, -FETCH_MARGIN_DAYS).toISOString(),
    to: new Date(addDays(last, 1 + FETCH_MARGIN_DAYS).getTime() - 1).toISOString(),
    siteId,
    technicianId,
  });
  const now = new Date();
  const serverTimeZone = useServerTimeZone();
  const shown = useMemo(
    () => (fetched.data ? inPeriod(fetched.data, dayKey(first), dayKey(last), serverTimeZone) : undefined),
    [fetched.data, first, last, serverTimeZone],
  );
  const byDay = useMemo(() => ordersByDay(shown ?? [], serverTimeZone), [shown, serverTimeZone]);
  const load = useMemo(() => technicianLoad(shown ?? [], serverTimeZone), [shown, serverTimeZone]);
  const lateCount = (shown ?? []).filter((order) => isLate(calendarState(order, now))).length;

  const change = (next: Record<string, string | undefined>) => {
    const copy = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '') copy.delete(key);
      else copy.set(key, value);
    }
    setParams(copy, { replace: true });
  };
  const move = (step: number) =>
    change({
      fecha: dayKey(
        view === 'week' ? addDays(anchor, 7 * step) : new Date(anchor.getFullYear(), anchor.getMonth() + step, 1),
      ),
    });
  // As said mid-sentence (the load table's caption); the heading starts a line with it.
  const period =
    view === 'week'
      ? `${dayTitle.format(first)} – ${dayTitle.format(last)}`
      : monthTitle.format(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const periodLabel = upperFirst(period);
  const today = dayKey(now);

  return (
    <div className="calendar">
      <PageHeader title={TEXT.title} subtitle={TEXT.subtitle} />
      <div className="calendar__toolbar">
        <fieldset className="calendar__views">
          <legend className="visually-hidden">{TEXT.view}</legend>
          <button
            type="button"
            className={`button button--small ${view === 'month' ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={view === 'month'}
            onClick={() => change({ vista: undefined })}
          >
            {TEXT.month}
          </button>
          <button
            type="button"
            className={`button button--small ${view === 'week' ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={view === 'week'}
            onClick={() => change({ vista: 'semana' })}
          >
            {TEXT.week}
          </button>
        </fieldset>
        <div className="calendar__nav">
          <button type="button" className="button button--secondary button--small" onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span> <span className="visually-hidden">{TEXT.previous(view === 'week')}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => change({ fecha: undefined })}
          >
            {TEXT.today}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => move(1)}>
            <span className="visually-hidden">{TEXT.next(view === 'week')}</span> <span aria-hidden="true">›</span>
          </button>
        </div>
        <div className="field calendar__filter">
          <label htmlFor={ids.site}>{TEXT.site}</label>
          <select id={ids.site} value={siteId ?? ''} onChange={(event) => change({ sitio: event.target.value })}>
            <option value="">{TEXT.allSites}</option>
            {(sites ?? []).map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field calendar__filter">
          <label htmlFor={ids.technician}>{TEXT.technician}</label>
          <select
            id={ids.technician}
            value={technicianId ?? ''}
            onChange={(event) => change({ tecnico: event.target.value })}
          >
            <option value="">{TEXT.allTechnicians}</option>
            {technicians.map((technician) => (
              <option key={technician.id} value={technician.id}>
                {technician.fullName}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2 className="calendar__period" id={ids.title} aria-live="polite">
        {periodLabel}
        {shown ? <span className="calendar__summary"> · {TEXT.summary(shown.length, lateCount)}</span> : null}
      </h2>
      <QueryState
        isPending={fetched.isPending}
        isError={fetched.isError}
        error={fetched.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void fetched.refetch()}
      >
        <table className={`calendar__grid calendar__grid--${view}`} aria-labelledby={ids.title}>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col">
                  <abbr title={weekday}>{weekday.slice(0, 3)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: days.length / 7 }, (_, week) => (
              <tr key={dayKey(days[week * 7]!)}>
                {days.slice(week * 7, week * 7 + 7).map((day) => {
                  const key = dayKey(day);
                  const list = byDay.get(key) ?? [];
                  const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
                  return (
                    <td
                      key={key}
                      className={`calendar__day${outside ? ' calendar__day--outside' : ''}${key === today ? ' calendar__day--today' : ''}${list.length === 0 ? ' calendar__day--empty' : ''}`}
                    >
                      <h3 className="calendar__date">
                        <span className="calendar__date-long">{upperFirst(dayTitle.format(day))}</span>
                        <span className="calendar__date-short" aria-hidden="true">
                          {view === 'week' ? shortDay.format(day) : day.getDate()}
                        </span>
                        {list.length > 0 ? <span className="calendar__count">{TEXT.orders(list.length)}</span> : null}
                      </h3>
                      {list.length > 0 ? (
                        <ul className="calendar__orders">
                          {list.map((order) => (
                            <CalendarOrder
                              key={order.id}
                              order={order}
                              timeZone={order.site.timeZone ?? serverTimeZone}
                              now={now}
                              onReassign={onReassign}
                            />
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {shown && shown.length === 0 ? <p className="muted">{TEXT.empty}</p> : null}
        {load.length > 0 ? (
          <LoadTable
            load={load}
            days={view === 'week' ? days : days.filter((d) => byDay.has(dayKey(d)))}
            period={period}
          />
        ) : null}
      </QueryState>
    </div>
  );
}

function CalendarOrder({
  order,
  timeZone,
  now,
  onReassign,
}: {
  order: SessionListItem;
  /** The site's zone, its hours are written in; null while unknown. */
  timeZone: string | null;
  now: Date;
  onReassign: (orderId: number) => void;
}) {
  const state = calendarState(order, now);
  const late = isLate(state);
  return (
    <li className={`calendar__order calendar__order--${state.toLowerCase()}${late ? ' calendar__order--late' : ''}`}>
      <Link to={`/admin/sessions/${order.id}`} className="calendar__order-link">
        <span className="calendar__order-time">
          {order.scheduledAt ? formatTimeIn(order.scheduledAt, timeZone) : ''}
        </span>{' '}
        <span className="calendar__order-site">{order.site.name}</span>
        <span className="calendar__order-tech">{order.technician.fullName}</span>
        <span className="calendar__order-state">
          {late ? <span aria-hidden="true">⚠ </span> : null}
          {CALENDAR_STATUS[state]}
          {order.servicePlanId ? ` · ${TEXT.fromPlan}` : ''}
          <span className="visually-hidden"> · {TEXT.openOrder(order.id)}</span>
        </span>
      </Link>
      {order.status !== 'COMPLETED' ? (
        <button
          type="button"
          className="button button--ghost button--small calendar__reassign"
          onClick={() => onReassign(order.id)}
          aria-label={TEXT.reassignOrder(order.id)}
        >
          {TEXT.reassign}
        </button>
      ) : null}
    </li>
  );
}

function LoadTable({ load, days, period }: { load: ReturnType<typeof technicianLoad>; days: Date[]; period: string }) {
  return (
    <div className="calendar__load">
      <table className="calendar__load-table">
        <caption>{TEXT.loadCaption(period)}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXT.technician}</th>
            {days.map((day) => (
              <th key={dayKey(day)} scope="col">
                {shortDay.format(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {load.map((row) => (
            <tr key={row.technicianId}>
              <th scope="row">{row.fullName}</th>
              {days.map((day) => {
                const cell = row.days.get(dayKey(day));
                return (
                  <td key={dayKey(day)}>
                    {cell ? (
                      <>
                        {TEXT.orders(cell.orders)}
                        <br />
                        <span className="muted">{TEXT.devices(cell.devices)}</span>
                      </>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
