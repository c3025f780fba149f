/**
 * Every query key in one place: mutations in one feature invalidate lists owned by another (closing an
 * order changes the compliance figures and the technician's own list) without features importing each other.
 */
export const queryKeys = {
  profile: ['auth', 'profile'] as const,
  traps: ['traps'] as const,
  technicians: ['technicians'] as const,
  /** Prefix of every order query: the admin list, the technician's own lists and single orders. */
  sessions: ['sessions'] as const,
  sessionList: ['sessions', 'list'] as const,
  mySessions: ['sessions', 'me'] as const,
  /** One order as the technician's scan screen shows it. */
  session: (id: number) => ['sessions', 'detail', id] as const,
  compliance: ['reports', 'compliance'] as const,
};
