import { ReportMessages } from '@rondin/contracts/messages';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PERIOD,
  isPeriodChoice,
  PERIOD_CHOICES,
  parseDay,
  periodFor,
  type Period,
  type PeriodChoice,
} from '../utils/period';

interface PeriodParams {
  choice: PeriodChoice;
  /** The custom period's days as typed (`YYYY-MM-DD`), kept while another choice is shown. */
  customFrom: string;
  customTo: string;
  /** Undefined while a custom period lacks a day or ends before it starts. */
  period: Period | undefined;
  onChange: (changes: { choice?: PeriodChoice; customFrom?: string; customTo?: string }) => void;
}

/**
 * The period lives in the address (`?period=last-month`, or `?period=custom&from=…&to=…`), so a reload,
 * the back button or a shared link shows the same figures. The default, this month, leaves the address bare.
 */
export function usePeriodParams(): PeriodParams {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('period');
  const choice = isPeriodChoice(requested) ? requested : DEFAULT_PERIOD;
  const customFrom = search.get('from') ?? '';
  const customTo = search.get('to') ?? '';
  const today = new Date().toDateString();
  const period = useMemo(
    () => periodFor(choice, new Date(today), { from: customFrom, to: customTo }),
    [choice, customFrom, customTo, today],
  );

  function onChange(changes: { choice?: PeriodChoice; customFrom?: string; customTo?: string }) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        const nextChoice = changes.choice ?? choice;
        let from = changes.customFrom ?? customFrom;
        let to = changes.customTo ?? customTo;
        // Choosing "Personalizado" starts from the period on screen, so the two dates are never empty.
        if (changes.choice === 'custom' && period && !from && !to) {
          from = period.firstDay;
          to = period.lastDay;
        }
        // Another period is another list: a paged one starts again at its first page.
        next.delete('page');
        if (nextChoice === DEFAULT_PERIOD) next.delete('period');
        else next.set('period', nextChoice);
        for (const [key, value] of [
          ['from', from],
          ['to', to],
        ] as const) {
          if (nextChoice === 'custom' && value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  return { choice, customFrom, customTo, period, onChange };
}

/** A labelled select of periods, and two labelled dates for "Personalizado" (both days included). */
export function PeriodPicker({
  choice,
  customFrom,
  customTo,
  onChange,
  legend = 'Período de los indicadores',
}: PeriodParams & { legend?: string }) {
  const ids = { choice: useId(), from: useId(), to: useId(), error: useId() };
  const reversed = (() => {
    const first = parseDay(customFrom);
    const last = parseDay(customTo);
    return first !== undefined && last !== undefined && first > last;
  })();
  return (
    <fieldset className="period-picker">
      <legend className="visually-hidden">{legend}</legend>
      <div className="field">
        <label htmlFor={ids.choice}>Período</label>
        <select
          id={ids.choice}
          value={choice}
          onChange={(event) => onChange({ choice: event.target.value as PeriodChoice })}
        >
          {PERIOD_CHOICES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {choice === 'custom' ? (
        <>
          <div className="field">
            <label htmlFor={ids.from}>Desde</label>
            <input
              id={ids.from}
              type="date"
              value={customFrom}
              max={customTo || undefined}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? ids.error : undefined}
              onChange={(event) => onChange({ customFrom: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>Hasta</label>
            <input
              id={ids.to}
              type="date"
              value={customTo}
              min={customFrom || undefined}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? ids.error : undefined}
              onChange={(event) => onChange({ customTo: event.target.value })}
            />
          </div>
          {reversed ? (
            <p id={ids.error} className="period-picker__error" role="alert">
              {ReportMessages.periodReversed}
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
