import type { DeliveryOf } from './notifications.service.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Each event kind's recipients and texts (lib/notification-events.ts names the kinds). Read in the transaction
 * that tells the event, so what is sent is what the database held when it was told.
 */
export function notificationKinds(): Record<string, DeliveryOf> {
  return {
    message: async (_tx, { payload }) => ({
      emails: [
        {
          to: text(payload.to),
          content: { subject: text(payload.subject), heading: text(payload.subject), paragraphs: [text(payload.text)] },
        },
      ],
    }),
  };
}
