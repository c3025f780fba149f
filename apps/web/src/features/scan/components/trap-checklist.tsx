import type { SessionItem } from '@rondin/contracts';
import { type ReactNode, useId } from 'react';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { SCAN_MESSAGES } from '../messages';
import { itemState, trapName, type ItemState, type OrderProgress } from '../utils/scan-flow';
import { inWalkOrder } from '../utils/walk-order';

/** How each state reads: the words say it (the badge), the colour and the mark only repeat it. */
const STATE_VIEW: Record<ItemState, { row: string; tone: BadgeTone; label: string }> = {
  completed: { row: 'trap-row trap-row--done', tone: 'success', label: SCAN_MESSAGES.itemCompleted },
  unsent: { row: 'trap-row trap-row--unsent', tone: 'info', label: SCAN_MESSAGES.itemUnsent },
  pending: { row: 'trap-row', tone: 'warning', label: SCAN_MESSAGES.itemPending },
};

interface TrapChecklistProps {
  items: readonly SessionItem[];
  progress: OrderProgress;
  /** The qrHash of each of the order's scans waiting on the device. */
  unsentQrHashes: ReadonlySet<string>;
  /** Under each trap: what was recorded there, and what can still be. */
  details?: ((item: SessionItem, state: ItemState) => ReactNode) | undefined;
}

/** Spec section 2: the side list of the order's traps, each with its state, in the site's walk order. */
export function TrapChecklist({ items, progress, unsentQrHashes, details }: TrapChecklistProps) {
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
        {inWalkOrder(items).map((item) => {
          const state = itemState(item, unsentQrHashes);
          const view = STATE_VIEW[state];
          return (
            <li key={item.id} className={view.row}>
              <span className="trap-row__mark" aria-hidden="true">
                {state === 'pending' ? null : <CheckIcon />}
              </span>
              <div className="trap-row__text">
                <span className="trap-row__code">{trapName(item)}</span>
                <span className="trap-row__area">{item.trap?.area?.trim() || SCAN_MESSAGES.noArea}</span>
              </div>
              <StatusBadge tone={view.tone}>{view.label}</StatusBadge>
              {details ? <div className="trap-row__details">{details(item, state)}</div> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
