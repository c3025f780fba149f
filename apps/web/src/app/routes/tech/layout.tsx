import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '../../../components/layouts/app-shell';
import { useAuth } from '../../../features/auth/components/auth-provider';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { OfflineBar } from '../../../features/offline/components/offline-bar';
import { useSavedQueries } from '../../../features/offline/hooks/use-saved-queries';
import { useOrderEvents } from '../../../features/orders/realtime/use-order-events';
import { useOfflineCommonPests } from '../../offline-common-pests';
import { useOfflinePlans } from '../../offline-plans';
import { scanQueue, useOfflineScans } from '../../offline-scans';
import { RouteFallback } from '../../route-fallback';

const NAV: NavItem[] = [
  { to: '/tech/sessions', label: 'Órdenes asignadas' },
  { to: '/tech/assessments', label: 'Evaluaciones' },
];

export default function TechLayout() {
  const { token, role, user } = useAuth();
  // Spec section 4: the realtime connection exists only while a TECH is signed in.
  useOrderEvents(role === 'TECH' ? token : null);
  // The orders this device saved come back before the screens first ask for them (offline field mode).
  const restoring = useSavedQueries(user?.id ?? null);
  useOfflineScans();
  // The plans of the open orders, and their images, kept on the device with the orders.
  useOfflinePlans(restoring ? null : (user?.id ?? null));
  useOfflineCommonPests(!restoring && user?.id !== undefined);
  return (
    <AppShell
      subtitle="Flujo técnico"
      nav={NAV}
      account={
        <>
          <NotificationBell />
          <UserMenu />
        </>
      }
    >
      <OfflineBar queue={scanQueue} />
      <Suspense fallback={<RouteFallback />}>{restoring ? <RouteFallback /> : <Outlet />}</Suspense>
    </AppShell>
  );
}
