import type { ItemException } from '@rondin/contracts';
import { EXCEPTION_REASON_NAMES, type ExceptionReasonDetail } from '@rondin/contracts/finding-rules';
import { exceptionText } from '@rondin/contracts/finding-text';

/**
 * An exception as the phone holds it: the server's (ItemException), or one still waiting on the device (its
 * body: no detail from older versions, no note unless «Otro»).
 */
export interface ExceptionShown {
  reason: ItemException['reason'];
  reasonDetail?: ExceptionReasonDetail | null | undefined;
  note?: string | null | undefined;
}

/** Why a device was not scanned, in a few words: 'Inaccesible: Área cerrada', 'No encontrada: Otro · …'. */
export function exceptionSummary(exception: ExceptionShown): string {
  const why = exceptionText({
    reason: exception.reason,
    reasonDetail: exception.reasonDetail ?? null,
    note: exception.note ?? null,
  });
  return why ? `${EXCEPTION_REASON_NAMES[exception.reason]}: ${why}` : EXCEPTION_REASON_NAMES[exception.reason];
}
