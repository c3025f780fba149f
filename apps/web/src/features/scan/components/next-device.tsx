import type { SessionItem } from '@rondin/contracts';
import { SCAN_MESSAGES } from '../messages';
import { trapName } from '../utils/scan-flow';
import { nextToWalk } from '../utils/walk-order';

/**
 * «Siguiente: TRP-… · área»: where to walk next, the first device of the site's route still to do. A live line,
 * so a screen reader hears the next device after each record; nothing once every device is done.
 */
export function NextDevice({
  items,
  unsentQrHashes,
}: {
  items: readonly SessionItem[];
  unsentQrHashes: ReadonlySet<string>;
}) {
  const next = nextToWalk(items, unsentQrHashes);
  return (
    <p className="scan-next" aria-live="polite">
      {next ? SCAN_MESSAGES.next(trapName(next), next.trap.area?.trim() || SCAN_MESSAGES.noArea) : null}
    </p>
  );
}
