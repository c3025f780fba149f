import type pg from 'pg';

/**
 * Resolves once the PostgreSQL backend `pid` waits for a lock, so a test that holds the lock knows the other
 * transaction has reached it before letting it go.
 */
export async function untilWaitingForLock(pool: pg.Pool, pid: number): Promise<void> {
  for (let tries = 0; ; tries++) {
    const { rows } = await pool.query<{ wait: string | null }>(
      'select wait_event_type as wait from pg_stat_activity where pid = $1',
      [pid],
    );
    if (rows[0]?.wait === 'Lock') return;
    if (tries > 200) throw new Error('the second transaction never waited');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
