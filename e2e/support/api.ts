import { request, type APIRequestContext } from '@playwright/test';
import type {
  Assessment,
  AssessmentKind,
  CorrectiveActionDetail,
  CreateActionInput,
  ComplianceReport,
  CreateSessionBody,
  Finding,
  FindingResponse,
  LoginResponse,
  Pest,
  PortalInvitationIssued,
  PutFindingInput,
  ScanResponse,
  Session,
  Site,
  SiteRoute,
  Technician,
  Qualification,
  Threshold,
  Trap,
  TrapType,
} from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { ADMIN, unique } from './accounts';
import { floorPlanPng } from './plan-image';

/**
 * The server this worker's tests talk to: each Playwright worker has its own (e2e/global-setup.ts), chosen by
 * its parallel index; E2E_BASE_URL where there is one server (the HTTPS shape).
 */
export function baseURL(): string {
  const url = process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`] ?? process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the browser tests run through playwright.config.ts');
  return url;
}

export async function loginThroughApi(email: string, password: string, base = baseURL()): Promise<LoginResponse> {
  const context = await request.newContext({ baseURL: base });
  try {
    const response = await context.post('/api/auth/login', { data: { email, password } });
    if (!response.ok()) throw new Error(`login ${email}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as LoginResponse;
  } finally {
    await context.dispose();
  }
}

/**
 * Stores an account's own signature («Mi firma»), as drawing it on the phone would: no certificate is issued
 * without its closer's signature, and the close asks for one the first time (close-order.spec.ts draws it).
 */
export async function storeOwnSignature(account: { email: string; password: string }, base = baseURL()): Promise<void> {
  const auth = await loginThroughApi(account.email, account.password, base);
  const context = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
  });
  try {
    const response = await context.put('/api/technicians/me/signature', {
      data: { imagePng: floorPlanPng(300, 120).toString('base64') },
    });
    if (!response.ok()) throw new Error(`PUT signature: ${response.status()} ${await response.text()}`);
  } finally {
    await context.dispose();
  }
}

/** Sets up data through the API, as an administrator, so each test starts from what it needs. */
export class AdminApi {
  private constructor(
    private readonly context: APIRequestContext,
    readonly auth: LoginResponse,
  ) {}

  static async open(): Promise<AdminApi> {
    const auth = await loginThroughApi(ADMIN.email, ADMIN.password);
    const context = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
    });
    return new AdminApi(context, auth);
  }

  private async json<T>(method: 'get' | 'post' | 'patch' | 'put', path: string, data?: unknown): Promise<T> {
    const response = await this.context[method](path, data === undefined ? {} : { data });
    if (!response.ok())
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  createTrap(
    fields: {
      code?: string;
      area?: string | null;
      description?: string;
      isActive?: boolean;
      siteId?: number;
      type?: TrapType;
    } = {},
  ): Promise<Trap> {
    return this.json('post', '/api/traps', {
      code: fields.code ?? unique('TRP'),
      area: fields.area ?? null,
      isActive: fields.isActive ?? true,
      ...(fields.description === undefined ? {} : { description: fields.description }),
      ...(fields.siteId === undefined ? {} : { siteId: fields.siteId }),
      ...(fields.type === undefined ? {} : { type: fields.type }),
    });
  }

  createSite(fields: { name?: string; client?: string; address?: string; timeZone?: string } = {}): Promise<Site> {
    return this.json('post', '/api/sites', {
      name: fields.name ?? unique('Sitio'),
      client: fields.client ?? null,
      ...(fields.address === undefined ? {} : { address: fields.address }),
      ...(fields.timeZone === undefined ? {} : { timeZone: fields.timeZone }),
    });
  }

  sites(): Promise<Site[]> {
    return this.json('get', '/api/sites');
  }

  /**
   * Leaves a single active site, the first one: spec files share one database, and the screens of the specs
   * that follow ask for a site only while several are active. Sites holding traps or orders cannot be deleted.
   */
  async keepOneActiveSite(): Promise<void> {
    const [first, ...others] = (await this.sites()).sort((a, b) => a.id - b.id);
    if (first && !first.isActive) await this.json('patch', `/api/sites/${first.id}`, { isActive: true });
    for (const site of others) {
      if (site.isActive) await this.json('patch', `/api/sites/${site.id}`, { isActive: false });
    }
  }

  /**
   * Leaves ADMIN as the only active administrator: spec files share one database per worker, and files before this
   * one (programme.spec.ts, auth.spec.ts) make administrators of their own.
   */
  async keepOneActiveAdmin(): Promise<void> {
    for (const account of await this.json<Technician[]>('get', '/api/technicians')) {
      if (account.role === 'ADMIN' && account.isActive && account.id !== this.auth.technician.id)
        await this.json('patch', `/api/technicians/${account.id}`, { isActive: false });
    }
  }

  async createTechnician(
    fields: { role?: 'ADMIN' | 'TECH'; fullName?: string; password?: string } = {},
  ): Promise<Technician & { password: string }> {
    const password = fields.password ?? 'tecnico-e2e-clave';
    const name = fields.fullName ?? unique('Técnico');
    const given = `${password}-dada`;
    const technician = await this.json<Technician>('post', '/api/technicians', {
      email: `${unique('tec').toLowerCase()}@e2e.rondin.test`,
      fullName: name,
      password: given,
      role: fields.role ?? 'TECH',
      isActive: true,
    });
    // An account made with a password the office typed must change it at its first sign-in; the tests sign in
    // as one that already has (first-sign-in.spec.ts is about the change itself).
    const auth = await loginThroughApi(technician.email, given);
    const response = await this.context.patch('/api/technicians/me/password', {
      headers: { authorization: `Bearer ${auth.accessToken}` },
      data: { currentPassword: given, newPassword: password },
    });
    if (!response.ok())
      throw new Error(`password of ${technician.email}: ${response.status()} ${await response.text()}`);
    return { ...technician, mustChangePassword: false, password };
  }

  createOrder(body: CreateSessionBody): Promise<Session> {
    return this.json('post', '/api/sessions', body);
  }

  /** Marks one trap of an order inspected, as the technician's scan would. */
  scan(sessionId: number, qrSlug: string): Promise<ScanResponse> {
    return this.json('post', `/api/sessions/${sessionId}/scan`, { qrSlug });
  }

  /**
   * Closes an order as the office does (force for one with pending traps), signed with the administrator's stored
   * signature (global setup), choosing «Registrar Sin novedad» for scanned devices left without a finding.
   */
  closeOrder(sessionId: number, force = false): Promise<Session> {
    return this.json('post', `/api/sessions/${sessionId}/close`, { force, defaultNoActivity: true });
  }

  session(sessionId: number): Promise<Session> {
    return this.json('get', `/api/sessions/${sessionId}`);
  }

  /** Saves a site's walk order: the devices given at 1…n, the site's others out of the walk. */
  saveRoute(siteId: number, trapIds: number[]): Promise<SiteRoute> {
    return this.json('put', `/api/sites/${siteId}/route`, { trapIds });
  }

  /** Records what was found at a scanned device of an order, as its technician's phone would. */
  recordFinding(sessionId: number, itemId: number, finding: Omit<PutFindingInput, 'clientFindingId' | 'recordedAt'>) {
    return this.json<FindingResponse>('put', `/api/sessions/${sessionId}/items/${itemId}/finding`, {
      clientFindingId: randomUUID(),
      recordedAt: new Date().toISOString(),
      ...finding,
    });
  }

  /** An electronic device's event an hour ago, as its integration sends it (POST /api/remote-events). */
  sendRemoteEvent(fields: { deviceCode: string; siteId?: number; type: string; count?: number }): Promise<unknown> {
    return this.json('post', '/api/remote-events', {
      eventId: randomUUID(),
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      ...fields,
    });
  }

  /** Opens a corrective action by hand, as the office's form does. */
  createAction(body: CreateActionInput): Promise<CorrectiveActionDetail> {
    return this.json('post', '/api/actions', body);
  }

  /** Puts a site's own thresholds in place of the ones it had (from now). */
  putSiteThresholds(siteId: number, thresholds: Threshold[]): Promise<unknown> {
    return this.json('put', `/api/sites/${siteId}/thresholds`, { thresholds });
  }

  /** Every version of what was found at one device of an order, the current first. */
  findings(sessionId: number, itemId: number): Promise<Finding[]> {
    return this.json('get', `/api/sessions/${sessionId}/items/${itemId}/findings`);
  }

  /** Records an account's qualification (RESPONSABLE_TECNICO signs assessments). */
  setQualification(technicianId: number, qualification: Qualification): Promise<Technician> {
    return this.json('patch', `/api/technicians/${technicianId}`, { qualification });
  }

  /** The pest catalogue, to name a catch by its pest. */
  pests(): Promise<Pest[]> {
    return this.json('get', '/api/pests');
  }

  /** A new draft assessment of a site (POST /api/sites/{id}/assessments). */
  createAssessment(siteId: number, kind: AssessmentKind): Promise<Assessment> {
    return this.json('post', `/api/sites/${siteId}/assessments`, { kind });
  }

  /** One site assessment as the server holds it (GET /api/assessments/{id}). */
  assessment(id: number): Promise<Assessment> {
    return this.json('get', `/api/assessments/${id}`);
  }

  /** A photo as the server keeps it: its type and bytes. */
  async photo(photoId: number): Promise<{ type: string; bytes: Buffer }> {
    const response = await this.context.get(`/api/photos/${photoId}`);
    if (!response.ok()) throw new Error(`GET photo ${photoId}: ${response.status()}`);
    return { type: response.headers()['content-type'] ?? '', bytes: await response.body() };
  }

  /** A trap's printable label, the PDF the server renders. */
  async label(trapId: number): Promise<Buffer> {
    const response = await this.context.get(`/api/traps/${trapId}/label`);
    if (!response.ok()) throw new Error(`GET label ${trapId}: ${response.status()}`);
    return response.body();
  }

  /** The compliance figures of [from, to), or of everything due up to now without a range. */
  compliance(range?: { from: string; to: string }): Promise<ComplianceReport> {
    return this.json('get', `/api/reports/compliance${range ? `?${new URLSearchParams(range)}` : ''}`);
  }

  /** Invites a client's person to the plant's portal, as «Acceso al portal» does: the account and its link. */
  invitePortalAccount(
    clientId: number,
    body: { email: string; fullName: string; siteIds?: number[] },
  ): Promise<PortalInvitationIssued> {
    return this.json('post', `/api/clients/${clientId}/portal-accounts`, body);
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}
