import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '../../../components/layouts/app-shell';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { useAuth } from '../../../features/auth/components/auth-provider';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { useNotificationEvents } from '../../../features/notifications/realtime/use-notification-events';
import { PORTAL_MESSAGES } from '../../../features/portal/messages';
import { RouteFallback } from '../../route-fallback';

const NAV: NavItem[] = [{ to: '/cliente', label: PORTAL_MESSAGES.nav.sites }];

/** The plant's portal (role CLIENTE): her sites and their records, on a phone as on a laptop. */
export default function PortalLayout() {
  const { token, role } = useAuth();
  // The bell hears its new notifications at once (the office's and technician's layouts' connections do too).
  useNotificationEvents(role === 'CLIENTE' ? token : null);
  return (
    <AppShell
      subtitle={PORTAL_MESSAGES.subtitle}
      nav={NAV}
      account={
        <>
          <NotificationBell />
          <UserMenu />
        </>
      }
    >
      <ConnectionNotice />
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
