import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '../../../components/layouts/app-shell';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { RouteFallback } from '../../route-fallback';

const NAV: NavItem[] = [{ to: '/tech/sessions', label: 'Órdenes asignadas' }];

export default function TechLayout() {
  return (
    <AppShell subtitle="Flujo técnico" nav={NAV} account={<UserMenu />}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
