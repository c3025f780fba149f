// No zod here: the programme's screen imports this module alone (@rondin/contracts/programme-names) for the
// names and limits it shows, the same the server accepts, without zod reaching the browser (docs/decisions/0004).

/** Who carries out a responsibility of a control programme: the pest-control company or its client. */
export const PROGRAMME_PARTIES = ['EMPRESA', 'CLIENTE'] as const;
export type ProgrammePartyName = (typeof PROGRAMME_PARTIES)[number];

export const PROGRAMME_PARTY_NAMES: Record<ProgrammePartyName, string> = {
  EMPRESA: 'Empresa de control de plagas',
  CLIENTE: 'Cliente',
};

/** The most rows of each list a version holds, and the longest response time (30 days). */
export const PROGRAMME_LIMITS = {
  frequencies: 100,
  responsibilities: 50,
  products: 200,
  scope: 4000,
  methods: 4000,
  responsibility: 1000,
  responseTimeHours: 720,
} as const;
