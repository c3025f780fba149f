import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { AuthUser } from '../lib/auth-user.js';
import { ClientsRepository } from '../modules/clients/clients.repository.js';
import { ClientsService } from '../modules/clients/clients.service.js';
import { notificationKinds } from '../modules/notifications/notification-kinds.js';
import { NotificationsRepository } from '../modules/notifications/notifications.repository.js';
import { NotificationsService } from '../modules/notifications/notifications.service.js';
import { OutboxRepository } from '../modules/notifications/outbox.repository.js';
import { RecipientsRepository } from '../modules/notifications/recipients.repository.js';
import { PortalAccountsRepository } from '../modules/portal/portal-accounts.repository.js';
import { PortalAccountsService } from '../modules/portal/portal-accounts.service.js';
import { SitesRepository } from '../modules/sites/sites.repository.js';
import { SitesService } from '../modules/sites/sites.service.js';

/** The portal password of the demo client's QA manager, printed in the seed's summary and the README. */
export const DEMO_PORTAL_PASSWORD = 'calidad-demo';

/** Events of the demo year told under the bells, the latest of each: the rest are history nobody is told of. */
const TOLD = 4;

/**
 * The demo client's QA manager in the plant's portal (/cliente), invited as the office invites (a single-use
 * link, used at once with DEMO_PORTAL_PASSWORD), seeing all the client's sites; and a few notifications under
 * her bell and the office's: the year's latest certificates and actions, told as the server tells them. The
 * year's earlier events are marked told without telling anyone (no bell of a hundred certificates, no email of
 * a visit a year old when SMTP is set up later).
 */
export async function seedPortalAccount(
  db: Database,
  config: Config,
  office: AuthUser,
  siteId: number,
  person: { email: string; fullName: string },
): Promise<{ email: string; notifications: number }> {
  const clients = new ClientsService(new ClientsRepository(db));
  const site = await new SitesService(new SitesRepository(db)).get(office, siteId);
  const accounts = new PortalAccountsService(new PortalAccountsRepository(db), {
    client: async (id) => {
      const client = await clients.get(id);
      return { ...client, siteIds: client.sites.map((each) => each.id) };
    },
    accessChanged() {},
  });
  const issued = await accounts.create(office, site.clientId, person, config.PUBLIC_URL ?? 'http://localhost');
  await accounts.accept(new URL(issued.invitationUrl).pathname.split('/').at(-1)!, DEMO_PORTAL_PASSWORD);

  await db.execute(sql`update notification_events set processed_at = now()
    where processed_at is null and id not in (
      select id from notification_events where kind in ('certificate-issued', 'action-opened') order by id desc limit ${TOLD})`);
  const notifications = new NotificationsService(new NotificationsRepository(db), new OutboxRepository(db), {
    mail: false,
    kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: config.PUBLIC_URL }),
  });
  while ((await notifications.processEvents()) > 0) {}
  const { unread } = await notifications.list(issued.account.id);
  return { email: issued.account.email, notifications: unread };
}
