import type {
  ExceptionReason,
  ExceptionReasonDetail,
  ItemException,
  ItemManual,
  ItemOutcome,
  ManualReason,
} from '@rondin/contracts';

/**
 * How an item's visit ended from its columns, as rondin_item_json says it: an exception, its printed code typed
 * (MANUAL, not proof of presence), or scanned (the only proof); null while pending.
 */
export function itemOutcome(item: {
  status: 'PENDING' | 'COMPLETED';
  exceptionReason: string | null;
  manualReason: string | null;
}): ItemOutcome | null {
  if (item.status !== 'COMPLETED') return null;
  if (item.exceptionReason !== null) return 'EXCEPTION';
  return item.manualReason !== null ? 'MANUAL' : 'SCANNED';
}

/** A MANUAL item's reason and typed code; null for any other. */
export function itemManual(item: { manualReason: ManualReason | null; manualCode: string | null }): ItemManual | null {
  return item.manualReason === null ? null : { reason: item.manualReason, code: item.manualCode ?? '' };
}

/** An EXCEPTION item's reason, its preset detail (null from phones before details) and note (null when none was needed). */
export function itemException(item: {
  exceptionReason: ExceptionReason | null;
  exceptionDetail: ExceptionReasonDetail | null;
  exceptionNote: string | null;
}): ItemException | null {
  return item.exceptionReason === null
    ? null
    : { reason: item.exceptionReason, reasonDetail: item.exceptionDetail, note: item.exceptionNote };
}
