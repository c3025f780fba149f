import type { BulkRescheduleBody } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ORDER_TABLE_MESSAGES as TEXT } from '../messages';

interface BulkRescheduleDialogProps {
  count: number;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (change: Omit<BulkRescheduleBody, 'ids'>) => void;
  onClose: () => void;
}

/**
 * Moves the selected orders to another day, all or none (POST /sessions/bulk-reschedule): each keeps its time,
 * or all take the time given; the server reads both in each order's site's zone.
 */
export function BulkRescheduleDialog({ count, saving, error, onSubmit, onClose }: BulkRescheduleDialogProps) {
  const ids = { date: useId(), time: useId(), mode: useId(), note: useId() };
  const [date, setDate] = useState('');
  const [keepTime, setKeepTime] = useState(true);
  const [time, setTime] = useState('');
  const [attempted, setAttempted] = useState(false);
  const problem = !attempted
    ? null
    : !date
      ? TEXT.rescheduleDateRequired
      : !keepTime && !time
        ? TEXT.rescheduleTimeRequired
        : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!date || (!keepTime && !time)) return;
    onSubmit(keepTime ? { date } : { date, time });
  }

  return (
    <Modal title={TEXT.rescheduleTitle(count)} onClose={onClose} locked={saving} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.date}>{TEXT.rescheduleDate}</label>
          <input
            id={ids.date}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            disabled={saving}
            aria-invalid={problem === TEXT.rescheduleDateRequired ? true : undefined}
            aria-describedby={ids.note}
            data-autofocus
          />
        </div>
        <fieldset className="order-dialog__time-mode">
          <legend className="visually-hidden">{TEXT.rescheduleTime}</legend>
          <label className="checkbox-field">
            <input
              type="radio"
              name={ids.mode}
              checked={keepTime}
              onChange={() => setKeepTime(true)}
              disabled={saving}
            />
            {TEXT.rescheduleKeepTime}
          </label>
          <label className="checkbox-field">
            <input
              type="radio"
              name={ids.mode}
              checked={!keepTime}
              onChange={() => setKeepTime(false)}
              disabled={saving}
            />
            {TEXT.rescheduleSetTime}
          </label>
        </fieldset>
        {keepTime ? null : (
          <div className="field">
            <label htmlFor={ids.time}>{TEXT.rescheduleTime}</label>
            <input
              id={ids.time}
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              disabled={saving}
              aria-invalid={problem === TEXT.rescheduleTimeRequired ? true : undefined}
            />
          </div>
        )}
        <p className="field-hint" id={ids.note}>
          {TEXT.rescheduleZoneNote}
        </p>
        {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : error ? <Notice notice={error} /> : null}
        <FormActions
          saving={saving}
          submitLabel={TEXT.rescheduleSubmit}
          savingLabel={TEXT.rescheduleSaving}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
