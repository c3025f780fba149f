/**
 * The demonstration's clock: the seed replays a year of visits through the services the API uses, and those
 * date what they record by the clock (the close's time and the certificate's folio year by the database's,
 * a corrective action's close by the process's). Embedded PostgreSQL (PGlite) reads the time from the
 * process's `Date.now()`, so moving the process's clock moves both: each visit is closed at its own hour, not
 * all on the day the seed runs. Only for the seed, which owns its process; PostgreSQL keeps the server's clock.
 */
const RealDate = Date;
let offset = 0;

class DemoDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [string | number | Date]));
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}

/**
 * PGlite arms PostgreSQL's statistics timer with the moved clock's instants: once the clock has gone back, the
 * delay it asks Node for overflows, and Node warns, sets it to 1 ms and PostgreSQL arms it again, until the
 * statistics are flushed. Harmless (a timer a millisecond while idle), but thousands of lines: those warnings are
 * not printed while the clock is moved; every other warning is, by the listeners that were there.
 */
let listeners: NodeJS.WarningListener[] | null = null;
const quietOverflow: NodeJS.WarningListener = (warning) => {
  if (warning.name === 'TimeoutOverflowWarning') return;
  for (const listener of listeners ?? []) listener(warning);
};

/** From now on the clock reads `at`, and runs on from there; `null` puts it back to the real time. */
export function setDemoClock(at: Date | number | null): void {
  if (at === null) {
    offset = 0;
    globalThis.Date = RealDate;
    if (listeners) {
      process.off('warning', quietOverflow);
      for (const listener of listeners) process.on('warning', listener);
      listeners = null;
    }
    return;
  }
  offset = (typeof at === 'number' ? at : at.getTime()) - RealDate.now();
  globalThis.Date = DemoDate as DateConstructor;
  if (!listeners) {
    listeners = process.listeners('warning');
    process.removeAllListeners('warning');
    process.on('warning', quietOverflow);
  }
}
