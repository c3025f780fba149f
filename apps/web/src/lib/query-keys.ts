/**
 * Every query key in one place: mutations in one feature invalidate lists owned by another (closing an
 * order changes the compliance figures and the technician's own list) without features importing each other.
 */
export const queryKeys = {
  /** The search box's answer for one text. */
  search: (q: string) => ['search', q] as const,
  profile: ['auth', 'profile'] as const,
  /** The bell's pages of the signed-in account's notifications. */
  notifications: ['notifications'] as const,
  /** The server's TIME_ZONE, the zone of sites without one (lib/server-time-zone.ts). */
  serverTimeZone: ['server', 'time-zone'] as const,
  /** Prefix of every trap query: trap mutations refresh the inventory pages, the areas and the order form's picker. */
  traps: ['traps'] as const,
  /** The label reprint queue: under traps, so a change to the inventory reads it again too. */
  labelReprints: ['traps', 'label-reprints'] as const,
  trapPage: (filters: object) => ['traps', 'page', filters] as const,
  /** The areas in use, of one site or (null) of every site. */
  trapAreas: (siteId?: number) => ['traps', 'areas', siteId ?? null] as const,
  /** The order form's picker: one search, within one site when the order's site is chosen. */
  pickableTraps: (q: string, siteId?: number) => ['traps', 'pickable', q, siteId ?? null] as const,
  /** One trap, and one page of its inspection history. */
  trap: (id: number) => ['traps', 'detail', id] as const,
  trapHistory: (id: number, page: number) => ['traps', 'history', id, page] as const,
  trapRemoteEvents: (id: number, page: number) => ['traps', 'remote-events', id, page] as const,
  technicians: ['technicians'] as const,
  /** Prefix of every order query: the admin list, the technician's own lists and single orders. */
  sessions: ['sessions'] as const,
  sessionPage: (filters: object) => ['sessions', 'page', filters] as const,
  /** Prefix of the technician's own lists: realtime events refresh both the open orders and the completed pages. */
  mySessions: ['sessions', 'me'] as const,
  /** The technician's open orders with their items: what the phone polls and keeps for work without signal. */
  myOpenSessions: ['sessions', 'me', 'active'] as const,
  /** Prefix of the pages of the technician's completed orders. */
  myCompletedSessionPages: ['sessions', 'me', 'completed'] as const,
  /** One page of the technician's completed orders (summaries without items). */
  myCompletedSessions: (page: number) => ['sessions', 'me', 'completed', page] as const,
  /** One order as the technician's scan screen shows it. */
  session: (id: number) => ['sessions', 'detail', id] as const,
  /** A closed order's certificate (folio, hash, verification address): under `sessions`, so a close refreshes it. */
  certificate: (sessionId: number) => ['sessions', 'certificate', sessionId] as const,
  /** The signed-in user's own drawn signature (a PNG), copied onto each certificate they close. */
  ownSignature: ['auth', 'signature'] as const,
  /** The orders of a calendar's period: under `sessions`, so a moved or closed order shows at once. */
  calendarOrders: (filters: object) => ['sessions', 'calendar', filters] as const,
  compliance: ['reports', 'compliance'] as const,
  /** The dashboard's reminders: under compliance, so what refreshes the figures (an order closed) refreshes them. */
  reminders: ['reports', 'compliance', 'reminders'] as const,
  /** Prefix of the trends, which a recorded finding refreshes; one entry per way of asking. */
  trends: ['reports', 'trends'] as const,
  trendReport: (params: object) => ['reports', 'trends', params] as const,
  /** Prefix of every client query: a client's or a site's change refreshes the list, the pages and the contacts. */
  clients: ['clients'] as const,
  clientList: ['clients', 'list'] as const,
  /** One client's page: its sites, open actions and next visits. */
  client: (id: number) => ['clients', 'detail', id] as const,
  clientContacts: (id: number) => ['clients', 'contacts', id] as const,
  /** Prefix of every site query: a site's change refreshes the list and its own page. */
  sites: ['sites'] as const,
  siteList: ['sites', 'list'] as const,
  /** One site, as its plans page names it. */
  site: (id: number) => ['sites', 'detail', id] as const,
  /** Prefix of every service-plan query; a site's plans. */
  /** A site's control programme: every version, and the choices its form offers. */
  programmeVersions: (siteId: number) => ['programmes', 'versions', siteId] as const,
  programmeChoices: (siteId: number, clientId: number) => ['programmes', 'choices', siteId, clientId] as const,
  /** A site's coverage against its contracted frequency over [from, to]; the prefix is refreshed on approval. */
  programmeCoverageOf: (siteId: number) => ['programmes', 'coverage', siteId] as const,
  programmeCoverage: (siteId: number, from: string, to: string) =>
    ['programmes', 'coverage', siteId, from, to] as const,
  servicePlans: ['service-plans'] as const,
  siteServicePlans: (siteId: number) => ['service-plans', 'site', siteId] as const,
  /** The areas and device types a plan of the site may choose (its active devices'). */
  servicePlanOptions: (siteId: number) => ['service-plans', 'options', siteId] as const,
  /** The pest catalogue as the settings screen shows it (inactive entries too). */
  pests: ['pests'] as const,
  /** The active pests a finding can name, as the technician's phone keeps them for work without signal. */
  activePests: ['pests', 'active'] as const,
  /** The pests most caught at a site, per device type: the capture form lists them first, offline too. */
  commonPests: (siteId: number) => ['common-pests', siteId] as const,
  /** The biocide products as the settings screen shows them (inactive ones too). */
  products: ['products'] as const,
  /** The active products an application can name, kept on the phone for work without signal. */
  activeProducts: ['products', 'active'] as const,
  /** An order's applications of products. */
  orderApplications: (sessionId: number) => ['applications', sessionId] as const,
  /** Prefix of every plan query: a plan's change refreshes its site's list, its own detail and the order views. */
  plans: ['plans'] as const,
  sitePlans: (siteId: number) => ['plans', 'site', siteId] as const,
  plan: (id: number) => ['plans', 'detail', id] as const,
  /**
   * A plan's image, by the time it last changed: a replaced image is a new key, the old one is never shown. Not
   * under `plans`: refreshing the plans after a change never reads the megabytes of an image again.
   */
  planImage: (id: number, updatedAt: string) => ['plan-images', id, updatedAt] as const,
  /** Where each of a site's devices stands (the editor's list and markers), and every active device of the site. */
  sitePlacements: (siteId: number) => ['plans', 'placements', siteId] as const,
  siteDevices: (siteId: number) => ['traps', 'site', siteId] as const,
  /** A site's walk order, under `plans`: a device placed or moved changes what a proposal would be. */
  siteRoute: (siteId: number) => ['plans', 'route', siteId] as const,
  /** Prefix of every corrective-action query: a state change refreshes the list, the dashboard and the detail. */
  actions: ['actions'] as const,
  actionList: (filters: object) => ['actions', 'list', filters] as const,
  action: (id: number) => ['actions', 'detail', id] as const,
  /** Prefix of the threshold queries: the global ones (siteId undefined) and each site's. */
  allThresholds: ['thresholds'] as const,
  thresholds: (siteId?: number) => ['thresholds', siteId ?? 'global'] as const,
  /** Prefix of the office's inspection pages, which a recorded finding refreshes. */
  inspections: ['inspections'] as const,
  /** Prefix of every trap's history pages. */
  trapHistories: ['traps', 'history'] as const,
  /** One page of the office's inspection list: what was found at each device. */
  inspectionPage: (filters: object) => ['inspections', 'page', filters] as const,
  /**
   * A photo's bytes. Never under `sessions`: a photo never changes (a new one has a new id), and refreshing an
   * order must not download its photos again.
   */
  photo: (id: number) => ['photos', id] as const,
  /** A photo's small WebP for lists (GET /photos/{id}?size=thumb), beside the photo itself. */
  photoThumbnail: (id: number) => ['photos', id, 'thumb'] as const,
  /** Another record's photo (a corrective action's evidence), by the path it is read from. */
  photoAt: (path: string) => ['photos', 'at', path] as const,
  /** Prefix of every assessment query: a save, a signature or a new draft refreshes lists, details and what is due. */
  assessments: ['assessments'] as const,
  /** A site's assessments and what it owes. */
  siteAssessments: (siteId: number) => ['assessments', 'site', siteId] as const,
  assessment: (id: number) => ['assessments', 'detail', id] as const,
  /** What every site owes (the dashboard). */
  assessmentsDue: ['assessments', 'due'] as const,
  /** A quarter's visits against the frequency contracted in the site's programme, as a review shows them. */
  contractedCoverage: (siteId: number, from: string, to: string) =>
    ['assessments', 'coverage', siteId, from, to] as const,
  /** Prefix of every sighting query: a sighting reported (realtime) or its action closed refreshes them all. */
  sightings: ['sightings'] as const,
  /** Every site's sightings as the dashboard asks for them (open ones). */
  sightingList: (filters: object) => ['sightings', 'list', filters] as const,
  siteSightings: (siteId: number) => ['sightings', 'site', siteId] as const,
  /** A site's sightings as the portal reads them (under the prefix: a report or a closed action refreshes them). */
  portalSightings: (siteId: number) => ['sightings', 'portal', siteId] as const,
  /** A site's sighting link: what its posters' QR opens. */
  sightingLink: (siteId: number) => ['sightings', 'link', siteId] as const,
  /** The plans a technician's order reaches, with their devices. */
  orderPlans: (orderId: number) => ['plans', 'order', orderId] as const,
  /** An invitation link's facts (public: who is invited, by which client). */
  invitation: (token: string) => ['invitations', token] as const,
  /** Prefix of every read of the plant's portal: an acknowledgement or a response refreshes them all. */
  portal: ['portal'] as const,
  /** The portal account's sites, each with its state at a glance. */
  portalSites: ['portal', 'sites'] as const,
  /** One of a site's records in the portal (`part`: its visits, findings, actions, documents…). */
  portalSite: (siteId: number, ...part: (string | number)[]) => ['portal', 'sites', siteId, ...part] as const,
  /** A client's portal accounts, as its page lists them for the office. */
  portalAccounts: (clientId: number) => ['portal-accounts', clientId] as const,
};
