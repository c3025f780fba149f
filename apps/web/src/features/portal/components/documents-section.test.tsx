import type { AssessmentSummary, PortalDocuments } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { DocumentsSection } from './documents-section';

function assessment(overrides: Partial<AssessmentSummary> = {}): AssessmentSummary {
  return {
    id: 7,
    clientAssessmentId: null,
    site: { id: 4, name: 'Planta Norte' },
    kind: 'DIAGNOSTICO',
    status: 'FIRMADA',
    periodFrom: null,
    periodTo: null,
    performedAt: '2026-06-01T10:00:00.000Z',
    performedBy: { id: 2, fullName: 'Ana Técnica' },
    revisionOf: null,
    supersededBy: null,
    signedAt: '2026-06-02T10:00:00.000Z',
    signedBy: { id: 3, fullName: 'Marta Responsable', qualification: 'RESPONSABLE_TECNICO' },
    acceptedAt: null,
    acceptedBy: null,
    acceptanceNote: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-02T10:00:00.000Z',
    ...overrides,
  };
}

const EMPTY: PortalDocuments = {
  programme: null,
  assessments: [],
  company: { name: null, taxId: null, registryNumber: null, technicalManager: null, address: null, phone: null },
  technicians: [],
  products: [],
};

const programme = () => <p>Programa dibujado</p>;

describe('DocumentsSection', () => {
  it('says, for each kind, that the site has none yet', async () => {
    mockApi({ 'GET /api/portal/sites/4/documents': () => ({ body: EMPTY }) });
    renderWithApp(<DocumentsSection siteId={4} programme={programme} />);
    expect(await screen.findByText('Ningún programa de control aprobado está en vigor en este sitio.')).toBeVisible();
    expect(screen.getByText('Aún no hay evaluaciones firmadas de este sitio.')).toBeVisible();
    expect(screen.getByText('La empresa aún no ha registrado sus datos.')).toBeVisible();
    expect(screen.getByText('Nadie ha cerrado todavía una visita en este sitio.')).toBeVisible();
    expect(screen.getByText('No se han aplicado productos en este sitio.')).toBeVisible();
  });

  it('says so in Spanish when the documents cannot be read', async () => {
    mockApi({ 'GET /api/portal/sites/4/documents': () => ({ status: 500, body: { message: 'Error interno' } }) });
    renderWithApp(<DocumentsSection siteId={4} programme={programme} />);
    expect(await screen.findByText('No se pudieron cargar los documentos.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('groups the documents by kind and accepts a signed assessment with her note', async () => {
    let accepted: AssessmentSummary | null = null;
    const calls = mockApi({
      'GET /api/portal/sites/4/documents': () => ({
        body: {
          ...EMPTY,
          assessments: [
            accepted ?? assessment(),
            assessment({
              id: 5,
              status: 'ACEPTADA',
              supersededBy: null,
              acceptedAt: '2026-05-01T10:00:00.000Z',
              acceptedBy: { id: 9, fullName: 'Carla Calidad' },
            }),
          ],
          company: { ...EMPTY.company, name: 'Plagas del Norte', registryNumber: 'ROESB 0457-CAT' },
          technicians: [
            {
              id: 2,
              fullName: 'Ana Técnica',
              qualification: 'APLICADOR',
              licenceNumber: 'CARNE-778',
              licenceExpiresAt: '2020-01-31',
              lastVisitAt: '2026-06-01T10:00:00.000Z',
            },
          ],
          products: [
            {
              id: 11,
              name: 'Brodifacoum',
              registrationNumber: 'ES/RM-1',
              label: { issuedOn: '2026-01-10', name: 'x', size: 10, sha256: 'a' },
              sds: null,
              lastAppliedAt: '2026-06-01T10:00:00.000Z',
            },
          ],
        },
      }),
      'POST /api/portal/assessments/7/acknowledge': (call) => {
        accepted = assessment({
          status: 'ACEPTADA',
          acceptedAt: '2026-06-03T10:00:00.000Z',
          acceptedBy: { id: 9, fullName: 'Carla Calidad' },
          acceptanceNote: (call.body as { note?: string }).note ?? null,
        });
        return { body: accepted };
      },
    });
    renderWithApp(<DocumentsSection siteId={4} programme={programme} />);
    const waiting = await screen.findByRole('article', { name: 'Diagnóstico de situación N.º 7' });
    expect(within(waiting).getByText('Espera tu aceptación')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Diagnóstico de situación N.º 5' })).queryByRole('button', {
        name: /^Aceptar/,
      }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('ROESB 0457-CAT')).toBeVisible();
    expect(screen.getByText('Carné caducado el 31/01/2020')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Etiqueta de Brodifacoum, del 10/01/2026 (PDF)' })).toBeVisible();
    expect(screen.getByText('Ficha de datos de seguridad: no disponible')).toBeVisible();

    await userEvent.type(within(waiting).getByLabelText('Nota (opcional)'), '  Leída con calidad ');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Aceptar Diagnóstico de situación N.º 7' }));
    expect(await within(waiting).findByText(/Aceptada por Carla Calidad el/)).toBeVisible();
    expect(within(waiting).queryByRole('button', { name: /^Aceptar/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/portal/assessments/7/acknowledge')?.body).toEqual({
      note: 'Leída con calidad',
    });
  });

  it("shows the server's words when the acceptance is refused", async () => {
    mockApi({
      'GET /api/portal/sites/4/documents': () => ({ body: { ...EMPTY, assessments: [assessment()] } }),
      'POST /api/portal/assessments/7/acknowledge': () => ({
        status: 409,
        body: { message: 'La evaluación ya está aceptada.' },
      }),
    });
    renderWithApp(<DocumentsSection siteId={4} programme={programme} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar Diagnóstico de situación N.º 7' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo aceptar la evaluación.');
    expect(alert).toHaveTextContent('La evaluación ya está aceptada.');
  });
});
