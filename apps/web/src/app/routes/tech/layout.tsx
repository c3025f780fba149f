import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '../../../components/layouts/app-shell';
import { useAuth } from '../../../features/auth/components/auth-provider';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { useOrderEvents } from '../../../features/orders/realtime/use-order-events';
import { RouteFallback } from '../../route-fallback';

const NAV: NavItem[] = [{ to: '/tech/sessions', label: 'Órdenes asignadas' }];

export default function TechLayout() {
  const { token, role } = useAuth();
  // Spec section 4: the realtime connection exists only while a TECH is signed in.
  useOrderEvents(role === 'TECH' ? token : null);
  return (
    <AppShell subtitle="Flujo técnico" nav={NAV} account={<UserMenu />}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
