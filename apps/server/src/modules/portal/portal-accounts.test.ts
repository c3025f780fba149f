import { createHash } from 'node:crypto';
import { INVITATION_DAYS, type PortalAccount, type PortalInvitationIssued, PortalMessages } from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients, portalInvitations, sites } from '../../db/schema.js';
import { createAdmin, createTestApp, DEFAULT_SITE_ID, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_EMAIL: '10000' });
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const PASSWORD = 'la-planta-de-calidad-2026';

async function invite(body: object = {}, clientId = 1) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/portal-accounts`,
    headers: admin.headers,
    payload: { email: 'Calidad@Planta.test', fullName: 'Marta Calidad', ...body },
  });
  return response;
}

const tokenOf = (issued: PortalInvitationIssued) => issued.invitationUrl.split('/invitacion/')[1]!;

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const accept = (token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { password } });

describe('inviting a client’s person to the portal', () => {
  it('creates a CLIENTE account and a single-use link whose token is stored only as its hash', async () => {
    const response = await invite();
    expect(response.statusCode).toBe(201);
    const issued = response.json<PortalInvitationIssued>();
    expect(issued.invitationUrl).toMatch(/^http:\/\/localhost(:\d+)?\/invitacion\/[A-Za-z0-9_-]{43}$/);
    expect(issued.account).toMatchObject({
      clientId: 1,
      email: 'calidad@planta.test',
      fullName: 'Marta Calidad',
      siteIds: [],
      isActive: true,
      invitation: { state: 'PENDIENTE', acceptedAt: null },
    });
    const days = (Date.parse(issued.account.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_DAYS);
    const token = tokenOf(issued);
    const stored = await t.database.db.select({ hash: portalInvitations.tokenHash }).from(portalInvitations);
    expect(stored).toEqual([{ hash: createHash('sha256').update(token).digest('hex') }]);
    // No password works before the invitation is accepted.
    expect((await login('calidad@planta.test', PASSWORD)).statusCode).toBe(401);
  });

  it('refuses sites of another client, an email already in use, and an inactive client', async () => {
    const [other] = await t.database.db.insert(clients).values({ name: 'Otra empresa' }).returning();
    const [foreign] = await t.database.db.insert(sites).values({ name: 'Ajena', clientId: other!.id }).returning();
    const wrongSite = await invite({ siteIds: [DEFAULT_SITE_ID, foreign!.id] });
    expect([wrongSite.statusCode, wrongSite.json().message]).toEqual([400, PortalMessages.siteNotOfClient]);
    const taken = await invite({ email: admin.email.toUpperCase() });
    expect([taken.statusCode, taken.json().message]).toEqual([409, PortalMessages.emailTaken]);
    const [closed] = await t.database.db.insert(clients).values({ name: 'Cerrada', isActive: false }).returning();
    const inactive = await invite({}, closed!.id);
    expect([inactive.statusCode, inactive.json().message]).toEqual([409, PortalMessages.clientInactive]);
    expect((await invite({}, 999_999)).statusCode).toBe(404);
  });
});

describe('the invitation link', () => {
  it('says who is invited, sets the password once, and then the person signs in as CLIENTE', async () => {
    const issued = (await invite({ siteIds: [DEFAULT_SITE_ID] })).json<PortalInvitationIssued>();
    const token = tokenOf(issued);
    const info = await t.app.inject({ url: `/api/invitations/${token}` });
    expect(info.json()).toEqual({
      email: 'calidad@planta.test',
      fullName: 'Marta Calidad',
      clientName: 'Sitio principal',
      expiresAt: issued.account.invitation.expiresAt,
    });
    const weak = await accept(token, 'calidad@planta.test');
    expect(weak.statusCode).toBe(400);
    const accepted = await accept(token);
    expect([accepted.statusCode, accepted.json()]).toEqual([200, { email: 'calidad@planta.test' }]);
    const signedIn = await login('calidad@planta.test', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().technician.role).toBe('CLIENTE');

    const again = await accept(token, 'otra-clave-muy-larga-2026');
    expect([again.statusCode, again.json().message]).toEqual([410, PortalMessages.invitationUsed]);
    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(410);
    expect((await login('calidad@planta.test', PASSWORD)).statusCode).toBe(200);

    const list = await t.app.inject({ url: '/api/clients/1/portal-accounts', headers: admin.headers });
    expect(list.json<{ items: PortalAccount[] }>().items).toEqual([
      expect.objectContaining({
        id: issued.account.id,
        siteIds: [DEFAULT_SITE_ID],
        invitation: expect.objectContaining({ state: 'ACEPTADA' }),
      }),
    ]);
  });

  it('is used once when two people accept it at the same time', async () => {
    const token = tokenOf((await invite()).json<PortalInvitationIssued>());
    const answers = await Promise.all([accept(token), accept(token, 'otra-clave-muy-larga-2026')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('stops working after 7 days (410), and an unknown token is a 404', async () => {
    const issued = (await invite()).json<PortalInvitationIssued>();
    await t.database.db
      .update(portalInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(portalInvitations.accountId, issued.account.id));
    const expired = await accept(tokenOf(issued));
    expect([expired.statusCode, expired.json().message]).toEqual([410, PortalMessages.invitationExpired]);
    const list = await t.app.inject({ url: '/api/clients/1/portal-accounts', headers: admin.headers });
    expect(list.json<{ items: PortalAccount[] }>().items[0]!.invitation.state).toBe('VENCIDA');
    const unknown = await t.app.inject({ url: `/api/invitations/${'A'.repeat(43)}` });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, PortalMessages.invitationNotFound]);
    expect((await t.app.inject({ url: '/api/invitations/corto' })).statusCode).toBe(400);
  });

  it('is voided by a new one, which also resets a forgotten password', async () => {
    const issued = (await invite()).json<PortalInvitationIssued>();
    await accept(tokenOf(issued));
    const reissued = await t.app.inject({
      method: 'POST',
      url: `/api/portal-accounts/${issued.account.id}/invitation`,
      headers: admin.headers,
    });
    expect(reissued.statusCode).toBe(201);
    const fresh = reissued.json<PortalInvitationIssued>();
    expect(fresh.account.invitation.state).toBe('PENDIENTE');
    expect((await accept(tokenOf(fresh), 'clave-nueva-de-calidad')).statusCode).toBe(200);
    expect((await login('calidad@planta.test', PASSWORD)).statusCode).toBe(401);
    expect((await login('calidad@planta.test', 'clave-nueva-de-calidad')).statusCode).toBe(200);

    const second = (
      await t.app.inject({
        method: 'POST',
        url: `/api/portal-accounts/${issued.account.id}/invitation`,
        headers: admin.headers,
      })
    ).json<PortalInvitationIssued>();
    const third = (
      await t.app.inject({
        method: 'POST',
        url: `/api/portal-accounts/${issued.account.id}/invitation`,
        headers: admin.headers,
      })
    ).json<PortalInvitationIssued>();
    expect((await accept(tokenOf(second))).statusCode).toBe(404);
    expect((await accept(tokenOf(third))).statusCode).toBe(200);
  });
});

describe('a portal account', () => {
  it('deactivated, loses access at once and gets no new invitation; the office id routes do not reach it', async () => {
    const issued = (await invite()).json<PortalInvitationIssued>();
    await accept(tokenOf(issued));
    const token = (await login('calidad@planta.test', PASSWORD)).json().accessToken as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/technicians/me/profile', headers })).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal-accounts/${issued.account.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(off.json<PortalAccount>().isActive).toBe(false);
    expect((await t.app.inject({ url: '/api/technicians/me/profile', headers })).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/portal-accounts/${issued.account.id}/invitation`,
      headers: admin.headers,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([409, PortalMessages.accountInactive]);
    const notPortal = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal-accounts/${admin.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(notPortal.statusCode).toBe(404);
  });
});
