// No zod here: the technician's screens import this module alone (@rondin/contracts/realtime), and
// pulling zod into their bundle would cost 41 KB and trip the CSP with zod's eval probe.

/**
 * Events the server pushes on the `/sessions` socket.io namespace. A technician's sockets hear only their own
 * orders' `session.*`; administrators' sockets (the office) hear every order's, `finding.recorded` when a
 * device's finding is stored, `action.opened` when a corrective action opens (over a threshold or by hand) and
 * `sighting.created` when the plant's staff report a sighting (its action's `action.opened` follows).
 * Technicians never receive office events. Every account's sockets, whatever its role, hear
 * `notification.created` when new notifications were written for it (the bell reads them again).
 */
export interface SessionServerEvents {
  'session.created': (payload: { sessionId: number }) => void;
  'session.updated': (payload: { sessionId: number }) => void;
  'finding.recorded': (payload: { sessionId: number; itemId: number }) => void;
  'action.opened': (payload: { actionId: number }) => void;
  'sighting.created': (payload: { sightingId: number; siteId: number; actionId: number }) => void;
  'notification.created': (payload: { count: number }) => void;
}

export const SESSIONS_NAMESPACE = '/sessions';
