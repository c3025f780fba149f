// No zod here: the technician's screens import this module alone (@rondin/contracts/realtime), and
// pulling zod into their bundle would cost 41 KB and trip the CSP with zod's eval probe.

/** Events the server pushes on the `/sessions` socket.io namespace, to the assigned technician only. */
export interface SessionServerEvents {
  'session.created': (payload: { sessionId: number }) => void;
  'session.updated': (payload: { sessionId: number }) => void;
}

export const SESSIONS_NAMESPACE = '/sessions';
