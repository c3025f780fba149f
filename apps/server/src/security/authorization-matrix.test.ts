import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import type { ApiTokenScope } from '@rondin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { nothingFound, notFoundException, photoForm, postPhoto, typedCode } from '../../test/findings.js';
import { CLIENT_ABSENT, close, createOrder, scan, storeOwnSignature } from '../../test/orders.js';
import { createPlan, planForm, planImage } from '../../test/plans.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../test/programmes.js';
import { multipartForm } from '../../test/multipart.js';
import {
  applicationInput,
  createProduct,
  productInput,
  putApplication,
  putDocument,
  tinyPdf,
} from '../../test/products.js';
import {
  assessments,
  certificates,
  contacts,
  correctiveActions,
  files,
  labelReprints,
  products,
  servicePlans,
  sites,
} from '../db/schema.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createPortalUser,
  createTestApp,
  createTrap,
  createUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

/**
 * Who may call what. Every route the server registers must have a row here (the first test walks the
 * server's own route table), so a new route cannot ship without its access rule being stated and checked.
 * A cell after a write the server carried out runs on fresh data, so a write allowed to one actor cannot change
 * what the next one meets.
 */
type Actor = 'anonymous' | 'deactivated' | 'otherTech' | 'assignedTech' | 'admin' | 'cliente';
/** `cliente`: a person of the default site's client with a portal account (role CLIENTE), seeing all its sites. */
const ACTORS: Actor[] = ['anonymous', 'deactivated', 'otherTech', 'assignedTech', 'admin', 'cliente'];

interface Fixture {
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  freeTrap: { id: number; qrSlug: string; code: string };
  openOrder: { id: number; slug: string; itemId: number; code: string };
  /** Every trap scanned, still open. */
  finishedOrder: { id: number; itemId: number };
  /** A photo of the finished order's trap. */
  photo: { id: number };
  closedOrder: { id: number };
  /** The closed order's certificate's verification code. */
  certificateCode: string;
  /** An inactive site with nothing in it: one that may be deleted, without making the others ask for a site. */
  spareSite: { id: number };
  /** A plan of the assigned technician's site, with the free trap placed on it. */
  plan: { id: number };
  /** A service plan of the default site whose visits start far ahead: no orders yet. */
  servicePlan: { id: number };
  /** A corrective action of the default site, open, with a photo. */
  action: { id: number };
  actionPhoto: { id: number };
  /** An active product with its safety data sheet, applied once in the open order. */
  product: { id: number };
  application: { clientApplicationId: string };
  /** A contact of the default site's client. */
  contact: { id: number };
  /** A draft diagnosis of the default site, with a photo. */
  assessment: { id: number };
  assessmentPhoto: { id: number };
  /** A signed diagnosis of the default site, not yet accepted (its report: a stored PDF). */
  signedAssessment: { id: number };
  /** A sighting of the default site from its poster's page, with a photo, and the page's token. */
  sighting: { id: number };
  sightingPhoto: { id: number };
  sightingToken: string;
  /** A recommendation (responsible CLIENTE) of the default site, open. */
  recommendation: { id: number };
  /** A portal account of the default site's client, invited and not yet accepted: its invitation's token. */
  invited: { id: number; token: string };
  /** An API token (write), not revoked. */
  apiToken: { id: number };
  /** The administrator's API tokens of each scope, as other systems send them (`rdn_…`). */
  tokens: Record<ApiTokenScope, string>;
  /** A webhook subscribed to order.closed, pointing at a port nothing listens on (its test answers a failure). */
  webhook: { id: number };
}

type Expectation = Record<Actor, number>;

/**
 * An API token acts as the administrator who made it, within its scope (DESIGN-plant.md "Integrations"): on every
 * route a write token is answered as that administrator is, and a read token as well for reads and 403 for any
 * write. Except where no token may go, whatever its scope (other credentials, accounts and passwords, its
 * creator's own account and bell, the whole database's backup) or may only read (accounts, the signing
 * certificate): 403. Routes without sign-in answer a token's request as anyone's.
 */
const TOKEN_NEVER = ['/api/api-tokens', '/api/webhooks', '/api/technicians/me/', '/api/notifications', '/api/backup'];
const TOKEN_READS_ONLY = [
  '/api/technicians',
  '/api/portal-accounts',
  '/api/clients/:id/portal-accounts',
  '/api/settings/signing-certificate',
];
const TOKEN_ACTORS = { writeToken: 'write', readToken: 'read' } as const;
type TokenActor = keyof typeof TOKEN_ACTORS;

function tokenExpectation(route: string, row: Row): Record<TokenActor, number> {
  const [method, url] = route.split(' ') as [string, string];
  const within = (prefixes: string[]) =>
    prefixes.some((prefix) =>
      prefix.endsWith('/') ? url.startsWith(prefix) : url === prefix || url.startsWith(`${prefix}/`),
    );
  if (row.expect.anonymous !== 401) return { writeToken: row.expect.admin, readToken: row.expect.admin };
  const isRead = method === 'GET';
  const refused = within(TOKEN_NEVER) || (!isRead && within(TOKEN_READS_ONLY));
  return {
    writeToken: refused ? 403 : row.expect.admin,
    readToken: refused || !isRead ? 403 : row.expect.admin,
  };
}
const PUBLIC = (status: number): Expectation => ({
  anonymous: status,
  deactivated: status,
  otherTech: status,
  assignedTech: status,
  admin: status,
  cliente: status,
});
/** Any of the office's accounts; a CLIENTE reaches only the portal, its profile and its password. */
const SIGNED_IN = (status: number): Expectation => ({
  anonymous: 401,
  deactivated: 401,
  otherTech: status,
  assignedTech: status,
  admin: status,
  cliente: 403,
});
const ADMIN_ONLY = (status: number): Expectation => ({
  anonymous: 401,
  deactivated: 401,
  otherTech: 403,
  assignedTech: 403,
  admin: status,
  cliente: 403,
});
const ORDER_PARTIES = (status: number): Expectation => ({
  anonymous: 401,
  deactivated: 401,
  otherTech: 404,
  assignedTech: status,
  admin: status,
  cliente: 403,
});
/** The plant's portal: its people (CLIENTE) alone. */
const PORTAL = (status: number): Expectation => ({
  anonymous: 401,
  deactivated: 401,
  otherTech: 403,
  assignedTech: 403,
  admin: 403,
  cliente: status,
});
/** Every account, the portal's included: its own profile and password. */
const OWN_ACCOUNT = (status: number): Expectation => ({ ...SIGNED_IN(status), cliente: status });

interface Row {
  request(fixture: Fixture): { url: string; payload?: object | string | Buffer; headers?: Record<string, string> };
  expect: Expectation;
}

const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: PUBLIC(200) },
  'POST /api/auth/login': {
    request: ({ users }) => ({
      url: '/api/auth/login',
      payload: { email: users.assignedTech.email, password: TEST_PASSWORD },
    }),
    expect: PUBLIC(200),
  },
  'GET /api/technicians/me/profile': {
    request: () => ({ url: '/api/technicians/me/profile' }),
    expect: OWN_ACCOUNT(200),
  },
  'PATCH /api/technicians/me/password': {
    request: () => ({
      url: '/api/technicians/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'otra-clave-1' },
    }),
    expect: OWN_ACCOUNT(200),
  },
  'GET /api/technicians': { request: () => ({ url: '/api/technicians' }), expect: ADMIN_ONLY(200) },
  'POST /api/technicians': {
    request: () => ({
      url: '/api/technicians',
      payload: { email: 'nuevo@planta.test', fullName: 'Nuevo', password: 'clave-nueva-1' },
    }),
    expect: ADMIN_ONLY(201),
  },
  'PATCH /api/technicians/:id': {
    request: ({ users }) => ({ url: `/api/technicians/${users.otherTech.id}`, payload: { fullName: 'Renombrado' } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/technicians/:id': {
    request: ({ users }) => ({ url: `/api/technicians/${users.deactivated.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/sites': { request: () => ({ url: '/api/sites' }), expect: SIGNED_IN(200) },
  'POST /api/sites': {
    request: () => ({ url: '/api/sites', payload: { name: 'Planta Norte' } }),
    expect: ADMIN_ONLY(201),
  },
  // The site of the assigned technician's orders: another technician's is not theirs to see.
  'GET /api/sites/:id': { request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}` }), expect: ORDER_PARTIES(200) },
  'PATCH /api/sites/:id': {
    request: ({ spareSite }) => ({ url: `/api/sites/${spareSite.id}`, payload: { client: 'Cliente' } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/sites/:id': {
    request: ({ spareSite }) => ({ url: `/api/sites/${spareSite.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/clients': { request: () => ({ url: '/api/clients' }), expect: ADMIN_ONLY(200) },
  'POST /api/clients': {
    request: () => ({ url: '/api/clients', payload: { name: 'Conservas Ribera' } }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/clients/:id': { request: () => ({ url: '/api/clients/1' }), expect: ADMIN_ONLY(200) },
  'PATCH /api/clients/:id': {
    request: () => ({ url: '/api/clients/1', payload: { taxId: 'B12345678' } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/clients/:id/contacts': { request: () => ({ url: '/api/clients/1/contacts' }), expect: ADMIN_ONLY(200) },
  'POST /api/clients/:id/contacts': {
    request: () => ({ url: '/api/clients/1/contacts', payload: { name: 'Lucía Ferrer', role: 'Calidad' } }),
    expect: ADMIN_ONLY(201),
  },
  'PATCH /api/contacts/:id': {
    request: ({ contact }) => ({ url: `/api/contacts/${contact.id}`, payload: { role: 'Gerente' } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/contacts/:id': {
    request: ({ contact }) => ({ url: `/api/contacts/${contact.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/sites/:id/programme': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/programme` }),
    expect: ORDER_PARTIES(200),
  },
  'PUT /api/sites/:id/programme': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/programme`, payload: programmeInput() }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/programme/versions': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/programme/versions` }),
    expect: ORDER_PARTIES(200),
  },
  // Whoever is qualified RESPONSABLE_TECNICO approves (403 for the others): in the fixture, the administrator.
  'POST /api/sites/:id/programme/versions/:version/approve': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/programme/versions/2/approve` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sites/:id/programme/versions/:version/accept': {
    request: () => ({
      url: `/api/sites/${DEFAULT_SITE_ID}/programme/versions/1/accept`,
      payload: {
        name: 'Andrés Gil',
        date: new Intl.DateTimeFormat('en-CA', { timeZone: t.config.TIME_ZONE }).format(new Date()),
      },
    }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/programme/coverage': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/programme/coverage?from=2026-01-01&to=2026-03-31` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps': { request: () => ({ url: '/api/traps' }), expect: ADMIN_ONLY(200) },
  'POST /api/traps': { request: () => ({ url: '/api/traps', payload: { code: 'NUEVA-1' } }), expect: ADMIN_ONLY(201) },
  'GET /api/traps/labels': { request: () => ({ url: '/api/traps/labels' }), expect: ADMIN_ONLY(200) },
  'POST /api/traps/labels': {
    request: ({ freeTrap }) => ({ url: '/api/traps/labels', payload: { ids: [freeTrap.id] } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps/areas': { request: () => ({ url: '/api/traps/areas' }), expect: ADMIN_ONLY(200) },
  'GET /api/traps/by-qr': {
    request: ({ freeTrap }) => ({ url: `/api/traps/by-qr?qrSlug=${freeTrap.qrSlug}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps/export': { request: () => ({ url: '/api/traps/export?format=csv' }), expect: ADMIN_ONLY(200) },
  'POST /api/traps/import': {
    request: () => ({
      url: '/api/traps/import?dryRun=true',
      payload: 'codigo,area\nNUEVA-9,Bodega\n',
      headers: { 'content-type': 'text/csv' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps/:id': { request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}` }), expect: ADMIN_ONLY(200) },
  'GET /api/traps/:id/history': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}/history` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps/:id/remote-events': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}/remote-events` }),
    expect: ADMIN_ONLY(200),
  },
  // Electronic devices report as an administrator of write scope (an API token); no technician, no plant.
  'POST /api/remote-events': {
    request: ({ freeTrap }) => ({
      url: '/api/remote-events',
      payload: {
        eventId: randomUUID(),
        deviceCode: freeTrap.code,
        type: 'BATERIA_BAJA',
        occurredAt: new Date().toISOString(),
      },
    }),
    expect: ADMIN_ONLY(201),
  },
  'PATCH /api/traps/:id': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}`, payload: { isActive: false } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/traps/:id': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/search': { request: () => ({ url: '/api/search?q=tr' }), expect: ADMIN_ONLY(200) },
  // The bell of every layout, the portal's too: each account its own, another's ids are ignored.
  'GET /api/notifications': { request: () => ({ url: '/api/notifications' }), expect: OWN_ACCOUNT(200) },
  'POST /api/notifications/read': {
    request: () => ({ url: '/api/notifications/read', payload: { ids: [1] } }),
    expect: OWN_ACCOUNT(200),
  },
  'GET /api/label-reprints': { request: () => ({ url: '/api/label-reprints' }), expect: ADMIN_ONLY(200) },
  'POST /api/label-reprints/print': {
    request: () => ({ url: '/api/label-reprints/print', payload: {} }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/traps/:id/label': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}/label` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sessions': { request: () => ({ url: '/api/sessions' }), expect: ADMIN_ONLY(200) },
  'POST /api/sessions': {
    request: ({ users, freeTrap }) => ({
      url: '/api/sessions',
      payload: { technicianId: users.assignedTech.id, trapIds: [freeTrap.id] },
    }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/sessions/me': { request: () => ({ url: '/api/sessions/me' }), expect: SIGNED_IN(200) },
  'GET /api/sessions/me/active': { request: () => ({ url: '/api/sessions/me/active' }), expect: SIGNED_IN(200) },
  'GET /api/sessions/:id': {
    request: ({ openOrder }) => ({ url: `/api/sessions/${openOrder.id}` }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sessions/:id/scan': {
    request: ({ openOrder }) => ({ url: `/api/sessions/${openOrder.id}/scan`, payload: { qrSlug: openOrder.slug } }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sessions/:id/items': {
    request: ({ openOrder, freeTrap }) => ({
      url: `/api/sessions/${openOrder.id}/items`,
      payload: { trapId: freeTrap.id },
    }),
    expect: ORDER_PARTIES(201),
  },
  'POST /api/sessions/:id/close': {
    request: ({ finishedOrder }) => ({
      url: `/api/sessions/${finishedOrder.id}/close`,
      payload: { defaultNoActivity: true, clientSignature: CLIENT_ABSENT },
    }),
    expect: ORDER_PARTIES(200),
  },
  'PATCH /api/sessions/:id': {
    request: ({ openOrder }) => ({ url: `/api/sessions/${openOrder.id}`, payload: { scheduledAt: null } }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sessions/bulk-reassign': {
    request: ({ openOrder, users }) => ({
      url: '/api/sessions/bulk-reassign',
      payload: { ids: [openOrder.id], technicianId: users.assignedTech.id },
    }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sessions/bulk-reschedule': {
    request: ({ openOrder }) => ({
      url: '/api/sessions/bulk-reschedule',
      payload: { ids: [openOrder.id], date: '2030-03-04', time: '09:30' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/sessions/:id': {
    request: ({ openOrder }) => ({ url: `/api/sessions/${openOrder.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/sessions/:id/report': {
    request: ({ closedOrder }) => ({ url: `/api/sessions/${closedOrder.id}/report` }),
    expect: ORDER_PARTIES(200),
  },
  // The certificate as issued, and what anyone holding it may check without signing in.
  'GET /api/sessions/:id/certificate': {
    request: ({ closedOrder }) => ({ url: `/api/sessions/${closedOrder.id}/certificate` }),
    expect: ORDER_PARTIES(200),
  },
  'GET /api/verify/:code': {
    request: ({ certificateCode }) => ({ url: `/api/verify/${certificateCode}` }),
    expect: PUBLIC(200),
  },
  // An audit pack's verification is public too; no pack was issued in the fixture.
  'GET /api/verify/packs/:code': {
    request: () => ({ url: '/api/verify/packs/ningunodossier' }),
    expect: PUBLIC(404),
  },
  // Everyone's own signature only: the path names no account.
  'PUT /api/technicians/me/signature': {
    request: () => ({ url: '/api/technicians/me/signature', payload: { imagePng: image.toString('base64') } }),
    expect: SIGNED_IN(204),
  },
  // The order's technician and the administrator close orders, so have stored theirs; the other technician has none.
  'GET /api/technicians/me/signature': {
    request: () => ({ url: '/api/technicians/me/signature' }),
    expect: ORDER_PARTIES(200),
  },
  'DELETE /api/technicians/me/signature': {
    request: () => ({ url: '/api/technicians/me/signature' }),
    expect: SIGNED_IN(204),
  },
  'GET /api/reports/reminders': { request: () => ({ url: '/api/reports/reminders' }), expect: ADMIN_ONLY(200) },
  'GET /api/reports/compliance': { request: () => ({ url: '/api/reports/compliance' }), expect: ADMIN_ONLY(200) },
  'GET /api/reports/trends': { request: () => ({ url: '/api/reports/trends?by=area' }), expect: ADMIN_ONLY(200) },
  'GET /api/reports/coverage': {
    request: () => ({ url: `/api/reports/coverage?siteId=${DEFAULT_SITE_ID}` }),
    expect: ADMIN_ONLY(200),
  },
  // Every inspected device of every site, with what was found: the office's, never a technician's.
  'GET /api/inspections': { request: () => ({ url: '/api/inspections?pageSize=5' }), expect: ADMIN_ONLY(200) },
  'GET /api/inspections/export': {
    request: () => ({ url: '/api/inspections/export?format=csv' }),
    expect: ADMIN_ONLY(200),
  },
  // Who changed what, and when: the office's.
  'GET /api/audit-log': { request: () => ({ url: '/api/audit-log?pageSize=5' }), expect: ADMIN_ONLY(200) },
  'GET /api/backup': { request: () => ({ url: '/api/backup' }), expect: ADMIN_ONLY(200) },
  // Other systems' access: an administrator's (and never an API token's: integrations/api-tokens.test.ts).
  'GET /api/api-tokens': { request: () => ({ url: '/api/api-tokens' }), expect: ADMIN_ONLY(200) },
  'POST /api/api-tokens': {
    request: () => ({ url: '/api/api-tokens', payload: { name: 'Power BI', scope: 'read' } }),
    expect: ADMIN_ONLY(201),
  },
  'DELETE /api/api-tokens/:id': {
    request: ({ apiToken }) => ({ url: `/api/api-tokens/${apiToken.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/webhooks': { request: () => ({ url: '/api/webhooks' }), expect: ADMIN_ONLY(200) },
  'POST /api/webhooks': {
    request: () => ({
      url: '/api/webhooks',
      payload: { url: 'https://erp.ejemplo.cl/rondin', events: ['action.opened'] },
    }),
    expect: ADMIN_ONLY(201),
  },
  'PATCH /api/webhooks/:id': {
    request: ({ webhook }) => ({ url: `/api/webhooks/${webhook.id}`, payload: { enabled: false } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/webhooks/:id': {
    request: ({ webhook }) => ({ url: `/api/webhooks/${webhook.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/webhooks/:id/deliveries': {
    request: ({ webhook }) => ({ url: `/api/webhooks/${webhook.id}/deliveries` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/webhooks/:id/test': {
    request: ({ webhook }) => ({ url: `/api/webhooks/${webhook.id}/test` }),
    expect: ADMIN_ONLY(200),
  },
  // The company heads every document and label: anyone signed in may read it, only the office changes it.
  'GET /api/settings/company': { request: () => ({ url: '/api/settings/company' }), expect: SIGNED_IN(200) },
  'PUT /api/settings/company': {
    request: () => ({ url: '/api/settings/company', payload: { name: 'Plagas Levante S.L.' } }),
    expect: ADMIN_ONLY(200),
  },
  // Where the certificates' QR codes point, and whether outsiders can open it: the office's settings.
  'GET /api/settings/verify-address': {
    request: () => ({ url: '/api/settings/verify-address' }),
    expect: ADMIN_ONLY(200),
  },
  // No logo in the fixture: past the access check, the answer is that there is none (or no company yet).
  'GET /api/settings/company/logo': { request: () => ({ url: '/api/settings/company/logo' }), expect: SIGNED_IN(404) },
  'PUT /api/settings/company/logo': {
    request: () => {
      const form = planForm({ file: image });
      return { url: '/api/settings/company/logo', payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(409),
  },
  'DELETE /api/settings/company/logo': {
    request: () => ({ url: '/api/settings/company/logo' }),
    expect: ADMIN_ONLY(404),
  },
  // The company's signing certificate is the office's alone: not even who it is is shown to technicians.
  'GET /api/settings/signing-certificate': {
    request: () => ({ url: '/api/settings/signing-certificate' }),
    expect: ADMIN_ONLY(200),
  },
  // Past the access check, a file that is no PKCS#12 is refused.
  'PUT /api/settings/signing-certificate': {
    request: () => ({ url: '/api/settings/signing-certificate', payload: { pkcs12: 'AAAA', password: 'clave' } }),
    expect: ADMIN_ONLY(400),
  },
  'DELETE /api/settings/signing-certificate': {
    request: () => ({ url: '/api/settings/signing-certificate' }),
    expect: ADMIN_ONLY(404),
  },
  'GET /api/thresholds': { request: () => ({ url: '/api/thresholds' }), expect: ADMIN_ONLY(200) },
  'PUT /api/thresholds': {
    request: () => ({ url: '/api/thresholds', payload: { thresholds: [] } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/thresholds': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/thresholds` }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/sites/:id/thresholds': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/thresholds`, payload: { thresholds: [] } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/actions': { request: () => ({ url: '/api/actions' }), expect: ADMIN_ONLY(200) },
  'GET /api/actions/export': { request: () => ({ url: '/api/actions/export?format=xlsx' }), expect: ADMIN_ONLY(200) },
  'POST /api/actions': {
    request: () => ({
      url: '/api/actions',
      payload: { siteId: DEFAULT_SITE_ID, description: 'Sellar el andén', dueDate: '2040-01-31' },
    }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/actions/:id': {
    request: ({ action }) => ({ url: `/api/actions/${action.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/actions/:id': {
    request: ({ action }) => ({ url: `/api/actions/${action.id}`, payload: { status: 'EN_CURSO' } }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/actions/:id/photos': {
    request: ({ action }) => {
      const form = multipartForm([{ name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo }]);
      return { url: `/api/actions/${action.id}/photos`, payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(201),
  },
  'GET /api/actions/:id/photos/:photoId': {
    request: ({ action, actionPhoto }) => ({ url: `/api/actions/${action.id}/photos/${actionPhoto.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/actions/:id/photos/:photoId': {
    request: ({ action, actionPhoto }) => ({ url: `/api/actions/${action.id}/photos/${actionPhoto.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'GET /api/pests': { request: () => ({ url: '/api/pests' }), expect: SIGNED_IN(200) },
  'POST /api/pests': {
    request: () => ({ url: '/api/pests', payload: { name: 'Pulga', group: 'OTROS' } }),
    expect: ADMIN_ONLY(201),
  },
  'PATCH /api/pests/:id': {
    request: () => ({ url: '/api/pests/1', payload: { isActive: false } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/products': { request: () => ({ url: '/api/products' }), expect: SIGNED_IN(200) },
  'POST /api/products': {
    request: () => ({ url: '/api/products', payload: productInput({ name: 'Gel matriz' }) }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/products/:id': {
    request: ({ product }) => ({ url: `/api/products/${product.id}` }),
    expect: SIGNED_IN(200),
  },
  'PATCH /api/products/:id': {
    request: ({ product }) => ({ url: `/api/products/${product.id}`, payload: { safetyIntervalHours: 6 } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/products/:id/documents/:kind': {
    request: ({ product }) => ({ url: `/api/products/${product.id}/documents/sds` }),
    expect: SIGNED_IN(200),
  },
  'PUT /api/products/:id/documents/:kind': {
    request: ({ product }) => {
      const form = multipartForm([
        { name: 'issuedOn', value: '2025-02-01' },
        { name: 'file', filename: 'etiqueta.pdf', contentType: 'application/pdf', data: tinyPdf },
      ]);
      return { url: `/api/products/${product.id}/documents/label`, payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/sessions/:id/applications/:clientApplicationId': {
    request: ({ openOrder, product }) => ({
      url: `/api/sessions/${openOrder.id}/applications/${randomUUID()}`,
      payload: applicationInput(product.id),
    }),
    expect: ORDER_PARTIES(201),
  },
  'GET /api/sessions/:id/applications': {
    request: ({ openOrder }) => ({ url: `/api/sessions/${openOrder.id}/applications` }),
    expect: ORDER_PARTIES(200),
  },
  'DELETE /api/sessions/:id/applications/:clientApplicationId': {
    request: ({ openOrder, application }) => ({
      url: `/api/sessions/${openOrder.id}/applications/${application.clientApplicationId}`,
    }),
    expect: ORDER_PARTIES(204),
  },
  'GET /api/reports/export': { request: () => ({ url: '/api/reports/export?format=excel' }), expect: ADMIN_ONLY(200) },
  // The audit pack holds every record of a site over a period: the office's, never a technician's.
  'GET /api/sites/:id/audit-pack': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack?from=2026-01-01&to=2026-03-31` }),
    expect: ADMIN_ONLY(200),
  },
  // A site's plans are read by the technicians with orders there, as the site itself is.
  'GET /api/sites/:id/plans': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/plans` }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sites/:id/plans': {
    request: () => {
      const form = planForm({ name: 'Planta alta', file: image });
      return { url: `/api/sites/${DEFAULT_SITE_ID}/plans`, payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(201),
  },
  'GET /api/sites/:id/common-pests': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/common-pests` }),
    expect: ORDER_PARTIES(200),
  },
  'GET /api/sites/:id/route': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/route` }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/sites/:id/route': {
    request: ({ freeTrap }) => ({ url: `/api/sites/${DEFAULT_SITE_ID}/route`, payload: { trapIds: [freeTrap.id] } }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sites/:id/route/propose': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/route/propose` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/placements': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/placements` }),
    expect: ORDER_PARTIES(200),
  },
  'GET /api/plans/:id': { request: ({ plan }) => ({ url: `/api/plans/${plan.id}` }), expect: ORDER_PARTIES(200) },
  'PATCH /api/plans/:id': {
    request: ({ plan }) => ({ url: `/api/plans/${plan.id}`, payload: { name: 'Nivel 1' } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/plans/:id': { request: ({ plan }) => ({ url: `/api/plans/${plan.id}` }), expect: ADMIN_ONLY(204) },
  // A plan coloured by what was found in a period: the office's view.
  'GET /api/plans/:id/heat': {
    request: ({ plan }) => ({ url: `/api/plans/${plan.id}/heat` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/plans/:id/image': {
    request: ({ plan }) => ({ url: `/api/plans/${plan.id}/image` }),
    expect: ORDER_PARTIES(200),
  },
  'PUT /api/plans/:id/image': {
    request: ({ plan }) => {
      const form = planForm({ file: image });
      return { url: `/api/plans/${plan.id}/image`, payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(200),
  },
  'GET /api/plans/:id/map.pdf': {
    request: ({ plan }) => ({ url: `/api/plans/${plan.id}/map.pdf` }),
    expect: ORDER_PARTIES(200),
  },
  'PUT /api/traps/:id/placement': {
    request: ({ freeTrap, plan }) => ({
      url: `/api/traps/${freeTrap.id}/placement`,
      payload: { planId: plan.id, x: 0.25, y: 0.75 },
    }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/plans/:id/placements': {
    request: ({ freeTrap, plan }) => ({
      url: `/api/plans/${plan.id}/placements`,
      payload: { placements: [{ trapId: freeTrap.id, x: 0.25, y: 0.75 }] },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/traps/:id/placement': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}/placement` }),
    expect: ADMIN_ONLY(204),
  },
  'PUT /api/sessions/:id/items/:itemId/finding': {
    request: ({ finishedOrder }) => ({
      url: `/api/sessions/${finishedOrder.id}/items/${finishedOrder.itemId}/finding`,
      payload: nothingFound(),
    }),
    expect: ORDER_PARTIES(200),
  },
  'GET /api/sessions/:id/items/:itemId/findings': {
    request: ({ finishedOrder }) => ({
      url: `/api/sessions/${finishedOrder.id}/items/${finishedOrder.itemId}/findings`,
    }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sessions/:id/items/:itemId/exception': {
    request: ({ openOrder }) => ({
      url: `/api/sessions/${openOrder.id}/items/${openOrder.itemId}/exception`,
      payload: notFoundException(),
    }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sessions/:id/items/:itemId/manual': {
    request: ({ openOrder }) => ({
      url: `/api/sessions/${openOrder.id}/items/${openOrder.itemId}/manual`,
      payload: typedCode(openOrder.code),
    }),
    expect: ORDER_PARTIES(200),
  },
  'POST /api/sessions/:id/items/:itemId/photos': {
    request: ({ finishedOrder }) => {
      const form = photoForm({ clientPhotoId: randomUUID(), file: photo });
      return {
        url: `/api/sessions/${finishedOrder.id}/items/${finishedOrder.itemId}/photos`,
        payload: form.payload(),
        headers: form.headers,
      };
    },
    expect: ORDER_PARTIES(201),
  },
  // A photo is seen and removed by the order's technician or an administrator, as the order itself.
  'GET /api/photos/:id': { request: ({ photo }) => ({ url: `/api/photos/${photo.id}` }), expect: ORDER_PARTIES(200) },
  'DELETE /api/photos/:id': {
    request: ({ photo }) => ({ url: `/api/photos/${photo.id}` }),
    expect: ORDER_PARTIES(204),
  },
  'GET /api/service-plans': { request: () => ({ url: '/api/service-plans' }), expect: ADMIN_ONLY(200) },
  'GET /api/service-plans/options': {
    request: () => ({ url: `/api/service-plans/options?siteId=${DEFAULT_SITE_ID}` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/service-plans': {
    request: ({ users }) => ({
      url: '/api/service-plans',
      payload: {
        siteId: DEFAULT_SITE_ID,
        name: 'Mensual',
        technicianId: users.assignedTech.id,
        frequency: 'MENSUAL',
        startDate: '2040-01-31',
        time: '08:00',
      },
    }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/service-plans/:id': {
    request: ({ servicePlan }) => ({ url: `/api/service-plans/${servicePlan.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/service-plans/:id': {
    request: ({ servicePlan }) => ({ url: `/api/service-plans/${servicePlan.id}`, payload: { name: 'Quincenal' } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/service-plans/:id': {
    request: ({ servicePlan }) => ({ url: `/api/service-plans/${servicePlan.id}` }),
    expect: ADMIN_ONLY(204),
  },
  'POST /api/service-plans/:id/generate': {
    request: ({ servicePlan }) => ({ url: `/api/service-plans/${servicePlan.id}/generate` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/assessments': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/assessments` }),
    expect: SIGNED_IN(200),
  },
  'POST /api/sites/:id/assessments': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/assessments`, payload: { kind: 'DIAGNOSTICO' } }),
    expect: SIGNED_IN(201),
  },
  'GET /api/assessments/due': { request: () => ({ url: '/api/assessments/due' }), expect: SIGNED_IN(200) },
  'GET /api/assessments/:id': {
    request: ({ assessment }) => ({ url: `/api/assessments/${assessment.id}` }),
    expect: SIGNED_IN(200),
  },
  'PATCH /api/assessments/:id': {
    request: ({ assessment }) => ({
      url: `/api/assessments/${assessment.id}`,
      payload: { conclusions: 'Sin novedad.' },
    }),
    expect: SIGNED_IN(200),
  },
  // Signed by the qualification, not the role: the administrator is the technical manager here, with a signature.
  'POST /api/assessments/:id/sign': {
    request: ({ assessment }) => ({ url: `/api/assessments/${assessment.id}/sign` }),
    expect: { anonymous: 401, deactivated: 401, otherTech: 403, assignedTech: 403, admin: 200, cliente: 403 },
  },
  'GET /api/assessments/:id/report.pdf': {
    request: ({ assessment }) => ({ url: `/api/assessments/${assessment.id}/report.pdf` }),
    expect: SIGNED_IN(200),
  },
  'POST /api/assessments/:id/photos': {
    request: ({ assessment }) => {
      const form = photoForm({ clientPhotoId: randomUUID(), file: photo });
      return { url: `/api/assessments/${assessment.id}/photos`, payload: form.payload(), headers: form.headers };
    },
    expect: SIGNED_IN(201),
  },
  'GET /api/assessments/:id/photos/:photoId': {
    request: ({ assessment, assessmentPhoto }) => ({
      url: `/api/assessments/${assessment.id}/photos/${assessmentPhoto.id}`,
    }),
    expect: SIGNED_IN(200),
  },
  'GET /api/sites/:id/sightings': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/sightings` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sites/:id/sightings': {
    request: () => {
      const form = sightingForm();
      return { url: `/api/sites/${DEFAULT_SITE_ID}/sightings`, payload: form.payload(), headers: form.headers };
    },
    expect: ADMIN_ONLY(201),
  },
  'GET /api/sites/:id/sighting-link': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/sighting-link` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/sites/:id/sighting-link': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/sighting-link` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sites/:id/sighting-poster.pdf': {
    request: () => ({ url: `/api/sites/${DEFAULT_SITE_ID}/sighting-poster.pdf?area=Bodega` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sightings': { request: () => ({ url: '/api/sightings?status=ABIERTO' }), expect: ADMIN_ONLY(200) },
  'GET /api/sightings/:id': {
    request: ({ sighting }) => ({ url: `/api/sightings/${sighting.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/sightings/:id/photos/:photoId': {
    request: ({ sighting, sightingPhoto }) => ({ url: `/api/sightings/${sighting.id}/photos/${sightingPhoto.id}` }),
    expect: ADMIN_ONLY(200),
  },
  // The portal's: a CLIENTE of the site only (modules/sightings/sightings.test.ts checks its scope); staff are refused.
  'GET /api/portal/sites/:id/sightings': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/sightings` }),
    expect: PORTAL(200),
  },
  'POST /api/portal/sites/:id/sightings': {
    request: () => {
      const form = sightingForm();
      return { url: `/api/portal/sites/${DEFAULT_SITE_ID}/sightings`, payload: form.payload(), headers: form.headers };
    },
    expect: PORTAL(201),
  },
  'GET /api/portal/sites/:id/areas': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/areas` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sightings/:id/photos/:photoId': {
    request: ({ sighting, sightingPhoto }) => ({
      url: `/api/portal/sightings/${sighting.id}/photos/${sightingPhoto.id}`,
    }),
    expect: PORTAL(200),
  },
  // The poster's page: its token is the only key, whoever holds the phone.
  'GET /api/public/sightings/:token': {
    request: ({ sightingToken }) => ({ url: `/api/public/sightings/${sightingToken}` }),
    expect: PUBLIC(200),
  },
  'POST /api/public/sightings/:token': {
    request: ({ sightingToken }) => {
      const form = sightingForm({ reporterName: 'Marta' });
      return { url: `/api/public/sightings/${sightingToken}`, payload: form.payload(), headers: form.headers };
    },
    expect: PUBLIC(201),
  },
  'POST /api/clients/:id/portal-accounts': {
    request: () => ({
      url: '/api/clients/1/portal-accounts',
      payload: { email: 'nueva@cliente.test', fullName: 'Calidad' },
    }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/clients/:id/portal-accounts': {
    request: () => ({ url: '/api/clients/1/portal-accounts' }),
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/portal-accounts/:id': {
    request: ({ invited }) => ({ url: `/api/portal-accounts/${invited.id}`, payload: { fullName: 'Renombrada' } }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/portal-accounts/:id/invitation': {
    request: ({ invited }) => ({ url: `/api/portal-accounts/${invited.id}/invitation` }),
    expect: ADMIN_ONLY(201),
  },
  // The invitation link: anyone holding it, with or without a session.
  'GET /api/invitations/:token': {
    request: ({ invited }) => ({ url: `/api/invitations/${invited.token}` }),
    expect: PUBLIC(200),
  },
  'POST /api/invitations/:token': {
    request: ({ invited }) => ({
      url: `/api/invitations/${invited.token}`,
      payload: { password: 'clave-de-la-planta-1' },
    }),
    expect: PUBLIC(200),
  },
  'GET /api/portal/sites': { request: () => ({ url: '/api/portal/sites' }), expect: PORTAL(200) },
  'GET /api/portal/sites/:id': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}` }),
    expect: PORTAL(200),
  },
  // The portal's reads of the office's plans, trends and audit pack (modules/portal/portal-reads.test.ts: scope).
  'GET /api/portal/sites/:id/plans': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/plans` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/plans/:id': {
    request: ({ plan }) => ({ url: `/api/portal/plans/${plan.id}` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/plans/:id/heat': {
    request: ({ plan }) => ({ url: `/api/portal/plans/${plan.id}/heat` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/plans/:id/image': {
    request: ({ plan }) => ({ url: `/api/portal/plans/${plan.id}/image` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/plans/:id/map.pdf': {
    request: ({ plan }) => ({ url: `/api/portal/plans/${plan.id}/map.pdf` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sites/:id/trends': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/trends` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sites/:id/audit-pack': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/audit-pack?from=2026-01-01&to=2026-03-31` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sites/:id/actions': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/actions` }),
    expect: PORTAL(200),
  },
  'POST /api/portal/actions/:id/acknowledge': {
    request: ({ recommendation }) => ({ url: `/api/portal/actions/${recommendation.id}/acknowledge`, payload: {} }),
    expect: PORTAL(200),
  },
  'POST /api/portal/actions/:id/responses': {
    request: ({ recommendation }) => {
      const form = multipartForm([
        { name: 'note', value: 'Sellado.' },
        { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      return {
        url: `/api/portal/actions/${recommendation.id}/responses`,
        payload: form.payload(),
        headers: form.headers,
      };
    },
    expect: PORTAL(201),
  },
  'GET /api/portal/actions/:id/photos/:photoId': {
    request: ({ action, actionPhoto }) => ({ url: `/api/portal/actions/${action.id}/photos/${actionPhoto.id}` }),
    expect: PORTAL(200),
  },
  // A site's documents in the portal (modules/portal/portal-documents.test.ts: scope and content).
  'GET /api/portal/sites/:id/documents': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/documents` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/assessments/:id/report.pdf': {
    request: ({ signedAssessment }) => ({ url: `/api/portal/assessments/${signedAssessment.id}/report.pdf` }),
    expect: PORTAL(200),
  },
  'POST /api/portal/assessments/:id/acknowledge': {
    request: ({ signedAssessment }) => ({
      url: `/api/portal/assessments/${signedAssessment.id}/acknowledge`,
      payload: { note: 'Leída.' },
    }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sites/:id/products/:productId/documents/:kind': {
    request: ({ product }) => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/products/${product.id}/documents/sds` }),
    expect: PORTAL(200),
  },
  // Each visit with its certificate, and its findings with their photos (modules/portal/portal-visits.test.ts: scope).
  'GET /api/portal/sites/:id/visits': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/visits` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/visits/:id/report.pdf': {
    request: ({ closedOrder }) => ({ url: `/api/portal/visits/${closedOrder.id}/report.pdf` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/sites/:id/findings': {
    request: () => ({ url: `/api/portal/sites/${DEFAULT_SITE_ID}/findings` }),
    expect: PORTAL(200),
  },
  'GET /api/portal/photos/:id': {
    request: ({ photo }) => ({ url: `/api/portal/photos/${photo.id}` }),
    expect: PORTAL(200),
  },
  'GET /api/traps/:id/placement-events': {
    request: ({ freeTrap }) => ({ url: `/api/traps/${freeTrap.id}/placement-events` }),
    expect: ADMIN_ONLY(200),
  },
};

/** A sighting of the default site's area, as its forms send it (multipart), with a photo. */
function sightingForm(fields: Record<string, string> = {}) {
  return multipartForm([
    { name: 'area', value: 'Bodega' },
    { name: 'description', value: 'Un ratón junto a la puerta.' },
    { name: 'seenAt', value: new Date(Date.now() - 60_000).toISOString() },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo },
  ]);
}

/** The OpenAPI viewer and document are public by design: they describe the API, they expose no data. */
const isPublicDocumentation = (url: string) => url.startsWith('/api/docs');

let t: TestApp;
let image: Buffer;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_EMAIL: '10000' });
  image = await planImage(40, 30);
  photo = await planImage(40, 30, 'jpeg');
});
afterAll(() => t.close());

/**
 * The fixture as just built: built once through the API, then brought back from a snapshot of the database and
 * the data folder, which gives the same rows, ids, files and tokens in a fraction of the time.
 */
let pristine: { fixture: Fixture; restore: () => Promise<void> } | undefined;
async function freshFixture(): Promise<Fixture> {
  if (pristine) {
    await pristine.restore();
    return structuredClone(pristine.fixture);
  }
  const fixture = await buildFixture();
  pristine = { fixture: structuredClone(fixture), restore: await t.snapshot() };
  return fixture;
}

async function buildFixture(): Promise<Fixture> {
  await t.reset();
  const admin = await createAdmin(t);
  const assignedTech = await createUser(t, { email: 'asignado@planta.test' });
  const otherTech = await createUser(t);
  const deactivated = await createUser(t, { isActive: false });
  const cliente = await createPortalUser(t);
  const [inOpen, inFinished, freeTrap] = [await createTrap(t), await createTrap(t), await createTrap(t)];
  const openOrder = await createOrder(t, admin, assignedTech.id, [inOpen.id]);
  const finishedOrder = await createOrder(t, admin, assignedTech.id, [inFinished.id]);
  await scan(t, assignedTech, finishedOrder.id, inFinished.qrSlug);
  const finishedItemId = finishedOrder.items[0]!.id;
  const photoResponse = await postPhoto(t, assignedTech, finishedOrder.id, finishedItemId, {
    clientPhotoId: randomUUID(),
    file: photo,
  });
  const closedOrder = await createOrder(t, admin, assignedTech.id, [inOpen.id]);
  await close(t, admin, closedOrder.id, { force: true });
  // Whoever may close finishedOrder has the signature a close asks for.
  await storeOwnSignature(t, assignedTech);
  const [certificate] = await t.database.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(eq(certificates.sessionId, closedOrder.id));
  const [spareSite] = await t.database.db
    .insert(sites)
    .values({ name: 'Sitio de reserva', isActive: false })
    .returning();
  const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja', image);
  const [servicePlan] = await t.database.db
    .insert(servicePlans)
    .values({
      siteId: DEFAULT_SITE_ID,
      name: 'Semanal',
      technicianId: assignedTech.id,
      frequency: 'SEMANAL',
      startDate: '2040-01-01',
      time: '08:00',
    })
    .returning();
  await t.app.inject({
    method: 'PUT',
    url: `/api/traps/${freeTrap.id}/placement`,
    headers: admin.headers,
    payload: { planId: plan.id, x: 0.5, y: 0.5 },
  });
  const [action] = await t.database.db
    .insert(correctiveActions)
    .values({
      siteId: DEFAULT_SITE_ID,
      origin: 'MANUAL',
      detectedAt: new Date(),
      severity: 'MEDIA',
      description: 'Sellar el andén',
      responsible: 'EMPRESA',
      dueDate: '2040-01-31',
    })
    .returning();
  const [recommendation] = await t.database.db
    .insert(correctiveActions)
    .values({
      siteId: DEFAULT_SITE_ID,
      origin: 'RECOMENDACION',
      detectedAt: new Date(),
      severity: 'MEDIA',
      description: 'Reparar la puerta del muelle',
      responsible: 'CLIENTE',
      dueDate: '2040-01-31',
    })
    .returning();
  const actionPhotoForm = multipartForm([
    { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo },
  ]);
  const actionPhoto = await t.app.inject({
    method: 'POST',
    url: `/api/actions/${action!.id}/photos`,
    headers: { ...admin.headers, ...actionPhotoForm.headers },
    payload: actionPhotoForm.payload(),
  });
  // A label to print again, as a device recorded by its typed code leaves one.
  await t.database.db.insert(labelReprints).values({ trapId: freeTrap.id, reason: 'ETIQUETA_DANADA' });
  const product = await createProduct(t, admin);
  await putDocument(t, admin, product.id, 'sds', { issuedOn: '2025-01-15', file: tinyPdf });
  const applied = await putApplication(t, admin, openOrder.id, applicationInput(product.id));
  const [contact] = await t.database.db
    .insert(contacts)
    .values({ clientId: 1, name: 'Andrés Gil', role: 'Calidad' })
    .returning();
  // The default site's control programme: version 1 approved by the administrator, a technical manager; 2 a draft.
  await makeTechnicalManager(t, admin);
  await saveProgramme(t, admin, DEFAULT_SITE_ID, programmeInput());
  await t.app.inject({
    method: 'POST',
    url: `/api/sites/${DEFAULT_SITE_ID}/programme/versions/1/approve`,
    headers: admin.headers,
  });
  await saveProgramme(t, admin, DEFAULT_SITE_ID, programmeInput());
  const assessment = await t.app.inject({
    method: 'POST',
    url: `/api/sites/${DEFAULT_SITE_ID}/assessments`,
    headers: admin.headers,
    payload: {
      kind: 'DIAGNOSTICO',
      areas: [{ area: 'Muelle', pressure: 'BAJA' }],
      conclusions: 'Presión baja.',
    },
  });
  const assessmentPhotoForm = photoForm({ clientPhotoId: randomUUID(), file: photo });
  const assessmentPhoto = await t.app.inject({
    method: 'POST',
    url: `/api/assessments/${assessment.json<{ id: number }>().id}/photos`,
    headers: { ...admin.headers, ...assessmentPhotoForm.headers },
    payload: assessmentPhotoForm.payload(),
  });
  // Signed without drawing a report (the fixture is built for every write): its report is a stored PDF.
  const [stored] = await t.database.db
    .select({ id: files.id, sha256: files.sha256 })
    .from(products)
    .innerJoin(files, eq(files.id, products.sdsFileId))
    .where(eq(products.id, product.id));
  const [signedAssessment] = await t.database.db
    .insert(assessments)
    .values({
      siteId: DEFAULT_SITE_ID,
      kind: 'DIAGNOSTICO',
      status: 'FIRMADA',
      performedAt: new Date(),
      signedAt: new Date(),
      signerName: 'Responsable',
      signerQualification: 'RESPONSABLE_TECNICO',
      reportFileId: stored!.id,
      reportSha256: stored!.sha256,
    })
    .returning({ id: assessments.id });
  const link = await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/sighting-link`, headers: admin.headers });
  const sightingToken = link.json<{ token: string }>().token;
  const reported = sightingForm({ reporterName: 'Marta' });
  const sighting = await t.app.inject({
    method: 'POST',
    url: `/api/public/sightings/${sightingToken}`,
    headers: reported.headers,
    payload: reported.payload(),
  });
  const sightingId = sighting.json<{ id: number }>().id;
  const sightingDetail = await t.app.inject({ url: `/api/sightings/${sightingId}`, headers: admin.headers });
  const invitation = await t.app.inject({
    method: 'POST',
    url: '/api/clients/1/portal-accounts',
    headers: admin.headers,
    payload: { email: 'invitada@cliente.test', fullName: 'Invitada' },
  });
  const issued = invitation.json<{ account: { id: number }; invitationUrl: string }>();
  const apiToken = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: admin.headers,
    payload: { name: 'ERP', scope: 'write' },
  });
  const readToken = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: admin.headers,
    payload: { name: 'BI', scope: 'read' },
  });
  const webhook = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin.headers,
    payload: { url: 'http://127.0.0.1:9/rondin', events: ['order.closed'] },
  });
  return {
    apiToken: apiToken.json<{ apiToken: { id: number } }>().apiToken,
    tokens: {
      write: apiToken.json<{ token: string }>().token,
      read: readToken.json<{ token: string }>().token,
    },
    webhook: webhook.json<{ webhook: { id: number } }>().webhook,
    sighting: { id: sightingId },
    sightingPhoto: sightingDetail.json<{ photos: { id: number }[] }>().photos[0]!,
    sightingToken,
    recommendation: recommendation!,
    invited: { id: issued.account.id, token: issued.invitationUrl.split('/invitacion/')[1]! },
    assessment: assessment.json(),
    assessmentPhoto: assessmentPhoto.json(),
    signedAssessment: signedAssessment!,
    contact: contact!,
    product,
    application: applied.json(),
    action: action!,
    actionPhoto: actionPhoto.json(),
    plan,
    servicePlan: servicePlan!,
    users: { admin, assignedTech, otherTech, deactivated, cliente },
    freeTrap,
    openOrder: { id: openOrder.id, slug: inOpen.qrSlug, itemId: openOrder.items[0]!.id, code: inOpen.code },
    finishedOrder: { id: finishedOrder.id, itemId: finishedItemId },
    photo: photoResponse.json(),
    closedOrder,
    certificateCode: certificate!.code,
    spareSite: spareSite!,
  };
}

describe('authorization matrix', () => {
  it('has a row for every route the server registers, and no row for a route that does not exist', () => {
    const registered = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && !isPublicDocumentation(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(registered)].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  // Reads come first and share one fixture: a read, or a refused request, writes nothing, so what one row reads
  // the next meets unchanged, and building the fixture (a closed order's certificate and report, photos, a plan)
  // once instead of once a row halves the file's time. Writes follow, each row on a fixture of its own.
  const rows = Object.entries(MATRIX);
  const reads = rows.filter(([route]) => route.startsWith('GET '));
  const writes = rows.filter(([route]) => !route.startsWith('GET '));
  let shared: Fixture;
  // Built before the rows, under the hooks' time limit: on a busy machine building it took longer than a test may.
  beforeAll(async () => {
    shared = await freshFixture();
  });
  for (const [route, row] of [...reads, ...writes]) {
    const expected = { ...row.expect, ...tokenExpectation(route, row) };
    it(`${route}: ${Object.entries(expected)
      .map(([actor, status]) => `${actor} ${status}`)
      .join(', ')}`, async () => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const answers: Partial<Record<Actor | TokenActor, number>> = {};
      let fixture = method === 'GET' ? shared : undefined;
      for (const actor of [...ACTORS, ...(Object.keys(TOKEN_ACTORS) as TokenActor[])]) {
        fixture ??= await freshFixture();
        const { url, payload, headers } = row.request(fixture);
        const credentials =
          actor === 'anonymous'
            ? {}
            : actor === 'writeToken' || actor === 'readToken'
              ? { authorization: `Bearer ${fixture.tokens[TOKEN_ACTORS[actor]]}` }
              : fixture.users[actor].headers;
        const response = await t.app.inject({
          method,
          url,
          headers: { ...headers, ...credentials },
          ...(payload ? { payload } : {}),
        });
        answers[actor] = response.statusCode;
        // A write the server carried out may change what the next actor meets: they get fresh data.
        if (method !== 'GET' && response.statusCode < 400) fixture = undefined;
      }
      expect(answers).toEqual(expected);
    });
  }
});

describe('realtime authorization', () => {
  let url: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sessions`;
  });

  it('admits active accounts only, and delivers an order event to its technician alone and to the office', async () => {
    const fixture = await freshFixture();
    const outcomes: Record<string, string> = {};
    const received: Record<string, number[]> = {};
    const sockets = [];
    for (const actor of ACTORS) {
      const token = actor === 'anonymous' ? undefined : fixture.users[actor].token;
      const socket = io(url, {
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      received[actor] = [];
      socket.on('session.created', ({ sessionId }: { sessionId: number }) => received[actor]!.push(sessionId));
      outcomes[actor] = await new Promise((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
    }
    expect(outcomes).toEqual({
      anonymous: 'refused',
      deactivated: 'refused',
      otherTech: 'connected',
      assignedTech: 'connected',
      admin: 'connected',
      // Signed in, but in no room: orders are the office's and their technicians'.
      cliente: 'connected',
    });

    const forAssigned = await createOrder(t, fixture.users.admin, fixture.users.assignedTech.id, [fixture.freeTrap.id]);
    const forOther = await createOrder(t, fixture.users.admin, fixture.users.otherTech.id, [fixture.freeTrap.id]);
    await expect.poll(() => received.otherTech).toEqual([forOther.id]);
    await expect.poll(() => received.assignedTech).toEqual([forAssigned.id]);
    // The office (administrators' sockets) follows every order. Events are sent in order on each socket; by
    // the time the later one arrived anywhere, the earlier one would have reached the wrong sockets too.
    await expect.poll(() => received.admin).toEqual([forAssigned.id, forOther.id]);
    expect(received.cliente).toEqual([]);
    sockets.forEach((socket) => socket.disconnect());
  });
});
