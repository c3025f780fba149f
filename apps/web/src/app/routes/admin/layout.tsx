import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type NavItem } from '../../../components/layouts/app-shell';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { useAuth } from '../../../features/auth/components/auth-provider';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { SearchBox } from '../../../features/search/components/search-box';
import { useOfficeEvents } from '../../../features/orders/realtime/use-office-events';
import { RouteFallback } from '../../route-fallback';

const NAV: NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/traps', label: 'Trampas' },
  { to: '/admin/label-reprints', label: 'Reimpresión' },
  { to: '/admin/sessions', label: 'Órdenes' },
  { to: '/admin/calendar', label: 'Calendario' },
  { to: '/admin/inspections', label: 'Inspecciones' },
  { to: '/admin/actions', label: 'Acciones' },
  { to: '/admin/technicians', label: 'Técnicos' },
  { to: '/admin/clients', label: 'Clientes' },
  { to: '/admin/sites', label: 'Sitios' },
  { to: '/admin/settings', label: 'Configuración' },
];

export default function AdminLayout() {
  const { token, role } = useAuth();
  // The office's screens follow every order and finding as it happens (technicians never get these events).
  useOfficeEvents(role === 'ADMIN' ? token : null);
  return (
    <AppShell
      subtitle="Panel administrador"
      nav={NAV}
      search={<SearchBox />}
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
