import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomeRedirect, ProtectedRoute } from '../features/auth/components/protected-route';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import LoginRoute from './routes/login';
import { RouteFallback } from './route-fallback';

// Each section is its own chunk: the sign-in screen loads neither.
const adminLayout = lazyScreen(() => import('./routes/admin/layout'));
const dashboard = lazyScreen(() => import('./routes/admin/dashboard'));
const traps = lazyScreen(() => import('./routes/admin/traps'));
const trapDetail = lazyScreen(() => import('./routes/admin/trap-detail'));
const labelReprints = lazyScreen(() => import('./routes/admin/label-reprints'));
const sessions = lazyScreen(() => import('./routes/admin/sessions'));
const sessionDetail = lazyScreen(() => import('./routes/admin/session-detail'));
const calendar = lazyScreen(() => import('./routes/admin/calendar'));
const inspections = lazyScreen(() => import('./routes/admin/inspections'));
const coverage = lazyScreen(() => import('./routes/admin/coverage'));
const actions = lazyScreen(() => import('./routes/admin/actions'));
const actionDetail = lazyScreen(() => import('./routes/admin/action-detail'));
const technicians = lazyScreen(() => import('./routes/admin/technicians'));
const clients = lazyScreen(() => import('./routes/admin/clients'));
const clientDetail = lazyScreen(() => import('./routes/admin/client-detail'));
const sites = lazyScreen(() => import('./routes/admin/sites'));
const settings = lazyScreen(() => import('./routes/admin/settings'));
const integrations = lazyScreen(() => import('./routes/admin/integrations'));
const siteDetail = lazyScreen(() => import('./routes/admin/site-detail'));
const sitePlan = lazyScreen(() => import('./routes/admin/site-plan'));
const assessment = lazyScreen(() => import('./routes/admin/assessment'));
const techLayout = lazyScreen(() => import('./routes/tech/layout'));
const techSessions = lazyScreen(() => import('./routes/tech/sessions'));
const techScan = lazyScreen(() => import('./routes/tech/scan'));
const techAssessments = lazyScreen(() => import('./routes/tech/assessments'));
const techSiteAssessments = lazyScreen(() => import('./routes/tech/site-assessments'));
const techAssessment = lazyScreen(() => import('./routes/tech/assessment'));
const trapLink = lazyScreen(() => import('./routes/trap-link'));
const verify = lazyScreen(() => import('./routes/verify'));
const verifyPack = lazyScreen(() => import('./routes/verify-pack'));
const sighting = lazyScreen(() => import('./routes/sighting'));
const ownSignature = lazyScreen(() => import('./routes/own-signature'));
const invitation = lazyScreen(() => import('./routes/invitation'));
const portalLayout = lazyScreen(() => import('./routes/cliente/layout'));
const portalSites = lazyScreen(() => import('./routes/cliente/sites'));
const portalSite = lazyScreen(() => import('./routes/cliente/site'));

const START_SCREENS: [RegExp, LazyScreen[]][] = [
  [/^\/admin(\/dashboard)?\/?$/, [adminLayout, dashboard]],
  [/^\/admin\/traps\/?$/, [adminLayout, traps]],
  [/^\/admin\/traps\/\d+\/?$/, [adminLayout, trapDetail]],
  [/^\/admin\/label-reprints\/?$/, [adminLayout, labelReprints]],
  [/^\/admin\/sessions\/?$/, [adminLayout, sessions]],
  [/^\/admin\/sessions\/\d+\/?$/, [adminLayout, sessionDetail]],
  [/^\/admin\/calendar\/?$/, [adminLayout, calendar]],
  [/^\/admin\/inspections\/?$/, [adminLayout, inspections]],
  [/^\/admin\/coverage\/?$/, [adminLayout, coverage]],
  [/^\/admin\/actions\/?$/, [adminLayout, actions]],
  [/^\/admin\/actions\/\d+\/?$/, [adminLayout, actionDetail]],
  [/^\/admin\/technicians\/?$/, [adminLayout, technicians]],
  [/^\/admin\/clients\/?$/, [adminLayout, clients]],
  [/^\/admin\/clients\/\d+\/?$/, [adminLayout, clientDetail]],
  [/^\/admin\/sites\/?$/, [adminLayout, sites]],
  [/^\/admin\/settings\/?$/, [adminLayout, settings]],
  [/^\/admin\/settings\/integrations\/?$/, [adminLayout, integrations]],
  [/^\/admin\/sites\/\d+\/?$/, [adminLayout, siteDetail]],
  [/^\/admin\/sites\/\d+\/plans\/\d+\/?$/, [adminLayout, sitePlan]],
  [/^\/admin\/assessments\/\d+\/?$/, [adminLayout, assessment]],
  [/^\/tech(\/sessions)?\/?$/, [techLayout, techSessions]],
  [/^\/tech\/assessments\/?$/, [techLayout, techAssessments]],
  [/^\/tech\/sites\/\d+\/assessments\/?$/, [techLayout, techSiteAssessments]],
  [/^\/tech\/assessments\/\d+\/?$/, [techLayout, techAssessment]],
  [/^\/cliente\/?$/, [portalLayout, portalSites]],
  [/^\/cliente\/sites\/\d+\/?$/, [portalLayout, portalSite]],
  [/^\/invitacion\/[^/]+\/?$/, [invitation]],
  [/^\/verificar\/dossier\/[^/]+\/?$/, [verifyPack]],
  [/^\/verificar\/[^/]+\/?$/, [verify]],
  [/^\/avistamiento\/[^/]+\/?$/, [sighting]],
  // Only the scan screen's own address fetches its chunk, and the QR decoder stays behind the camera.
  [/^\/tech\/sessions\/[^/]+\/scan\/?$/, [techLayout, techScan]],
];

/**
 * Starts downloading the layout and page chunks of the screen the app opens on, together and while the stored
 * sign-in is being checked, instead of one after another as each lazy component first renders: each step is a
 * round trip on a slow mobile network.
 */
export function preloadStartScreen(pathname: string): void {
  const screens = START_SCREENS.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  // A failed download shows when the screen renders and asks for the chunk again.
  for (const screen of screens) screen.preload().catch(() => undefined);
}

/** Spec section 2's route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/t/:slug" element={<trapLink.Screen />} />
        <Route path="/verificar/dossier/:code" element={<verifyPack.Screen />} />
        <Route path="/verificar/:code" element={<verify.Screen />} />
        <Route path="/avistamiento/:token" element={<sighting.Screen />} />
        <Route path="/invitacion/:token" element={<invitation.Screen />} />
        <Route path="/" element={<HomeRedirect />} />
        <Route element={<ProtectedRoute roles={['ADMIN']} />}>
          <Route path="/admin" element={<adminLayout.Screen />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<dashboard.Screen />} />
            <Route path="traps" element={<traps.Screen />} />
            <Route path="traps/:id" element={<trapDetail.Screen />} />
            <Route path="label-reprints" element={<labelReprints.Screen />} />
            <Route path="sessions" element={<sessions.Screen />} />
            <Route path="sessions/:id" element={<sessionDetail.Screen />} />
            <Route path="calendar" element={<calendar.Screen />} />
            <Route path="inspections" element={<inspections.Screen />} />
            <Route path="coverage" element={<coverage.Screen />} />
            <Route path="actions" element={<actions.Screen />} />
            <Route path="actions/:id" element={<actionDetail.Screen />} />
            <Route path="technicians" element={<technicians.Screen />} />
            <Route path="clients" element={<clients.Screen />} />
            <Route path="clients/:id" element={<clientDetail.Screen />} />
            <Route path="sites" element={<sites.Screen />} />
            <Route path="settings" element={<settings.Screen />} />
            <Route path="settings/integrations" element={<integrations.Screen />} />
            <Route path="sites/:id" element={<siteDetail.Screen />} />
            <Route path="sites/:id/plans/:planId" element={<sitePlan.Screen />} />
            <Route path="assessments/:id" element={<assessment.Screen />} />
            <Route path="signature" element={<ownSignature.Screen />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route element={<ProtectedRoute roles={['TECH']} />}>
          <Route path="/tech" element={<techLayout.Screen />}>
            <Route index element={<Navigate to="sessions" replace />} />
            <Route path="sessions" element={<techSessions.Screen />} />
            <Route path="sessions/:id/scan" element={<techScan.Screen />} />
            <Route path="assessments" element={<techAssessments.Screen />} />
            <Route path="sites/:id/assessments" element={<techSiteAssessments.Screen />} />
            <Route path="assessments/:id" element={<techAssessment.Screen />} />
            <Route path="signature" element={<ownSignature.Screen />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route element={<ProtectedRoute roles={['CLIENTE']} />}>
          <Route path="/cliente" element={<portalLayout.Screen />}>
            <Route index element={<portalSites.Screen />} />
            <Route path="sites/:id" element={<portalSite.Screen />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
