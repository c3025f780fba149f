import type { NotificationsPage } from '@rondin/contracts';
import type { Transaction } from '../../db/database.js';
import type { OutboxAttachment } from '../../db/schema.js';
import type { BellEvents } from './bell-events.js';
import { type EmailContent, emailHtml, emailText } from './email-body.js';
import type { OutboxRepository } from './outbox.repository.js';
import type { EventRow, NewInApp, NotificationsRepository } from './notifications.repository.js';

/** Events turned into notifications in one transaction. */
const EVENT_BATCH = 20;
const PAGE_SIZE = 20;

/** Who is told of one event, and what. */
export interface Delivery {
  emails: { to: string; content: EmailContent; attachments?: OutboxAttachment[] }[];
  /** In-app notifications, one text per group of accounts (the office's link and the portal's differ). */
  inApp?: NewInApp[];
}

/** The texts and recipients of an event of one kind, read in the transaction that tells it. */
export type DeliveryOf = (tx: Transaction, event: EventRow) => Promise<Delivery>;

export interface NotificationsOptions {
  /** Whether SMTP_URL is set: without it no email is queued (and none piles up for the day it is set). */
  mail: boolean;
  /** Each kind's recipients and texts (notification-kinds.ts); an unknown kind is told to nobody. */
  kinds: Readonly<Record<string, DeliveryOf>>;
  /** Told, after the commit, which accounts got new in-app notifications (their open sessions hear it). */
  bell?: BellEvents;
}

export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly outbox: OutboxRepository,
    private readonly options: NotificationsOptions,
  ) {}

  /**
   * Turns recorded events into queued emails and in-app notifications, each event once however many processes
   * do this at the same time (the events are taken `FOR UPDATE SKIP LOCKED`, marked in the same transaction).
   * Answers how many it took.
   */
  async processEvents(): Promise<number> {
    const told = new Map<number, number>();
    const taken = await this.repository.transaction(async (tx) => {
      const events = await this.repository.claimEvents(tx, EVENT_BATCH);
      for (const event of events) {
        const deliveryOf = this.options.kinds[event.kind];
        if (!deliveryOf) continue;
        const delivery = await deliveryOf(tx, event);
        if (this.options.mail) {
          await this.outbox.enqueue(
            tx,
            delivery.emails.map((email) => ({
              eventId: event.id,
              toAddress: email.to.trim().toLowerCase(),
              subject: email.content.subject,
              textBody: emailText(email.content),
              htmlBody: emailHtml(email.content),
              attachments: email.attachments ?? [],
            })),
          );
        }
        for (const inApp of delivery.inApp ?? []) {
          for (const accountId of await this.repository.addInApp(tx, event.id, inApp)) {
            told.set(accountId, (told.get(accountId) ?? 0) + 1);
          }
        }
      }
      await this.repository.markProcessed(
        tx,
        events.map((event) => event.id),
      );
      return events.length;
    });
    // Only once committed: a session told earlier would read the list before the rows are there.
    if (told.size) this.options.bell?.notified(told);
    return taken;
  }

  async list(accountId: number, before?: number): Promise<NotificationsPage> {
    const [rows, unread] = await Promise.all([
      this.repository.list(accountId, PAGE_SIZE + 1, before),
      this.repository.unreadCount(accountId),
    ]);
    const items = rows
      .slice(0, PAGE_SIZE)
      .map((row) => ({ ...row, readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() }));
    return { items, unread, nextBefore: rows.length > PAGE_SIZE ? items.at(-1)!.id : null };
  }

  async markRead(accountId: number, ids: readonly number[]): Promise<{ unread: number }> {
    await this.repository.markRead(accountId, ids);
    return { unread: await this.repository.unreadCount(accountId) };
  }
}
