import type { Session } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { siteHourHint } from '../../../lib/format';
import { ORDER_DETAIL_MESSAGES as TEXT, ORDER_MESSAGES } from '../messages';
import { isoToLocalInput, localInputToIso } from '../utils/local-date-time';

interface RescheduleOrderDialogProps {
  session: Session;
  saving: boolean;
  error: NoticeMessage | null;
  /** The site's zone, whose hour is typed; null while unknown (the browser's, then). */
  timeZone: string | null;
  /** The new time as an ISO instant, or null for no date. */
  onSubmit: (scheduledAt: string | null) => void;
  onClose: () => void;
}

/** Gives an open order another date and time, in its site's hour, or none (PATCH scheduledAt). */
export function RescheduleOrderDialog({
  session,
  timeZone,
  saving,
  error,
  onSubmit,
  onClose,
}: RescheduleOrderDialogProps) {
  const ids = { date: useId(), dateHint: useId(), none: useId() };
  const [value, setValue] = useState(() => isoToLocalInput(session.scheduledAt, timeZone));
  const [none, setNone] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const iso = localInputToIso(value, timeZone);
  const zoneHint = siteHourHint(timeZone);
  // Derived from the form as it is now: the message goes as soon as a date is typed or 'no date' is ticked.
  const problem = attempted && !none && !iso ? TEXT.rescheduleRequired : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (none) onSubmit(null);
    else if (iso) onSubmit(iso);
  }

  return (
    <Modal title={TEXT.rescheduleTitle(session.id)} onClose={onClose} locked={saving} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.date}>{TEXT.rescheduleField}</label>
          <input
            id={ids.date}
            type="datetime-local"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            disabled={saving || none}
            aria-invalid={problem ? true : undefined}
            aria-describedby={zoneHint ? ids.dateHint : undefined}
            data-autofocus
          />
          {zoneHint ? (
            <p id={ids.dateHint} className="field-hint">
              {ORDER_MESSAGES.siteHour(zoneHint)}
            </p>
          ) : null}
        </div>
        <label className="checkbox-field order-dialog__checkbox" htmlFor={ids.none}>
          <input
            id={ids.none}
            type="checkbox"
            checked={none}
            onChange={(event) => setNone(event.target.checked)}
            disabled={saving}
          />
          {TEXT.rescheduleNone}
        </label>
        {problem ? <Notice notice={{ tone: 'error', text: problem }} /> : error ? <Notice notice={error} /> : null}
        <FormActions saving={saving} submitLabel={TEXT.rescheduleSubmit} onCancel={onClose} />
      </form>
    </Modal>
  );
}
