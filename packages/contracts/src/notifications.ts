import { z } from 'zod';
import { Id, IdNumber, Timestamp } from './common.js';

/** The most ids one POST /api/notifications/read marks: a page and then some. */
export const MAX_NOTIFICATIONS_READ = 100;

/**
 * One notification under an account's bell (DESIGN-plant.md, "Email and notifications"): what happened, in
 * Spanish, and where the web app shows it (`link`, a path such as /acciones/12, or null).
 */
export const Notification = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type Notification = z.infer<typeof Notification>;

/** A page of the caller's notifications, newest first, with how many are unread in all. */
export const NotificationsPage = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationsQuery = z.strictObject({
  /** Only notifications older than this one (its id): the next page. */
  before: Id.optional(),
});

export const MarkNotificationsReadBody = z.strictObject({
  ids: z
    .array(IdNumber)
    .min(1, 'Indica al menos una notificación.')
    .max(MAX_NOTIFICATIONS_READ, `Se marcan como máximo ${MAX_NOTIFICATIONS_READ} notificaciones a la vez.`),
});
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

export const NotificationsUnread = z.object({ unread: z.number().int() });
export type NotificationsUnread = z.infer<typeof NotificationsUnread>;
