import type { Database, Transaction } from '../db/database.js';
import { notificationEvents } from '../db/schema.js';

/**
 * What someone is to be told of, as the module where it happened records it. Each names the row it is about;
 * the notifications module reads the rest (recipients, texts) when it turns the event into emails and in-app
 * notifications, so the modules that record events import nothing of it (modules/notifications/README.md).
 */
export type NotificationEvent =
  | { kind: 'certificate-issued'; certificateId: number }
  | { kind: 'action-opened'; actionId: number }
  | { kind: 'sighting-reported'; sightingId: number }
  | { kind: 'recommendation-waiting'; actionId: number }
  | { kind: 'assessment-due'; siteId: number; assessmentKind: string; dueOn: string }
  | { kind: 'licence-expiring'; technicianId: number; expiresOn: string }
  | { kind: 'authorisation-expiring'; productId: number; expiresOn: string }
  | { kind: 'overdue-digest'; day: string }
  /** An electronic device's maintenance alert: opened, battery low, no connection (modules/integrations). */
  | { kind: 'device-alert'; remoteEventId: number }
  | {
      kind: 'portal-invitation';
      email: string;
      name: string;
      clientName: string;
      invitationUrl: string;
      /** ISO timestamp: the link's last moment. */
      expiresAt: string;
    }
  /** A webhook switched off after failing for 3 days (modules/integrations): the office is told. */
  | { kind: 'webhook-disabled'; webhookId: number; url: string; failingSince: string }
  /** A plain email to one address: what the tests and the bench queue. */
  | { kind: 'message'; to: string; subject: string; text: string };

/**
 * Records `event` in `tx`, the transaction of what happened, so it is told if and only if that commits.
 * `dedupKey` (a periodic event's day, a reminder's subject) makes a second record of the same event a no-op,
 * whichever process tries: answers whether this call recorded it.
 */
export async function recordNotificationEvent(
  tx: Database | Transaction,
  event: NotificationEvent,
  dedupKey?: string,
): Promise<boolean> {
  const { kind, ...payload } = event;
  const inserted = await tx
    .insert(notificationEvents)
    .values({ kind, payload, dedupKey: dedupKey ?? null })
    .onConflictDoNothing()
    .returning({ id: notificationEvents.id });
  return inserted.length > 0;
}
