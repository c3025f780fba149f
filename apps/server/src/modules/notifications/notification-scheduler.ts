import { type AssessmentDueList, RECOMMENDATION_REMINDER_DAYS, type Reminders } from '@rondin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';
import type { RecipientsRepository } from './recipients.repository.js';

const HOUR_MS = 3_600_000;

export interface SchedulerSources {
  db: Database;
  recipients: RecipientsRepository;
  /** The dashboard's reminders (modules/reports): licences and authorisations expiring, overdue orders. */
  reminders(): Promise<Reminders>;
  /** Every site's assessments due or late (modules/assessments). */
  assessmentsDue(): Promise<AssessmentDueList>;
}

/**
 * Records the periodic events: each with a key naming what it is about (and the day, for the digest), so the
 * unique index on notification_events.dedup_key keeps exactly one however many processes run this, and
 * however often. Answers how many it recorded.
 */
export async function recordPeriodicEvents(sources: SchedulerSources): Promise<number> {
  const { db } = sources;
  const [reminders, due, waiting] = await Promise.all([
    sources.reminders(),
    sources.assessmentsDue(),
    sources.recipients.recommendationsWaiting(db, RECOMMENDATION_REMINDER_DAYS),
  ]);
  const recorded = await Promise.all([
    ...reminders.licences.map(({ technicianId, expiresOn }) =>
      recordNotificationEvent(
        db,
        { kind: 'licence-expiring', technicianId, expiresOn },
        `licence-expiring:${technicianId}:${expiresOn}`,
      ),
    ),
    ...reminders.products.map(({ productId, expiresOn }) =>
      recordNotificationEvent(
        db,
        { kind: 'authorisation-expiring', productId, expiresOn },
        `authorisation-expiring:${productId}:${expiresOn}`,
      ),
    ),
    ...(reminders.overdueOrders > 0
      ? [
          recordNotificationEvent(
            db,
            { kind: 'overdue-digest', day: reminders.today },
            `overdue-digest:${reminders.today}`,
          ),
        ]
      : []),
    ...due.items.map((item) => {
      const dueOn = item.dueDate ?? item.periodFrom ?? '';
      return recordNotificationEvent(
        db,
        { kind: 'assessment-due', siteId: item.site.id, assessmentKind: item.kind, dueOn },
        `assessment-due:${item.site.id}:${item.kind}:${dueOn}`,
      );
    }),
    ...waiting.map((actionId) =>
      recordNotificationEvent(db, { kind: 'recommendation-waiting', actionId }, `recommendation-waiting:${actionId}`),
    ),
  ]);
  return recorded.filter(Boolean).length;
}

/** The periodic events at start-up and every hour; the stop function waits for a run under way. */
export function startNotificationScheduler(
  sources: SchedulerSources,
  log: FastifyBaseLogger,
  onRecorded: () => void,
  intervalMs = HOUR_MS,
): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = recordPeriodicEvents(sources).then(
      (recorded) => {
        if (recorded > 0) onRecorded();
      },
      (error: unknown) => log.error({ err: error }, 'notification scheduler failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
