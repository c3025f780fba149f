import { readFile } from 'node:fs/promises';
import { request, type Page } from '@playwright/test';
import { ADMIN, unique } from './support/accounts';
import { baseURL, loginThroughApi, storeOwnSignature } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';
import { pdfText } from './support/pdf';
import { cameraPhoto } from './support/photo-image';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

// The app's service worker: the walk is reloaded without signal.
test.use({ serviceWorkers: 'allow' });

// The server is shared with the files its worker runs next, which expect a single active site (sites.spec.ts).
test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

/** One area of the walk, by its name. */
const areaCard = (page: Page, area: string) =>
  page.getByRole('region', { name: new RegExp(`^Área \\d+ de \\d+: ${area}$`) });

/** The line that says where the draft stands: on the server, or on the device waiting to be sent. */
const saveStatus = (page: Page) => page.locator('.assessment__save');

/** The site's control programme, written by the office and approved by its technical manager (from `from`). */
async function approvedProgramme(
  siteId: number,
  from: string,
  office: { email: string; password: string },
  manager: { email: string; password: string },
) {
  for (const [account, call] of [
    [
      office,
      (api: Awaited<ReturnType<typeof request.newContext>>) =>
        api.put(`/api/sites/${siteId}/programme`, {
          data: {
            scope: 'Control de roedores en el envasado.',
            targetPestGroups: ['ROEDORES'],
            methods: 'Trampas de captura revisadas cada semana.',
            frequencies: [{ type: 'CAPTURA', zone: null, frequency: 'SEMANAL' }],
            responseTimeHours: 24,
            responsibilities: [],
            permittedProductIds: [],
            effectiveFrom: from,
          },
        }),
    ],
    [
      manager,
      (api: Awaited<ReturnType<typeof request.newContext>>) =>
        api.post(`/api/sites/${siteId}/programme/versions/1/approve`),
    ],
  ] as const) {
    const auth = await loginThroughApi(account.email, account.password);
    const api = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
    });
    try {
      const response = await call(api);
      if (!response.ok()) throw new Error(`programme: ${response.status()} ${await response.text()}`);
    } finally {
      await api.dispose();
    }
  }
}

interface SavedQueries {
  state: { queries: { queryKey: unknown[] }[] };
}

interface StoredRecord {
  kind?: string;
  assessmentId?: number;
  body: { clientPhotoId?: string; areas?: { area: string }[] };
  photoType?: string;
}

test('a diagnosis walked on a phone, partly without signal: the draft and a photo wait on the device and reach the server', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  const site = await adminApi.createSite({ name: unique('Planta diagnóstico') });
  const tech = await adminApi.createTechnician({ fullName: unique('Irene Campos') });
  // A technician's list holds the sites of their orders: the first visit is booked, the diagnosis comes before it.
  const trap = await adminApi.createTrap({ siteId: site.id, area: 'Muelle de carga' });
  await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  await page.setViewportSize(PHONE);
  await signIn(tech, '/tech/assessments');
  await page.getByRole('link', { name: site.name }).click();

  // A site with no diagnosis owes one before its first visit.
  const section = page.getByRole('region', { name: 'Evaluaciones' });
  const pending = section.getByRole('region', { name: 'Pendientes' });
  await expect(pending.getByRole('listitem')).toHaveText(/Pendiente|Atrasada/);
  await expect(pending).toContainText('Diagnóstico de situación');
  await expect(section.getByText('Este sitio todavía no tiene evaluaciones.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/assessments-site-phone.png`, fullPage: true });
  await section.getByRole('button', { name: 'Nuevo diagnóstico' }).click();
  await expect(page.getByRole('heading', { name: `Diagnóstico de situación · ${site.name}` })).toBeVisible();
  const assessmentId = Number(page.url().split('/').at(-1));

  // The first area, with the signal on: saved on the server as it is entered.
  const addArea = async (name: string) => {
    await page.getByLabel('Nombre del área').fill(name);
    await page.getByRole('button', { name: 'Añadir área' }).click();
    await expect(areaCard(page, name)).toBeVisible();
  };
  await addArea('Muelle de carga');
  const dock = areaCard(page, 'Muelle de carga');
  await dock.getByRole('radio', { name: 'Media' }).check();
  await dock.getByRole('checkbox', { name: 'Higiene' }).check();
  await dock.getByRole('checkbox', { name: 'Entorno' }).check();
  await dock.getByLabel('Notas').fill('Restos de palés junto a la puerta 2; hueco bajo la persiana.');
  await expect(saveStatus(page)).toHaveText('Guardado en el servidor');
  await expect
    .poll(async () => (await adminApi.assessment(assessmentId)).areas.map((area) => area.area))
    .toEqual(['Muelle de carga']);

  // Into the cold store, where there is no signal: the next area, a photo, conclusions and a recommendation.
  const photo = await cameraPhoto(page, 2400, 1800, 'Rondin EXIF GPS');
  await waitForServiceWorker(page);
  await expect
    .poll(async () =>
      (await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries')).flatMap((saved) =>
        saved.state.queries.map((query) => query.queryKey),
      ),
    )
    .toContainEqual(['assessments', 'detail', assessmentId]);
  await context.setOffline(true);
  await addArea('Almacén seco');
  const store = areaCard(page, 'Almacén seco');
  await store.getByRole('radio', { name: 'Baja' }).check();
  await store.getByRole('checkbox', { name: 'Almacenamiento' }).check();
  await store
    .getByLabel('Tomar o elegir foto de Almacén seco')
    .setInputFiles({ name: 'IMG_2201.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(store.getByRole('img', { name: 'Foto 1 de Almacén seco' })).toBeVisible();
  await expect(store.getByText('por enviar', { exact: true })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Conclusiones' })
    .fill('Presión baja en el almacén; el muelle necesita orden y sellado.');
  await page.getByRole('button', { name: 'Añadir recomendación' }).click();
  await page.getByLabel('Recomendación 1', { exact: true }).fill('Sellar el hueco bajo la persiana del muelle 2.');
  await page.getByLabel('Fecha límite de la recomendación 1').fill('2027-01-15');
  await expect(saveStatus(page)).toHaveText(
    'Guardado en este dispositivo · el borrador y 1 foto por enviar · Se enviará solo al volver la conexión.',
  );
  const bar = page.getByRole('region', { name: 'Sincronización de escaneos' });
  await expect(bar).toContainText('1 borrador de evaluación y 1 foto de evaluación por enviar');
  // The phone reloads the page without signal: the walk opens again as it was left, from the device.
  await page.reload();
  await expect(areaCard(page, 'Almacén seco').getByRole('radio', { name: 'Baja' })).toBeChecked();
  await expect(store.getByRole('img', { name: 'Foto 1 de Almacén seco' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Conclusiones' })).toHaveValue(
    'Presión baja en el almacén; el muelle necesita orden y sellado.',
  );
  await expect(page.getByLabel('Recomendación 1', { exact: true })).toHaveValue(
    'Sellar el hueco bajo la persiana del muelle 2.',
  );
  await expect(bar).toContainText('1 borrador de evaluación y 1 foto de evaluación por enviar');
  // Kept on the device whole: the latest draft (earlier saves withdrawn) and the photo's bytes.
  const stored = await readIndexedDb<StoredRecord>(page, 'rondin-scan-queue', 'scans');
  expect(stored.map((record) => record.kind).sort()).toEqual(['assessment', 'assessment-photo']);
  expect(stored.find((record) => record.kind === 'assessment')?.body.areas?.map((area) => area.area)).toEqual([
    'Muelle de carga',
    'Almacén seco',
  ]);
  expect(stored.find((record) => record.kind === 'assessment-photo')?.photoType).toBe('image/jpeg');
  // The signature needs everything on the server.
  await expect(page.getByRole('button', { name: 'Firmar' })).toBeDisabled();
  expect((await adminApi.assessment(assessmentId)).areas).toHaveLength(1);
  await store.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/assessment-walk-offline-phone.png` });

  // The signal returns: everything is sent, in order, without a tap.
  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText('Guardado en el servidor', { timeout: 40_000 });
  await expect(bar).toHaveCount(0);
  const onServer = await adminApi.assessment(assessmentId);
  expect(onServer.areas).toEqual([
    {
      area: 'Muelle de carga',
      pressure: 'MEDIA',
      conditions: ['HIGIENE', 'ENTORNO'],
      notes: 'Restos de palés junto a la puerta 2; hueco bajo la persiana.',
      photoIds: [],
    },
    {
      area: 'Almacén seco',
      pressure: 'BAJA',
      conditions: ['ALMACENAMIENTO'],
      notes: null,
      photoIds: [expect.any(String)],
    },
  ]);
  expect(onServer.photos.map((each) => each.clientPhotoId)).toEqual(onServer.areas[1]!.photoIds);
  expect(onServer.conclusions).toBe('Presión baja en el almacén; el muelle necesita orden y sellado.');
  expect(onServer.recommendations).toEqual([
    { text: 'Sellar el hueco bajo la persiana del muelle 2.', dueDate: '2027-01-15', actionId: null },
  ]);
  expect(onServer.performedBy?.id).toBe(tech.id);
  expect(await readIndexedDb(page, 'rondin-scan-queue', 'scans')).toEqual([]);
  // The photo shows from the server now.
  await expect(store.getByRole('img', { name: 'Foto 1 de Almacén seco' })).toBeVisible();
  await expect(store.getByText('por enviar', { exact: true })).toHaveCount(0);

  // The site's list has it, as a draft by its technician.
  await page.getByRole('link', { name: 'Volver al sitio' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Diagnóstico de situación' });
  await expect(row).toContainText('Borrador');
  await expect(row).toContainText(tech.fullName);
  await expect(page.getByRole('region', { name: 'Pendientes' })).toContainText('Continuar el borrador');
});

test('a change the phone ends the page on, before any save took it, is there when the walk is opened again', async ({
  page,
  context,
  adminApi,
  asAdmin,
}) => {
  const site = await adminApi.createSite({ name: unique('Planta cierre') });
  const assessment = await adminApi.createAssessment(site.id, 'DIAGNOSTICO');
  await page.setViewportSize(PHONE);
  await asAdmin(`/admin/assessments/${assessment.id}`);
  // A save that leaves never arrives (the page ends while it is on its way), however slow the machine is.
  await page.route(`**/api/assessments/${assessment.id}`, (route) =>
    route.request().method() === 'PATCH' ? undefined : route.continue(),
  );
  const typed = 'Excrementos junto al muelle 3: revisar el sellado de la persiana.';
  await page.getByRole('textbox', { name: 'Conclusiones' }).fill(typed);
  // The page's process ends at once: no pagehide runs, nothing more is written.
  await page.goto('chrome://crash').catch(() => undefined);
  expect((await adminApi.assessment(assessment.id)).conclusions).toBeNull();

  const again = await context.newPage();
  await again.setViewportSize(PHONE);
  await again.goto(`/admin/assessments/${assessment.id}`);
  await expect(again.getByRole('textbox', { name: 'Conclusiones' })).toHaveValue(typed);
  // Opened on it, the walk saves it as it would have.
  await expect(saveStatus(again)).toHaveText('Guardado en el servidor');
  await expect.poll(async () => (await adminApi.assessment(assessment.id)).conclusions).toBe(typed);
});

test('a quarterly review opens with the quarter’s real trends, only a technical manager signs it, and its PDF says what was signed', async ({
  page,
  adminApi,
  asAdmin,
  signIn,
}) => {
  test.setTimeout(120_000);
  const site = await adminApi.createSite({ name: unique('Planta revisión') });
  const area = unique('Envasado');
  const trap = await adminApi.createTrap({ siteId: site.id, area, type: 'CAPTURA' });
  const manager = await adminApi.createTechnician({ fullName: unique('Lucía Navarro') });
  await adminApi.setQualification(manager.id, 'RESPONSABLE_TECNICO');
  await storeOwnSignature(manager);
  // This quarter's round: two mice in the capture trap, over the shipped limits, so an action opens.
  const mouse = (await adminApi.pests()).find((pest) => pest.name === 'Ratón doméstico')!;
  const order = await adminApi.createOrder({ technicianId: manager.id, trapIds: [trap.id] });
  const scanned = await adminApi.scan(order.id, trap.qrSlug);
  await adminApi.recordFinding(order.id, scanned.item.id, {
    deviceStatus: 'OK',
    captures: [{ pestId: mouse.id, count: 2 }],
  });

  // The programme contracts a weekly inspection of the capture traps, in force since the quarter began.
  const now = new Date();
  const quarter = Math.floor(now.getMonth() / 3);
  const quarterStart = `${now.getFullYear()}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
  await approvedProgramme(site.id, quarterStart, ADMIN, manager);

  // The dashboard says what the site owes, and leads to it.
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/dashboard');
  const due = page.getByRole('region', { name: 'Evaluaciones pendientes' });
  const owed = due.getByRole('listitem').filter({ hasText: site.name });
  await expect(owed.first()).toBeVisible();
  await expect(owed.filter({ hasText: 'Diagnóstico de situación' })).toHaveCount(1);
  await owed.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/assessments-dashboard-1366.png` });

  // The office drafts it on a laptop from the site's page.
  await owed.first().getByRole('link', { name: site.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}#evaluaciones$`));
  const section = page.getByRole('region', { name: 'Evaluaciones' });
  await expect(section.getByRole('region', { name: 'Pendientes' })).toContainText('Diagnóstico de situación');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/assessments-site-1366.png` });
  await section.getByRole('button', { name: 'Nueva revisión trimestral' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva revisión trimestral' });
  const quarterLabel = `${['1.er', '2.º', '3.er', '4.º'][quarter]} trimestre de ${now.getFullYear()}`;
  await dialog.getByLabel('Trimestre').selectOption({ label: quarterLabel });
  await dialog.getByRole('button', { name: 'Abrir la revisión' }).click();
  await expect(
    page.getByRole('heading', { name: `Revisión trimestral · ${quarterLabel} · ${site.name}` }),
  ).toBeVisible();
  const assessmentId = Number(page.url().split('/').at(-1));

  // The quarter's figures, as tables: catches by zone and by pest group, the limit crossed, its action.
  const figures = page.getByRole('region', { name: 'Cifras del trimestre' });
  const byZone = figures.getByRole('table', { name: 'Tendencias por zona · Capturas por dispositivo-semana' });
  await expect(byZone).toBeVisible();
  await expect(byZone.locator('tbody tr')).not.toHaveCount(0);
  const byGroup = figures.getByRole('table', {
    name: 'Tendencias por grupo de plaga · Capturas por dispositivo-semana',
  });
  await expect(byGroup.locator('thead')).toContainText('Roedores');
  const actions = figures.getByRole('region', { name: 'Acciones correctivas' });
  await expect(actions.getByRole('row').filter({ hasText: trap.code })).toBeVisible();
  await expect(figures.getByRole('region', { name: 'Umbrales superados' }).getByRole('row')).not.toHaveCount(0);
  // Coverage against the contracted frequency: the weekly capture traps, with the visit made this quarter.
  const coverage = figures.getByRole('region', { name: 'Cobertura frente a la frecuencia contratada' });
  const contracted = coverage.getByRole('row').filter({ hasText: 'Semanal' });
  await expect(contracted).toHaveCount(1);
  await expect(contracted.getByRole('rowheader')).toHaveText('Trampa mecánica o de captura viva');

  // The walk starts from the site's areas; the person writes the conclusions.
  const card = areaCard(page, area);
  await card.getByRole('radio', { name: 'Alta' }).check();
  await card.getByRole('checkbox', { name: 'Estructura' }).check();
  const conclusions = `Ratones en ${area} por encima del umbral de acción: reforzar el cierre de accesos.`;
  await page.getByRole('textbox', { name: 'Conclusiones' }).fill(conclusions);
  await page.getByRole('button', { name: 'Añadir recomendación' }).click();
  await page.getByLabel('Recomendación 1', { exact: true }).fill('Instalar burletes en las puertas del envasado.');
  await page.getByLabel('Fecha límite de la recomendación 1').fill('2027-02-01');
  await expect(saveStatus(page)).toHaveText('Guardado en el servidor');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/assessment-quarterly-1366.png`, fullPage: true });

  // The administrator is not a technical manager: the server says so, in its words.
  await page.getByRole('button', { name: 'Firmar' }).click();
  await page.getByRole('dialog', { name: 'Firmar la evaluación' }).getByRole('button', { name: 'Firmar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Solo firma una evaluación una cuenta con la cualificación de responsable técnico (RESPONSABLE_TECNICO).',
  );
  expect((await adminApi.assessment(assessmentId)).status).toBe('BORRADOR');

  // The technical manager reads it on the phone and signs it with the stored signature.
  await page.setViewportSize(PHONE);
  await signIn(manager, `/tech/assessments/${assessmentId}`);
  await expect(page.getByRole('textbox', { name: 'Conclusiones' })).toHaveValue(conclusions);
  await page.screenshot({ path: `${SHOTS}/assessment-quarterly-phone.png` });
  await page.getByRole('button', { name: 'Firmar' }).click();
  await page.getByRole('dialog', { name: 'Firmar la evaluación' }).getByRole('button', { name: 'Firmar' }).click();
  await expect(page.getByText(`Firmada por ${manager.fullName} (Responsable técnico) el`)).toBeVisible();
  // Fixed from now on: read, not edited.
  await expect(page.getByRole('textbox', { name: 'Conclusiones' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText(conclusions)).toBeVisible();
  // The coverage counted with the figures reads on the technician's phone too (the live route is the office's).
  await expect(
    page
      .getByRole('region', { name: 'Cobertura frente a la frecuencia contratada' })
      .getByRole('row')
      .filter({ hasText: 'Semanal' }),
  ).toHaveCount(1);
  const signed = await adminApi.assessment(assessmentId);
  expect(signed.status).toBe('FIRMADA');
  expect(signed.recommendations[0]?.actionId).toEqual(expect.any(Number));
  await page.screenshot({ path: `${SHOTS}/assessment-signed-phone.png`, fullPage: true });

  // Its PDF: the report issued at signing.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = await (await download).path();
  const text = (await pdfText(await readFile(file))).replace(/\s+/g, ' ');
  expect(text).toContain(site.name);
  expect(text).toContain(manager.fullName);
  expect(text).toContain('Instalar burletes en las puertas del envasado.');
  expect(text).toContain(area);

  // A correction is a new revision of it, a draft again.
  await page.getByRole('button', { name: 'Corregir (nueva revisión)' }).click();
  await expect(page.getByText(`Corrige la evaluación n.º ${assessmentId}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Conclusiones' })).toHaveValue(conclusions);
});
