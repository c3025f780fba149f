import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomeRedirect, ProtectedRoute } from '../features/auth/components/protected-route';
import LoginRoute from './routes/login';
import { RouteFallback } from './route-fallback';

// Each section is its own chunk: the sign-in screen loads neither.
const AdminLayout = lazy(() => import('./routes/admin/layout'));
const DashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const TrapsRoute = lazy(() => import('./routes/admin/traps'));
const SessionsRoute = lazy(() => import('./routes/admin/sessions'));
const TechniciansRoute = lazy(() => import('./routes/admin/technicians'));
const TechLayout = lazy(() => import('./routes/tech/layout'));
const TechSessionsRoute = lazy(() => import('./routes/tech/sessions'));
const TechScanRoute = lazy(() => import('./routes/tech/scan'));

/** Spec section 2's route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/" element={<HomeRedirect />} />
        <Route element={<ProtectedRoute roles={['ADMIN']} />}>
          <Route path="/admin" element={<AdminLayout />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<DashboardRoute />} />
            <Route path="traps" element={<TrapsRoute />} />
            <Route path="sessions" element={<SessionsRoute />} />
            <Route path="technicians" element={<TechniciansRoute />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route element={<ProtectedRoute roles={['TECH']} />}>
          <Route path="/tech" element={<TechLayout />}>
            <Route index element={<Navigate to="sessions" replace />} />
            <Route path="sessions" element={<TechSessionsRoute />} />
            <Route path="sessions/:id/scan" element={<TechScanRoute />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
