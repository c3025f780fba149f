import type { OrderSighting } from '@rondin/contracts';
import type { Database } from '../../db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import type { OrderEvents } from '../../lib/order-events.js';
import type { PdfSeal } from '../../lib/pdf-signature.js';
import { CompanyRepository } from '../company/company.repository.js';
import { CompanyService } from '../company/company.service.js';
import { CertificatesRepository } from '../certificates/certificates.repository.js';
import { type CertificateLog, CertificatesService } from '../certificates/certificates.service.js';
import { FindingsRepository } from '../findings/findings.repository.js';
import { ApplicationsRepository } from '../products/applications.repository.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

const STDERR_LOG: CertificateLog = {
  warn: (details: object, message: string) => process.emitWarning(`${message} ${JSON.stringify(details)}`),
  error: (details: object, message: string) => process.emitWarning(`${message} ${JSON.stringify(details)}`),
};

/** The server's address at its default port: what a script's certificates point at without PUBLIC_URL. */
const DEFAULT_LOCAL_URL = 'http://localhost:3000';

/**
 * Orders and their certificates, wired to each other: closing an order issues its certificate, and a
 * certificate is the order's report with what only a certificate holds. The server and the demo seed use it.
 */
export function ordersWithCertificates(
  db: Database,
  events: OrderEvents,
  files: FileStorage,
  options: {
    timeZone: string;
    publicUrl?: string | undefined;
    /** The server's own address, for a certificate drawn outside a request without PUBLIC_URL (DEFAULT_LOCAL_URL). */
    localUrl?: string;
    /** The company heading every report and certificate; without it, read from the company settings each time. */
    company?: LetterheadSource;
    /** The server's logger; scripts without one report on standard error. */
    log?: CertificateLog;
    /** Signs each certificate before it is stored, when the company has a signing certificate. */
    seal?: PdfSeal;
    /** A site's open sightings, which an open order's detail shows (modules/sightings). */
    openSightings?: (siteId: number) => Promise<OrderSighting[]>;
  },
) {
  const repository = new OrdersRepository(db);
  const companyService = new CompanyService(new CompanyRepository(db), files);
  const company = options.company ?? (() => companyService.letterhead());
  const applications = new ApplicationsRepository(db);
  const certificates = new CertificatesService(new CertificatesRepository(db), files, {
    timeZone: options.timeZone,
    publicUrl: options.publicUrl,
    localUrl: options.localUrl ?? DEFAULT_LOCAL_URL,
    loadSession: (id) => repository.findJson(id),
    loadApplications: async (sessionId) => (await applications.orderReport(sessionId)).applications,
    render: (session, content) => orders.renderReport(session, content),
    ...(options.seal ? { seal: options.seal } : {}),
    log: options.log ?? STDERR_LOG,
  });
  const orders = new OrdersService(
    repository,
    events,
    { timeZone: options.timeZone, company },
    certificates,
    new FindingsRepository(db),
    options.openSightings,
  );
  return { repository, orders, certificates };
}
