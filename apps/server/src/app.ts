import { type AssessmentDueList, installSpanishErrors } from '@rondin/contracts';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, poolStats } from './db/database.js';
import { ActionsRepository } from './modules/actions/actions.repository.js';
import { actionsRoutes } from './modules/actions/actions.routes.js';
import { AssessmentsRepository } from './modules/assessments/assessments.repository.js';
import { assessmentsRoutes, siteAssessmentsRoutes } from './modules/assessments/assessments.routes.js';
import { AssessmentsService } from './modules/assessments/assessments.service.js';
import { ACTION_RESPONSE_FORM, ActionsService } from './modules/actions/actions.service.js';
import { AuditLogRepository } from './modules/audit-log/audit-log.repository.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { AuditLogService } from './modules/audit-log/audit-log.service.js';
import { writeAuditPackExcel } from './modules/audit-pack/audit-pack-excel.js';
import { AuditPackRepository } from './modules/audit-pack/audit-pack.repository.js';
import { auditPackRoutes, packVerifyRoutes } from './modules/audit-pack/audit-pack.routes.js';
import { AuditPackService } from './modules/audit-pack/audit-pack.service.js';
import { PackAnnexes } from './modules/audit-pack/pack-annexes.js';
import { PackIssuesRepository } from './modules/audit-pack/pack-issues.repository.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import type { TokenService } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ApiTokensRepository } from './modules/integrations/api-tokens.repository.js';
import { apiTokensRoutes } from './modules/integrations/api-tokens.routes.js';
import { ApiTokensService } from './modules/integrations/api-tokens.service.js';
import { remoteEventsPlugin } from './modules/integrations/remote-events/remote-events.plugin.js';
import { webhookSender } from './modules/integrations/webhook-sender.js';
import { WebhookWorker } from './modules/integrations/webhook-worker.js';
import { WebhooksRepository } from './modules/integrations/webhooks.repository.js';
import { webhooksRoutes } from './modules/integrations/webhooks.routes.js';
import { WebhooksService } from './modules/integrations/webhooks.service.js';
import { createFileStorage } from './files/create-storage.js';
import { FindingsRepository } from './modules/findings/findings.repository.js';
import { orderFindingsRoutes, photosRoutes } from './modules/findings/findings.routes.js';
import { FindingsService } from './modules/findings/findings.service.js';
import { InspectionsRepository } from './modules/inspections/inspections.repository.js';
import { inspectionsRoutes } from './modules/inspections/inspections.routes.js';
import { InspectionsService } from './modules/inspections/inspections.service.js';
import { PestsRepository } from './modules/pests/pests.repository.js';
import { pestsRoutes, sitePestsRoutes } from './modules/pests/pests.routes.js';
import { PestsService } from './modules/pests/pests.service.js';
import { ApplicationsRepository } from './modules/products/applications.repository.js';
import { ApplicationsService } from './modules/products/applications.service.js';
import { applicationsRoutes, productsRoutes } from './modules/products/products.routes.js';
import { ProductsRepository } from './modules/products/products.repository.js';
import { ProductsService } from './modules/products/products.service.js';
import { TechniciansRepository } from './modules/technicians/technicians.repository.js';
import { techniciansRoutes } from './modules/technicians/technicians.routes.js';
import { TechniciansService } from './modules/technicians/technicians.service.js';
import { ThresholdsRepository } from './modules/thresholds/thresholds.repository.js';
import { siteThresholdsRoutes, thresholdsRoutes } from './modules/thresholds/thresholds.routes.js';
import { ThresholdsService } from './modules/thresholds/thresholds.service.js';
import { TrapsRepository } from './modules/traps/traps.repository.js';
import { labelReprintsRoutes } from './modules/label-reprints/label-reprints.routes.js';
import { LabelReprintsRepository } from './modules/label-reprints/label-reprints.repository.js';
import { LabelReprintsService } from './modules/label-reprints/label-reprints.service.js';
import { trapsRoutes } from './modules/traps/traps.routes.js';
import { TrapsService } from './modules/traps/traps.service.js';
import { CoverageRepository } from './modules/reports/coverage.repository.js';
import { CoverageService } from './modules/reports/coverage.service.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { RemindersRepository } from './modules/reports/reminders.repository.js';
import { RemindersService } from './modules/reports/reminders.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createMailTransport } from './modules/notifications/mail-transport.js';
import { notificationKinds } from './modules/notifications/notification-kinds.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { OutboxRepository } from './modules/notifications/outbox.repository.js';
import { startNotificationScheduler } from './modules/notifications/notification-scheduler.js';
import { OutboxWorker } from './modules/notifications/outbox-worker.js';
import { RecipientsRepository } from './modules/notifications/recipients.repository.js';
import { PlansRepository } from './modules/plans/plans.repository.js';
import { startServicePlanJob } from './modules/service-plans/service-plans.job.js';
import { ServicePlansRepository } from './modules/service-plans/service-plans.repository.js';
import { servicePlansRoutes } from './modules/service-plans/service-plans.routes.js';
import { ServicePlansService } from './modules/service-plans/service-plans.service.js';
import { plansRoutes, sitePlansRoutes, trapPlacementsRoutes } from './modules/plans/plans.routes.js';
import { PlansService } from './modules/plans/plans.service.js';
import {
  orderCertificateRoutes,
  ownSignatureRoutes,
  verifyAddressRoutes,
  verifyRoutes,
} from './modules/certificates/certificates.routes.js';
import { ordersWithCertificates } from './modules/orders/orders-with-certificates.js';
import { ClientsRepository } from './modules/clients/clients.repository.js';
import { clientsRoutes, contactsRoutes } from './modules/clients/clients.routes.js';
import { ClientsService } from './modules/clients/clients.service.js';
import { PortalAccountsRepository } from './modules/portal/portal-accounts.repository.js';
import {
  clientPortalAccountsRoutes,
  invitationsRoutes,
  portalAccountsRoutes,
} from './modules/portal/portal-accounts.routes.js';
import { PortalAccountsService } from './modules/portal/portal-accounts.service.js';
import { portalDocumentsRoutes } from './modules/portal/portal-documents.routes.js';
import { PortalDocumentsService, portalDocumentSources } from './modules/portal/portal-documents.service.js';
import { portalRoutes } from './modules/portal/portal.routes.js';
import { portalVisitsRoutes } from './modules/portal/portal-visits.routes.js';
import { PortalVisitsService } from './modules/portal/portal-visits.service.js';
import { PortalService } from './modules/portal/portal.service.js';
import { ProgrammesRepository } from './modules/programmes/programmes.repository.js';
import { programmesRoutes } from './modules/programmes/programmes.routes.js';
import { ProgrammesService } from './modules/programmes/programmes.service.js';
import { CompanyRepository } from './modules/company/company.repository.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { CompanyService } from './modules/company/company.service.js';
import { SigningRepository } from './modules/company/signing.repository.js';
import { signingRoutes } from './modules/company/signing.routes.js';
import { SigningService } from './modules/company/signing.service.js';
import { SiteRouteRepository } from './modules/site-route/site-route.repository.js';
import { siteRouteRoutes } from './modules/site-route/site-route.routes.js';
import { SiteRouteService } from './modules/site-route/site-route.service.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { SearchService } from './modules/search/search.service.js';
import { SightingsRepository } from './modules/sightings/sightings.repository.js';
import {
  portalSightingsRoutes,
  publicSightingsRoutes,
  sightingsRoutes,
  siteSightingsRoutes,
} from './modules/sightings/sightings.routes.js';
import { SightingsService } from './modules/sightings/sightings.service.js';
import { SitesRepository } from './modules/sites/sites.repository.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { SitesService } from './modules/sites/sites.service.js';
import auth from './plugins/auth.js';
import { findDuplicateKey } from './lib/json-keys.js';
import { serializeError } from './lib/log-serializers.js';
import { AppError } from './lib/app-error.js';
import { recordNotificationEvent } from './lib/notification-events.js';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import metrics from './plugins/metrics.js';
import realtime from './plugins/realtime.js';
import security from './plugins/security.js';
import webApp from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the app registered, with its schema, so tests can check that each one is covered by the
     * access rules and probe every field it accepts.
     */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema | undefined;
}

export interface AppOptions {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Logs to standard output when true; to the given stream (one JSON line per write) when one is given. */
  logger?: boolean | { write(line: string): void };
  /** The web app's build folder to serve beside the API, when it has been built. */
  webRoot?: string | undefined;
  /** Runs the service-plan generator once ready and every hour (the server does; tests call it themselves). */
  scheduleJobs?: boolean;
  /** The integrations' clock (API tokens' last use, webhooks' retries): tests move it instead of waiting. */
  clock?: () => Date;
}

/** JSON bodies of this API are small; anything larger is a mistake or an attack. */
const BODY_LIMIT = 256 * 1024;

/**
 * One log line per request, written once it is answered, instead of Fastify's two (received, answered): each
 * line is a write to the log's file or pipe, and on the scan hot path the two cost 8–15 % of the throughput at
 * LOG_LEVEL=info. The one line says everything both said.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export async function buildApp({
  config,
  db,
  tokens,
  logger = false,
  webRoot,
  scheduleJobs = false,
  clock = () => new Date(),
}: AppOptions): Promise<FastifyInstance> {
  installSpanishErrors();
  const app = Fastify({
    logger: logger && {
      level: config.LOG_LEVEL,
      serializers: { err: serializeError },
      ...(typeof logger === 'object' ? { stream: logger } : {}),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
    clientErrorHandler,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text body is answered 415 instead of failing validation as a string.
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parsing (prototype poisoning refused), and no key twice in one object.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      const duplicate = findDuplicateKey(body as string);
      if (duplicate === undefined) return done(null, value);
      done(AppError.badRequest(`El campo «${duplicate}» aparece más de una vez en el cuerpo de la solicitud.`));
    });
  });

  const technicianRepository = new TechniciansRepository(db);

  await app.register(errorHandler);
  await app.register(security, { corsOrigins: config.CORS_ORIGIN });
  await app.register(openapi, { bodyLimit: BODY_LIMIT });
  const findActiveAccount = (id: number) => technicianRepository.findActiveAccount(id);
  // Other systems' tokens (`Bearer rdn_…`), each acting as the administrator who created it (modules/integrations).
  const apiTokens = new ApiTokensService(new ApiTokensRepository(db), { now: clock });
  await app.register(auth, { tokens, findActiveAccount, apiTokens });
  await app.register(realtime, {
    tokens,
    findActiveAccount,
    redisUrl: config.REDIS_URL,
    corsOrigins: config.CORS_ORIGIN,
  });
  const technicians = new TechniciansService(technicianRepository, app.accountEvents);
  const authService = new AuthService(technicianRepository, tokens, app.accountEvents);
  // The company heading every PDF and label, read when one is drawn (the company service is built below).
  const company = () => companyService.letterhead();
  const traps = new TrapsService(new TrapsRepository(db), { publicUrl: config.PUBLIC_URL, company });
  const storage = createFileStorage(config, db, app.log);
  app.addHook('onClose', () => storage.close());
  if (storage.s3) {
    // A store that cannot be reached stops the start, in Spanish, rather than the first upload.
    await storage.s3.backend.check();
    storage.s3.deletions.start();
  }
  const files = storage.files;
  // The company's certificate signs certificates and audit packs (PAdES) while one is set.
  const signing = new SigningService(new SigningRepository(db), tokens.sealingKey('signing-certificate'), {
    timeZone: config.TIME_ZONE,
    log: app.log,
  });
  const sightingsRepository = new SightingsRepository(db);
  const {
    repository: ordersRepository,
    orders,
    certificates,
  } = ordersWithCertificates(db, app.orderEvents, files, {
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    localUrl: `http://localhost:${config.PORT}`,
    company,
    log: app.log,
    seal: signing.seal,
    openSightings: (siteId) => sightingsRepository.openOfSite(siteId),
  });
  await app.register(metrics, {
    token: config.METRICS_TOKEN,
    scanQueueDepth: ordersRepository.scanQueueDepth,
    openSockets: () => app.openSockets(),
    pool: () => poolStats(db),
  });
  const reportsRepository = new ReportsRepository(db);
  const reports = new ReportsService(reportsRepository, config.TIME_ZONE, undefined, company);
  const coverage = new CoverageService(new CoverageRepository(db), reportsRepository, config.TIME_ZONE);
  const companyService = new CompanyService(new CompanyRepository(db), files);
  const plans = new PlansService(new PlansRepository(db), files, { timeZone: config.TIME_ZONE, company });
  // A correction after close gives the order's certificate its next revision.
  const findings = new FindingsService(new FindingsRepository(db), files, app.orderEvents, (sessionId, origin) =>
    certificates.store(sessionId, origin),
  );
  // A site's control programme, versioned; the in-force version and coverage against it serve other modules.
  const programmes = new ProgrammesService(new ProgrammesRepository(db), { timeZone: config.TIME_ZONE });
  const servicePlans = new ServicePlansService(new ServicePlansRepository(db), orders, {
    timeZone: config.TIME_ZONE,
  });
  // Events become emails and in-app notifications; the outbox is sent (modules/notifications/README.md).
  const outbox = new OutboxRepository(db);
  const notifications = new NotificationsService(new NotificationsRepository(db), outbox, {
    mail: config.SMTP_URL !== undefined,
    kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: config.PUBLIC_URL }),
    bell: app.bellEvents,
  });
  // Outbound webhooks: queued by triggers with their records, sent by a worker in every process.
  const webhooksRepository = new WebhooksRepository(db);
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE_URLS ?? config.NODE_ENV !== 'production';
  const sendWebhook = webhookSender({ allowPrivate });
  const webhooks = new WebhooksService(webhooksRepository, {
    sealingKey: tokens.sealingKey('webhook-secrets'),
    allowPrivate,
    send: sendWebhook,
    now: clock,
  });
  // Set once the assessments service is built, below: the scheduler reads what is due from it.
  let assessmentsDue: (() => Promise<AssessmentDueList>) | undefined;
  if (scheduleJobs) {
    let stop: (() => Promise<void>) | undefined;
    let stopScheduler: (() => Promise<void>) | undefined;
    const worker = new OutboxWorker({
      db,
      outbox,
      transport: config.SMTP_URL === undefined ? undefined : createMailTransport(config.SMTP_URL),
      from: config.MAIL_FROM ?? '',
      readFile: async (id) => (await files.open(id))?.content,
      processEvents: () => notifications.processEvents(),
      log: app.log,
    });
    const reminders = new RemindersService(new RemindersRepository(db, config.TIME_ZONE), config.TIME_ZONE);
    const webhookWorker = new WebhookWorker({
      db,
      repository: webhooksRepository,
      send: sendWebhook,
      secretOf: webhooks.secretOf,
      now: clock,
      log: app.log,
    });
    app.addHook('onReady', async () => {
      stop = startServicePlanJob(servicePlans, app.log);
      worker.start();
      webhookWorker.start();
      stopScheduler = startNotificationScheduler(
        {
          db,
          recipients: new RecipientsRepository(),
          reminders: () => reminders.reminders(),
          assessmentsDue: () => assessmentsDue!(),
        },
        app.log,
        () => worker.wake(),
      );
    });
    app.addHook('onClose', async () => stop?.());
    // Before anything closes: the email being sent is finished and recorded while the database is open.
    app.addHook('preClose', async () => {
      await stopScheduler?.();
      await Promise.all([worker.stop(), webhookWorker.stop()]);
    });
  }

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin's promise (avvio).
    async (api) => {
      // Answers carry accounts, orders and QR codes: no browser or proxy may keep a copy. Routes that
      // know better (none today) set their own.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      await api.register(healthRoutes, { prefix: '/health', db, timeZone: config.TIME_ZONE });
      await api.register(authRoutes, {
        prefix: '/auth',
        service: authService,
        perIpPerMinute: config.LOGIN_RATE_LIMIT_PER_IP,
        perEmailPer15Minutes: config.LOGIN_RATE_LIMIT_PER_EMAIL,
      });
      await api.register(techniciansRoutes, {
        prefix: '/technicians',
        service: technicians,
        changePassword: (id, body) => authService.changePassword(id, body),
      });
      await api.register(sitesRoutes, { prefix: '/sites', service: new SitesService(new SitesRepository(db)) });
      // The companies served, and their contacts.
      const clients = new ClientsService(new ClientsRepository(db));
      await api.register(clientsRoutes, { prefix: '/clients', service: clients });
      await api.register(contactsRoutes, { prefix: '/contacts', service: clients });
      // The client's people in the portal (role CLIENTE): their accounts and single-use invitations.
      const portalAccounts = new PortalAccountsService(new PortalAccountsRepository(db), {
        client: async (id) => {
          const client = await clients.get(id);
          return { ...client, siteIds: client.sites.map((site) => site.id) };
        },
        accessChanged: (id) => app.accountEvents.accessChanged(id),
        // Emailed to the invited person when SMTP is set up (modules/notifications).
        onInvitationIssued: async (tx, invitation) => {
          await recordNotificationEvent(tx, {
            kind: 'portal-invitation',
            email: invitation.email,
            name: invitation.fullName,
            clientName: invitation.clientName,
            invitationUrl: invitation.url,
            expiresAt: invitation.expiresAt.toISOString(),
          });
        },
      });
      const portalAccountsOptions = { service: portalAccounts, publicUrl: config.PUBLIC_URL };
      await api.register(clientPortalAccountsRoutes, { prefix: '/clients', ...portalAccountsOptions });
      await api.register(portalAccountsRoutes, { prefix: '/portal-accounts', ...portalAccountsOptions });
      await api.register(invitationsRoutes, { prefix: '/invitations', service: portalAccounts });
      await api.register(programmesRoutes, { prefix: '/sites', service: programmes });
      await api.register(trapsRoutes, { prefix: '/traps', service: traps });
      await api.register(labelReprintsRoutes, {
        prefix: '/label-reprints',
        service: new LabelReprintsService(new LabelReprintsRepository(db), { publicUrl: config.PUBLIC_URL, company }),
      });
      await api.register(ordersRoutes, { prefix: '/sessions', service: orders });
      // Certificates: their public verification, an order's, and the signature that signs the caller's.
      await api.register(verifyRoutes, {
        prefix: '/verify',
        service: certificates,
        verifyPerMinute: config.VERIFY_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(orderCertificateRoutes, { prefix: '/sessions', service: certificates });
      await api.register(ownSignatureRoutes, { prefix: '/technicians', service: certificates });
      await api.register(verifyAddressRoutes, { prefix: '/settings', service: certificates });
      await api.register(reportsRoutes, {
        prefix: '/reports',
        service: reports,
        coverage,
        reminders: new RemindersService(new RemindersRepository(db, config.TIME_ZONE), config.TIME_ZONE),
      });
      // A site's plans, and where each device stands on them.
      await api.register(sitePlansRoutes, { prefix: '/sites', service: plans });
      await api.register(plansRoutes, { prefix: '/plans', service: plans });
      await api.register(trapPlacementsRoutes, { prefix: '/traps', service: plans });
      // Electronic devices' events (HTTP and MQTT): remote findings and maintenance alerts.
      await api.register(remoteEventsPlugin, {
        db,
        mqtt: config.MQTT_URL === undefined ? undefined : { url: config.MQTT_URL, topic: config.MQTT_TOPIC },
      });
      // The order a site's devices are walked in.
      await api.register(siteRouteRoutes, {
        prefix: '/sites',
        service: new SiteRouteService(new SiteRouteRepository(db)),
      });
      // What was found at each device of an order, and its photos.
      await api.register(orderFindingsRoutes, { prefix: '/sessions', service: findings });
      await api.register(photosRoutes, { prefix: '/photos', service: findings });
      const inspections = new InspectionsService(new InspectionsRepository(db, config.TIME_ZONE), config.TIME_ZONE);
      await api.register(inspectionsRoutes, { prefix: '/inspections', service: inspections });
      await api.register(servicePlansRoutes, { prefix: '/service-plans', service: servicePlans });
      await api.register(companyRoutes, { prefix: '/settings', service: companyService });
      await api.register(signingRoutes, { prefix: '/settings', service: signing });
      const pests = new PestsService(new PestsRepository(db));
      await api.register(pestsRoutes, { prefix: '/pests', service: pests });
      await api.register(sitePestsRoutes, { prefix: '/sites', service: pests });
      const products = new ProductsService(new ProductsRepository(db), files, config.TIME_ZONE);
      await api.register(productsRoutes, { prefix: '/products', service: products });
      // The products applied during an order.
      await api.register(applicationsRoutes, {
        prefix: '/sessions',
        service: new ApplicationsService(new ApplicationsRepository(db), app.orderEvents, config.TIME_ZONE),
      });
      // Limits on what findings show, global and per site, and the corrective actions crossing them opens.
      const thresholds = new ThresholdsService(new ThresholdsRepository(db));
      await api.register(thresholdsRoutes, { prefix: '/thresholds', service: thresholds });
      await api.register(siteThresholdsRoutes, { prefix: '/sites', service: thresholds });
      const actions = new ActionsService(
        new ActionsRepository(db, config.TIME_ZONE),
        app.orderEvents,
        files,
        config.TIME_ZONE,
      );
      await api.register(actionsRoutes, { prefix: '/actions', service: actions });
      // Diagnoses, annual surveys and quarterly reviews of each site, signed by a technical manager.
      const assessments = new AssessmentsService(new AssessmentsRepository(db, config.TIME_ZONE), files, {
        timeZone: config.TIME_ZONE,
        trends: (query) => reports.trends(query),
        coverage: (siteId, from, to) => programmes.contractedCoverage(siteId, from, to),
        company,
        events: app.orderEvents,
        seal: signing.seal,
      });
      assessmentsDue = () => assessments.due();
      await api.register(siteAssessmentsRoutes, { prefix: '/sites', service: assessments });
      await api.register(assessmentsRoutes, { prefix: '/assessments', service: assessments });
      // Everything an auditor asks for of a site over a period, as one PDF or its annex.
      const auditPackRepository = new AuditPackRepository(db);
      const auditPacks = new AuditPackService(auditPackRepository, {
        timeZone: config.TIME_ZONE,
        coverage,
        plans,
        applications: new ApplicationsRepository(db),
        company,
        seal: signing.seal,
        issues: new PackIssuesRepository(db),
        annexes: new PackAnnexes(db, files),
        publicUrl: config.PUBLIC_URL,
        programmes,
        assessments,
        excel: (period, output) =>
          writeAuditPackExcel(
            auditPackRepository,
            { ...period, from: period.from.toISOString(), to: period.to.toISOString() },
            output,
          ),
      });
      await api.register(auditPackRoutes, { prefix: '/sites', service: auditPacks });
      // The plant's portal (role CLIENTE): composed of the owning modules' services, scoped to the caller's sites.
      const portal = new PortalService({
        siteStatus: (siteIds, from, now) => reportsRepository.siteStatus(siteIds, from, now),
        openSightings: (siteIds) => sightingsRepository.openCounts(siteIds),
      });
      await api.register(portalDocumentsRoutes, {
        prefix: '/portal',
        service: new PortalDocumentsService(
          portal,
          portalDocumentSources({
            programmes,
            assessments,
            company: companyService,
            technicians: technicianRepository,
            products,
          }),
        ),
      });
      await api.register(portalRoutes, {
        prefix: '/portal',
        service: portal,
        actions,
        plans,
        trends: (query) => reports.trends(query),
        auditPacks,
        responseForm: ACTION_RESPONSE_FORM,
      });
      // Each visit with its certificate, and its findings with their photos, from the modules that own them.
      await api.register(portalVisitsRoutes, {
        prefix: '/portal',
        portal,
        service: new PortalVisitsService({
          orders: (query) => orders.page(query),
          certificates: (sessionIds) => certificates.inForce(sessionIds),
          report: (user, sessionId, origin) => orders.report(user, sessionId, origin),
          inspections: (query) => inspections.page(query),
          photo: (user, photoId) => findings.photoFile(user, photoId),
          timeZone: config.TIME_ZONE,
        }),
      });
      // Its public verification, which the cover's QR opens.
      await api.register(packVerifyRoutes, {
        prefix: '/verify/packs',
        service: auditPacks,
        verifyPerMinute: config.VERIFY_RATE_LIMIT_PER_MINUTE,
      });
      // What the plant's staff saw, from the portal, a poster's public page or a call to the office.
      const sightings = new SightingsService(sightingsRepository, app.orderEvents, files, {
        timeZone: config.TIME_ZONE,
        publicUrl: config.PUBLIC_URL,
        addressKey: tokens.sealingKey('sighting-address'),
        perHour: config.SIGHTING_RATE_LIMIT_PER_HOUR,
        company,
      });
      await api.register(siteSightingsRoutes, { prefix: '/sites', service: sightings });
      await api.register(sightingsRoutes, { prefix: '/sightings', service: sightings });
      await api.register(publicSightingsRoutes, { prefix: '/public/sightings', service: sightings });
      await api.register(portalSightingsRoutes, { prefix: '/portal', service: sightings });
      await api.register(auditLogRoutes, {
        prefix: '/audit-log',
        service: new AuditLogService(new AuditLogRepository(db)),
      });
      await api.register(backupRoutes, { prefix: '/backup', db });
      // Other systems: their API tokens, and the webhooks that tell them what happens.
      await api.register(apiTokensRoutes, { prefix: '/api-tokens', service: apiTokens });
      await api.register(webhooksRoutes, { prefix: '/webhooks', service: webhooks });
      // What the bell of every layout shows.
      await api.register(notificationsRoutes, { prefix: '/notifications', service: notifications });
      // The office's search box.
      await api.register(searchRoutes, { prefix: '/search', service: new SearchService(new SearchRepository(db)) });
    },
    { prefix: '/api' },
  );
  if (webRoot) await app.register(webApp, { root: webRoot });

  return app;
}
