/**
 * Tells an account's open sessions that notifications were written for it, once they are committed, so its
 * bell reads them at once instead of at its next minute's poll. Realtime delivery lives elsewhere.
 */
export interface BellEvents {
  /** `counts`: how many new notifications each account got. */
  notified(counts: ReadonlyMap<number, number>): void;
}
