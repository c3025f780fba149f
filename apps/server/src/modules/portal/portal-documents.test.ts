import {
  PortalMessages,
  type Assessment,
  type AssessmentSummary,
  type PortalDocuments,
  type ProgrammeVersion,
  type SiteAssessments,
} from '@rondin/contracts';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, clients, sites, technicians } from '../../db/schema.js';
import { close, createOrder, storeOwnSignature } from '../../../test/orders.js';
import { applicationInput, createProduct, pdfOf, putApplication, putDocument } from '../../../test/products.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../../test/programmes.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/**
 * A site's documents in the plant's portal: what is listed is the site's own (programme in force, signed
 * assessments, the company's registry, who served it and what was applied there), each file the one the office
 * keeps, and the plant's acceptance of a signed assessment, once, seen by the office.
 */
let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let manager: TestUser;
let person: TestUser;
let foreign: { site: number; assessment: number; product: number };
let product: { id: number };
let unused: { id: number };
let labelPdf: Buffer;
let sdsPdf: Buffer;

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;
const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

function ok<T>(response: Inject, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

function refused(response: Inject, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
}

async function signedAssessment(siteId: number, conclusions = 'Presión baja en toda la planta.') {
  const draft = ok<Assessment>(
    await call(tech, 'POST', `/api/sites/${siteId}/assessments`, {
      kind: 'DIAGNOSTICO',
      areas: [{ area: 'Bodega', pressure: 'BAJA', conditions: ['HIGIENE'] }],
      conclusions,
      recommendations: [],
    }),
    201,
  );
  return ok<Assessment>(await call(manager, 'POST', `/api/assessments/${draft.id}/sign`));
}

/** An order of the site, closed by the technician after applying the product. */
async function servedWith(siteId: number, productId: number) {
  const trap = await createTrap(t, { siteId });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  ok(await putApplication(t, tech, order.id, applicationInput(productId)), 201);
  const closed = await close(t, admin, order.id, { force: true });
  expect(closed.statusCode, closed.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Aplicadora' });
  manager = await createUser(t, { fullName: 'Marta Responsable' });
  await makeTechnicalManager(t, manager);
  await storeOwnSignature(t, manager);
  await t.database.db
    .update(technicians)
    .set({ licenceNumber: 'CARNE-778', licenceExpiresAt: '2031-06-30', qualification: 'APLICADOR' })
    .where(eq(technicians.id, tech.id));
  ok(
    await call(admin, 'PUT', '/api/settings/company', {
      name: 'Plagas del Norte S.L.',
      taxId: 'B12345678',
      registryNumber: 'ROESB 0457-CAT',
      technicalManager: 'Marta Vidal',
    }),
  );

  product = await createProduct(t, admin, { name: 'Brodifacoum Bloque 25' });
  unused = await createProduct(t, admin, { name: 'Nunca aplicado', registrationNumber: 'ES/RM-2020-14-00999' });
  labelPdf = pdfOf('/Lang (es-ES)');
  sdsPdf = pdfOf('/Lang (es)');
  for (const [id, kind, file] of [
    [product.id, 'label', labelPdf],
    [product.id, 'sds', sdsPdf],
    [unused.id, 'sds', sdsPdf],
  ] as const) {
    ok(await putDocument(t, admin, id, kind, { issuedOn: '2026-01-10', file }));
  }
  await servedWith(DEFAULT_SITE_ID, product.id);

  const [other] = await t.database.db.insert(clients).values({ name: 'Otra empresa' }).returning();
  const [site] = await t.database.db.insert(sites).values({ name: 'Planta ajena', clientId: other!.id }).returning();
  const foreignProduct = await createProduct(t, admin, { name: 'Solo en la ajena', registrationNumber: 'ES/X-1' });
  ok(await putDocument(t, admin, foreignProduct.id, 'label', { issuedOn: '2026-01-10', file: labelPdf }));
  await servedWith(site!.id, foreignProduct.id);
  foreign = { site: site!.id, assessment: (await signedAssessment(site!.id)).id, product: foreignProduct.id };
  person = await createPortalUser(t, { fullName: 'Lucía Calidad' });
});

const documents = async (user = person, siteId = DEFAULT_SITE_ID) =>
  ok<PortalDocuments>(await call(user, 'GET', `/api/portal/sites/${siteId}/documents`));

describe("a site's documents in the portal", () => {
  it('lists the programme in force, signed assessments, the registry, who served the site and what was applied', async () => {
    const empty = await documents();
    expect(empty.programme).toBeNull();
    expect(empty.assessments).toEqual([]);

    const saved = ok<ProgrammeVersion>(await saveProgramme(t, admin, DEFAULT_SITE_ID, programmeInput()));
    const programmeUrl = `/api/sites/${DEFAULT_SITE_ID}/programme/versions/${saved.version}`;
    ok(await call(manager, 'POST', `${programmeUrl}/approve`));
    // A later draft is not in force: the plant reads the approved version.
    ok(await saveProgramme(t, admin, DEFAULT_SITE_ID, programmeInput({ scope: 'Borrador sin aprobar.' })));
    const draft = ok<Assessment>(
      await call(tech, 'POST', `/api/sites/${DEFAULT_SITE_ID}/assessments`, {
        kind: 'DIAGNOSTICO',
        areas: [],
        recommendations: [],
      }),
      201,
    );
    const signed = await signedAssessment(DEFAULT_SITE_ID);

    const listed = await documents();
    const office = ok<ProgrammeVersion>(
      await call(admin, 'GET', `/api/sites/${DEFAULT_SITE_ID}/programme?at=${listed.programme!.effectiveFrom}`),
    );
    expect(listed.programme).toEqual(office);
    expect(listed.programme).toMatchObject({ version: saved.version, scope: programmeInput().scope });
    const officeList = ok<SiteAssessments>(await call(admin, 'GET', `/api/sites/${DEFAULT_SITE_ID}/assessments`));
    expect(listed.assessments).toEqual(officeList.items.filter((item) => item.id === signed.id));
    expect(listed.assessments.map((item) => item.id)).not.toContain(draft.id);
    expect(listed.company).toEqual({
      name: 'Plagas del Norte S.L.',
      taxId: 'B12345678',
      registryNumber: 'ROESB 0457-CAT',
      technicalManager: 'Marta Vidal',
      address: null,
      phone: null,
    });
    // The technician who closed the order and applied the product; not the office nor the signer.
    expect(listed.technicians).toEqual([
      {
        id: tech.id,
        fullName: 'Ana Aplicadora',
        qualification: 'APLICADOR',
        licenceNumber: 'CARNE-778',
        licenceExpiresAt: '2031-06-30',
        lastVisitAt: expect.any(String),
      },
    ]);
    expect(listed.products).toEqual([
      {
        id: product.id,
        name: 'Brodifacoum Bloque 25',
        registrationNumber: 'ES/RM-2020-14-00123',
        label: expect.objectContaining({ issuedOn: '2026-01-10', sha256: sha(labelPdf) }),
        sds: expect.objectContaining({ issuedOn: '2026-01-10', sha256: sha(sdsPdf) }),
        lastAppliedAt: expect.any(String),
      },
    ]);
  });

  it("serves the signed report and the applied product's label and safety data sheet, the office's bytes", async () => {
    const signed = await signedAssessment(DEFAULT_SITE_ID);
    const report = await call(person, 'GET', `/api/portal/assessments/${signed.id}/report.pdf`);
    const theirs = await call(admin, 'GET', `/api/assessments/${signed.id}/report.pdf`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.equals(theirs.rawPayload)).toBe(true);
    expect(sha(report.rawPayload)).toBe(signed.reportSha256);
    const again = await t.app.inject({
      url: `/api/portal/assessments/${signed.id}/report.pdf`,
      headers: { ...person.headers, 'if-none-match': `"${signed.reportSha256}"` },
    });
    expect(again.statusCode).toBe(304);

    for (const [kind, bytes] of [
      ['label', labelPdf],
      ['sds', sdsPdf],
    ] as const) {
      const url = `/api/portal/sites/${DEFAULT_SITE_ID}/products/${product.id}/documents/${kind}`;
      const file = await call(person, 'GET', url);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(bytes)).toBe(true);
      const office = await call(admin, 'GET', `/api/products/${product.id}/documents/${kind}`);
      expect(file.headers['content-disposition']).toBe(office.headers['content-disposition']);
    }
  });

  it('keeps serving the documents of a product applied here and since deactivated', async () => {
    ok(await call(admin, 'PATCH' as 'PUT', `/api/products/${product.id}`, { isActive: false }));
    expect((await documents()).products.map((each) => each.id)).toEqual([product.id]);
    const file = await call(person, 'GET', `/api/portal/sites/${DEFAULT_SITE_ID}/products/${product.id}/documents/sds`);
    expect(file.statusCode, file.body).toBe(200);
  });

  it("answers 404 for another client's site, its assessment and its product, and for a product not applied here", async () => {
    const site = DEFAULT_SITE_ID;
    for (const url of [
      `/api/portal/sites/${foreign.site}/documents`,
      `/api/portal/sites/${foreign.site}/products/${foreign.product}/documents/label`,
      `/api/portal/sites/${foreign.site + 1000}/documents`,
    ]) {
      refused(await call(person, 'GET', url), 404, PortalMessages.siteNotFound);
    }
    refused(
      await call(person, 'GET', `/api/portal/assessments/${foreign.assessment}/report.pdf`),
      404,
      PortalMessages.assessmentNotFound,
    );
    refused(
      await call(person, 'POST', `/api/portal/assessments/${foreign.assessment}/acknowledge`, {}),
      404,
      PortalMessages.assessmentNotFound,
    );
    for (const id of [foreign.product, unused.id]) {
      refused(
        await call(person, 'GET', `/api/portal/sites/${site}/products/${id}/documents/sds`),
        404,
        PortalMessages.productNotApplied,
      );
    }
    // The foreign site's own documents do not leak into this one's list.
    const listed = await documents();
    expect(listed.products.map((each) => each.id)).toEqual([product.id]);
    expect(listed.assessments).toEqual([]);
    // Nothing changed in the other client's assessment.
    const theirs = ok<Assessment>(await call(admin, 'GET', `/api/assessments/${foreign.assessment}`));
    expect(theirs.status).toBe('FIRMADA');
  });

  it('narrows to the sites chosen for the account', async () => {
    const [second] = await t.database.db.insert(sites).values({ name: 'Planta dos', clientId: 1 }).returning();
    const narrowed = await createPortalUser(t, { siteIds: [second!.id] });
    const signed = await signedAssessment(DEFAULT_SITE_ID);
    refused(
      await call(narrowed, 'GET', `/api/portal/sites/${DEFAULT_SITE_ID}/documents`),
      404,
      PortalMessages.siteNotFound,
    );
    refused(
      await call(narrowed, 'GET', `/api/portal/assessments/${signed.id}/report.pdf`),
      404,
      PortalMessages.assessmentNotFound,
    );
    refused(
      await call(narrowed, 'POST', `/api/portal/assessments/${signed.id}/acknowledge`, {}),
      404,
      PortalMessages.assessmentNotFound,
    );
    const theirs = await documents(narrowed, second!.id);
    expect(theirs.products).toEqual([]);
    expect(theirs.technicians).toEqual([]);
  });
});

describe("the plant's acceptance of an assessment", () => {
  it('records who, when and the note once, in the change log as theirs, and the office sees it', async () => {
    const signed = await signedAssessment(DEFAULT_SITE_ID);
    const before = Date.now();
    const accepted = ok<AssessmentSummary>(
      await call(person, 'POST', `/api/portal/assessments/${signed.id}/acknowledge`, {
        note: '  Leída con el equipo de calidad.  ',
      }),
    );
    expect(accepted).toMatchObject({
      id: signed.id,
      status: 'ACEPTADA',
      acceptedBy: { id: person.id, fullName: 'Lucía Calidad' },
      acceptanceNote: 'Leída con el equipo de calidad.',
    });
    expect(Date.parse(accepted.acceptedAt!)).toBeGreaterThanOrEqual(before - 1000);

    const office = ok<Assessment>(await call(admin, 'GET', `/api/assessments/${signed.id}`));
    expect(office).toMatchObject({
      status: 'ACEPTADA',
      acceptedAt: accepted.acceptedAt,
      acceptedBy: { id: person.id, fullName: 'Lucía Calidad' },
      acceptanceNote: 'Leída con el equipo de calidad.',
    });
    const officeList = ok<SiteAssessments>(await call(admin, 'GET', `/api/sites/${DEFAULT_SITE_ID}/assessments`));
    expect(officeList.items.find((item) => item.id === signed.id)).toEqual(accepted);
    expect((await documents()).assessments).toEqual([accepted]);
    // The signed report does not change.
    const report = await call(person, 'GET', `/api/portal/assessments/${signed.id}/report.pdf`);
    expect(sha(report.rawPayload)).toBe(signed.reportSha256);

    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'assessment'), eq(auditLog.entityId, signed.id), eq(auditLog.actorId, person.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'update' });

    refused(
      await call(person, 'POST', `/api/portal/assessments/${signed.id}/acknowledge`, { note: 'Otra vez' }),
      409,
      PortalMessages.assessmentAlreadyAccepted,
    );
    const unchanged = ok<Assessment>(await call(admin, 'GET', `/api/assessments/${signed.id}`));
    expect(unchanged.acceptanceNote).toBe('Leída con el equipo de calidad.');
  });

  it('takes no note as none, and refuses an assessment not signed or replaced by a signed revision', async () => {
    const draft = ok<Assessment>(
      await call(tech, 'POST', `/api/sites/${DEFAULT_SITE_ID}/assessments`, {
        kind: 'DIAGNOSTICO',
        areas: [],
        recommendations: [],
      }),
      201,
    );
    refused(
      await call(person, 'POST', `/api/portal/assessments/${draft.id}/acknowledge`, {}),
      409,
      PortalMessages.assessmentNotSigned,
    );
    refused(
      await call(person, 'GET', `/api/portal/assessments/${draft.id}/report.pdf`),
      404,
      PortalMessages.assessmentNotFound,
    );

    const original = await signedAssessment(DEFAULT_SITE_ID);
    const revision = ok<Assessment>(
      await call(tech, 'POST', `/api/sites/${DEFAULT_SITE_ID}/assessments`, {
        kind: 'DIAGNOSTICO',
        revisionOf: original.id,
      }),
      201,
    );
    ok(await call(manager, 'POST', `/api/assessments/${revision.id}/sign`));
    refused(
      await call(person, 'POST', `/api/portal/assessments/${original.id}/acknowledge`, {}),
      409,
      PortalMessages.assessmentSuperseded,
    );
    const accepted = ok<AssessmentSummary>(
      await call(person, 'POST', `/api/portal/assessments/${revision.id}/acknowledge`, { note: '' }),
    );
    expect(accepted).toMatchObject({ status: 'ACEPTADA', acceptanceNote: null });
    const listed = await documents();
    expect(listed.assessments.map((item) => [item.id, item.status, item.supersededBy])).toEqual([
      [revision.id, 'ACEPTADA', null],
      [original.id, 'FIRMADA', revision.id],
    ]);
  });

  it('accepts once when two people of the plant accept at the same time', async () => {
    const signed = await signedAssessment(DEFAULT_SITE_ID);
    const colleague = await createPortalUser(t, { fullName: 'Pedro Producción' });
    const answers = await Promise.all(
      [person, colleague].map((user) => call(user, 'POST', `/api/portal/assessments/${signed.id}/acknowledge`, {})),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('is not an office route, nor the office a portal one', async () => {
    const signed = await signedAssessment(DEFAULT_SITE_ID);
    expect((await call(admin, 'POST', `/api/portal/assessments/${signed.id}/acknowledge`, {})).statusCode).toBe(403);
    expect((await call(person, 'GET', `/api/assessments/${signed.id}`)).statusCode).toBe(403);
  });
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
