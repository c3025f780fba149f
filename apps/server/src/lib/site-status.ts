/**
 * One site's state at a glance, as the reports module counts it (ReportsRepository.siteStatus) and the plant's
 * portal shows it (before sightings, which the sightings module counts).
 */
export interface SiteStatus {
  id: number;
  name: string;
  address: string | null;
  timeZone: string | null;
  clientId: number;
  clientName: string;
  lastVisitId: number | null;
  lastVisitClosedAt: Date | string | null;
  lastCertificateId: number | null;
  nextVisitId: number | null;
  nextVisitAt: Date | string | null;
  dueOrders: number;
  completedOrders: number;
  openActions: number;
  recommendationsAwaiting: number;
}
