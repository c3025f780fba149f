import type { SessionItem } from '@rondin/contracts';
import { useId } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SCAN_MESSAGES } from '../messages';
import { isItemCompleted, trapName, type OrderProgress } from '../utils/scan-flow';

/** Spec section 2: the side list of the order's traps, each with its state. */
export function TrapChecklist({ items, progress }: { items: readonly SessionItem[]; progress: OrderProgress }) {
  const titleId = useId();
  return (
    <section className="panel trap-checklist" aria-labelledby={titleId}>
      <header className="trap-checklist__header">
        <h2 id={titleId} className="panel__title">
          {SCAN_MESSAGES.listTitle}
        </h2>
        <p className="trap-checklist__progress">{SCAN_MESSAGES.listProgress(progress.completed, progress.total)}</p>
      </header>
      <ul className="trap-checklist__list">
        {items.map((item) => {
          const done = isItemCompleted(item);
          return (
            <li key={item.id} className={`trap-row${done ? ' trap-row--done' : ''}`}>
              <span className="trap-row__mark" aria-hidden="true">
                {done ? <CheckIcon /> : null}
              </span>
              <span className="trap-row__text">
                <span className="trap-row__code">{trapName(item)}</span>
                <span className="trap-row__area">{item.trap?.area?.trim() || SCAN_MESSAGES.noArea}</span>
              </span>
              <StatusBadge tone={done ? 'success' : 'warning'}>{done ? SCAN_MESSAGES.itemCompleted : SCAN_MESSAGES.itemPending}</StatusBadge>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
