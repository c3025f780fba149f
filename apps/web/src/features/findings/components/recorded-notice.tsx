import type { SessionItem } from '@rondin/contracts';
import type { PestGroupOf } from '@rondin/contracts/finding-rules';
import { CloseIcon } from '../../../components/ui/close-icon';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import { type ExceptionShown, exceptionSummary } from '../utils/exception-summary';
import { findingSummary } from '../utils/finding-form';
import type { RecordedFinding } from './findings-sheet';

interface RecordedNoticeProps {
  item: SessionItem;
  /** Its current finding (the server's, or one waiting on the phone); null when it has none. */
  current: RecordedFinding | null;
  /** Why it was not scanned, when it was accounted for without a scan (on the server or waiting on the phone). */
  exception: ExceptionShown | null;
  groupOf: PestGroupOf;
  /** «Corregir» (a finding to change) or «Registrar hallazgo» (scanned, nothing recorded yet). */
  onOpen: () => void;
  onDismiss: () => void;
}

/**
 * A device of the order read again once it is done (the label still in view, the same label scanned after a
 * reload): «Ya registrada» with what it holds, never a preset answer. Changing a finding is a deliberate
 * «Corregir». On a phone it rises over the close bar, where the findings sheet would: the answer to what the
 * camera just read is in sight.
 */
export function RecordedNotice({ item, current, exception, groupOf, onOpen, onDismiss }: RecordedNoticeProps) {
  const code = item.trap.code;
  const area = item.trap.area?.trim();
  const summary = current
    ? findingSummary(current.finding, groupOf)
    : exception
      ? exceptionSummary(exception)
      : TEXT.noFinding;
  return (
    <div className="notice notice--info recorded-notice" role="status">
      <div className="notice__body">
        <p className="notice__text">
          <strong>{TEXT.recorded}</strong> · {code}
          {area ? ` · ${area}` : ''}
        </p>
        <p className="notice__detail">
          {summary}
          {current?.waiting ? ` · ${TEXT.waiting}` : ''}
        </p>
      </div>
      {/* Its finding to correct, or (scanned, nothing recorded yet) one to record; an exception has neither. */}
      {exception && !current ? null : (
        <button
          type="button"
          className="button button--secondary recorded-notice__button"
          aria-label={current ? TEXT.correctFor(code) : TEXT.findingFor(code)}
          onClick={onOpen}
        >
          {current ? TEXT.correct : TEXT.record}
        </button>
      )}
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={TEXT.recordedDismiss}>
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
