/** Failures counted under one key within a window. */
interface Window {
  failures: number;
  endsAt: number;
}

export interface ThrottleLimit {
  /** Failed attempts allowed within the window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/** Keys kept at most: beyond this, the oldest windows are forgotten first (an attacker cycling addresses). */
const MAX_KEYS = 100_000;

/**
 * Counts failed attempts per key in fixed windows, in this process's memory. Only failures count: a
 * successful sign-in is never a reason to refuse the next one, and it clears its own account-and-address
 * count.
 */
export class FailureCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: ThrottleLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  waitFor(key: string): number {
    const window = this.windows.get(key);
    if (!window) return 0;
    const left = window.endsAt - this.now();
    if (left <= 0) {
      this.windows.delete(key);
      return 0;
    }
    return window.failures >= this.limit.max ? left : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && window.endsAt > now) {
      window.failures++;
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.forgetExpiredOrOldest(now);
    this.windows.set(key, { failures: 1, endsAt: now + this.limit.windowMs });
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  /** Takes back one failure counted ahead of an attempt that then succeeded. */
  forgive(key: string): void {
    const window = this.windows.get(key);
    if (window && window.failures > 0) window.failures--;
  }

  /**
   * A window is inserted when it opens and every window lasts as long, so the map's insertion order is also
   * the order in which windows end: expired ones are all at the front. Dropping from the front costs O(1)
   * a key; only when nothing has expired is the oldest live window forgotten.
   */
  private forgetExpiredOrOldest(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now && this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
      if (window.endsAt > now) break;
    }
  }
}

export interface LoginThrottleOptions {
  /** Failed sign-ins allowed from one address, whatever the account, per minute. */
  perAddressPerMinute: number;
  /** Failed sign-ins allowed for one account from one address per 15 minutes. */
  perAccountAndAddressPer15Minutes: number;
  now?: () => number;
}

/**
 * Guessing is throttled without handing anyone a lock-out button: failures are counted per address, and per
 * account *and* address. A stranger who types wrong passwords for admin@… from their own address only
 * slows themselves down; the real administrator, from another address, signs in at once.
 */
export class LoginThrottle {
  private readonly byAddress: FailureCounter;
  private readonly byAccountAndAddress: FailureCounter;

  constructor(options: LoginThrottleOptions) {
    this.byAddress = new FailureCounter({ max: options.perAddressPerMinute, windowMs: 60_000 }, options.now);
    this.byAccountAndAddress = new FailureCounter(
      { max: options.perAccountAndAddressPer15Minutes, windowMs: 15 * 60_000 },
      options.now,
    );
  }

  /** Milliseconds this address must wait before trying this account again; 0 when it may now. */
  waitFor(email: string, address: string): number {
    return Math.max(this.byAddress.waitFor(address), this.byAccountAndAddress.waitFor(pairKey(email, address)));
  }

  failed(email: string, address: string): void {
    this.byAddress.fail(address);
    this.byAccountAndAddress.fail(pairKey(email, address));
  }

  succeeded(email: string, address: string): void {
    this.byAccountAndAddress.clear(pairKey(email, address));
  }
}

const pairKey = (email: string, address: string) => `${email.toLowerCase()}\n${address}`;
