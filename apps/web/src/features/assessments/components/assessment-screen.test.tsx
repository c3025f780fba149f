import type { Assessment } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp, storeSignIn, makeTechnician } from '../../../testing/render';
import type { AssessmentRecordRequest } from '../api/send-assessment';
import type { AssessmentOutbox } from '../hooks/use-draft-saver';
import { AssessmentScreen } from './assessment-screen';

function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    id: 5,
    clientAssessmentId: null,
    site: { id: 3, name: 'Planta Norte' },
    kind: 'DIAGNOSTICO',
    status: 'BORRADOR',
    periodFrom: null,
    periodTo: null,
    performedAt: '2026-11-20T09:00:00.000Z',
    performedBy: { id: 1, fullName: 'Ana Pérez' },
    revisionOf: null,
    supersededBy: null,
    signedAt: null,
    signedBy: null,
    acceptedAt: null,
    acceptedBy: null,
    acceptanceNote: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    areas: [],
    conclusions: null,
    recommendations: [],
    figures: null,
    photos: [],
    reportSha256: null,
    ...overrides,
  };
}

/** The offline queue as the walk sees it, without signal: every record kept, none sent. */
function Offline({ withdrawn, sent }: { withdrawn: string[]; sent: AssessmentRecordRequest[] }) {
  const [waiting, setWaiting] = useState<AssessmentRecordRequest[]>([]);
  const outbox: AssessmentOutbox = {
    waiting,
    send: async (record) => {
      sent.push(record);
      setWaiting((records) => [...records, record]);
      return { queued: true };
    },
    ready: true,
    withdraw: (id) => {
      withdrawn.push(id);
      setWaiting((records) => records.filter((each) => each.kind !== 'assessment' || each.body.clientSaveId !== id));
    },
  };
  return <Screen outbox={outbox} />;
}

const NO_OUTBOX: AssessmentOutbox = { waiting: [], send: vi.fn(), withdraw: vi.fn(), ready: true };

function Screen({ outbox = NO_OUTBOX, siteAreas = [] }: { outbox?: AssessmentOutbox; siteAreas?: string[] }) {
  return (
    <AssessmentScreen
      id={5}
      sitePath={(id) => `/admin/sites/${id}`}
      assessmentPath="/admin/assessments"
      siteAreas={siteAreas}
      outbox={outbox}
      TrendTable={({ caption }) => <p>{caption}</p>}
      actionPath={null}
      contractedCoverage={false}
    />
  );
}

describe('the assessment walk', () => {
  it('keeps the walk on the device without signal, the latest draft alone, and holds the signature until it is sent', async () => {
    storeSignIn(makeTechnician());
    mockApi({ 'GET /api/assessments/5': () => ({ body: makeAssessment() }) });
    const sent: AssessmentRecordRequest[] = [];
    const withdrawn: string[] = [];
    renderWithApp(<Offline sent={sent} withdrawn={withdrawn} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre del área'), 'Muelle');
    await user.click(screen.getByRole('button', { name: 'Añadir área' }));
    const area = screen.getByRole('region', { name: 'Área 1 de 1: Muelle' });
    expect(within(area).getByText('Sin evaluar: elige la presión de plagas para guardar esta área.')).toBeTruthy();
    await user.click(within(area).getByRole('radio', { name: 'Alta' }));
    await user.click(within(area).getByRole('checkbox', { name: 'Proceso' }));
    await user.click(within(area).getByRole('checkbox', { name: 'Estructura' }));
    await waitFor(() => expect(sent.length).toBeGreaterThan(0), { timeout: 3000 });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toBe(
        'Guardado en este dispositivo · el borrador por enviar',
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Conclusiones' }), 'Todo en orden.');
    // Typed but not yet saved (the walk waits for a pause): not «Guardado», or the phone could be put away too soon.
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Guardando...');
    const lastConclusions = () => {
      const last = sent.at(-1);
      return last?.kind === 'assessment' ? last.body.conclusions : undefined;
    };
    await waitFor(() => expect(lastConclusions()).toBe('Todo en orden.'), { timeout: 3000 });
    const last = sent.at(-1)!;
    expect(last.kind === 'assessment' && last.body.areas).toEqual([
      { area: 'Muelle', pressure: 'ALTA', conditions: ['ESTRUCTURA', 'PROCESO'], notes: null, photoIds: [] },
    ]);
    // Every earlier save still waiting gave way to the last: it says all they said.
    expect(withdrawn).toEqual(
      sent.slice(0, -1).map((record) => record.kind === 'assessment' && record.body.clientSaveId),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toBe(
        'Guardado en este dispositivo · el borrador por enviar',
      ),
    );
    expect(
      screen.getByText('Hay cambios guardados en este dispositivo por enviar: podrás firmar cuando se hayan enviado.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Firmar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves at once, without waiting for the pause, when the phone puts the app out of sight', async () => {
    storeSignIn(makeTechnician());
    mockApi({ 'GET /api/assessments/5': () => ({ body: makeAssessment() }) });
    const sent: AssessmentRecordRequest[] = [];
    renderWithApp(<Offline sent={sent} withdrawn={[]} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Conclusiones' }), 'Sin novedad.');
    expect(sent).toHaveLength(0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 300 });
    expect(sent[0]!.kind === 'assessment' && sent[0]!.body.conclusions).toBe('Sin novedad.');
  });

  it('keeps a change the page ends on before any save took it, and reopens on it and saves it', async () => {
    storeSignIn(makeTechnician());
    mockApi({ 'GET /api/assessments/5': () => ({ body: makeAssessment() }) });
    // The queue's write never finishes: the page is ended while it is under way.
    const dying: AssessmentOutbox = { waiting: [], send: () => new Promise(() => {}), withdraw: vi.fn(), ready: true };
    const first = renderWithApp(<Screen outbox={dying} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Conclusiones' }), 'Cebo roído en el muelle.');
    // The phone ends the page now, inside the pause: what the device kept is what localStorage holds now.
    const kept = Object.keys(localStorage).map((name) => [name, localStorage.getItem(name)!] as const);
    first.unmount();
    localStorage.clear();
    for (const [name, value] of kept) localStorage.setItem(name, value);

    const sent: AssessmentRecordRequest[] = [];
    renderWithApp(<Offline sent={sent} withdrawn={[]} />);
    const conclusions = await screen.findByRole('textbox', { name: 'Conclusiones' });
    expect((conclusions as HTMLTextAreaElement).value).toBe('Cebo roído en el muelle.');
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 3000 });
    expect(sent[0]!.kind === 'assessment' && sent[0]!.body.conclusions).toBe('Cebo roído en el muelle.');
    // Taken by a save (here kept in the queue): the copy goes, and the queue is what the next opening reads.
    await waitFor(() => expect(Object.keys(localStorage).filter((name) => name.includes('assessment'))).toEqual([]));
  });

  it('opens on the site’s areas, not walked, and saves only those walked', async () => {
    storeSignIn(makeTechnician());
    mockApi({ 'GET /api/assessments/5': () => ({ body: makeAssessment() }) });
    const sent: AssessmentRecordRequest[] = [];
    const outbox: AssessmentOutbox = {
      waiting: [],
      send: async (record) => {
        sent.push(record);
        return makeAssessment();
      },
      withdraw: vi.fn(),
      ready: true,
    };
    renderWithApp(<Screen outbox={outbox} siteAreas={['Bodega', 'Cocina']} />);
    const kitchen = await screen.findByRole('region', { name: 'Área 2 de 2: Cocina' });
    expect(screen.getByRole('region', { name: 'Área 1 de 2: Bodega' })).toBeTruthy();
    await userEvent.setup().click(within(kitchen).getByRole('radio', { name: 'Ninguna' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 3000 });
    expect(sent[0]!.kind === 'assessment' && sent[0]!.body.areas?.map((each) => each.area)).toEqual(['Cocina']);
    expect(await screen.findByText('Guardado en el servidor')).toBeTruthy();
  });

  it('says in the server’s words why it will not sign', async () => {
    storeSignIn(makeTechnician());
    const message =
      'Solo firma una evaluación una cuenta con la cualificación de responsable técnico (RESPONSABLE_TECNICO).';
    mockApi({
      'GET /api/assessments/5': () => ({
        body: makeAssessment({
          areas: [{ area: 'Muelle', pressure: 'BAJA', conditions: [], notes: null, photoIds: [] }],
        }),
      }),
      'POST /api/assessments/5/sign': () => ({ status: 403, body: { error: 'FORBIDDEN', message } }),
    });
    renderWithApp(<Screen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Firmar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Firmar la evaluación' })).getByRole('button', { name: 'Firmar' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('reads a signed assessment as it was signed: no field to change, its PDF and a correction offered', async () => {
    storeSignIn(makeTechnician());
    mockApi({
      'GET /api/assessments/5': () => ({
        body: makeAssessment({
          status: 'FIRMADA',
          signedAt: '2026-11-21T10:00:00.000Z',
          signedBy: { id: 9, fullName: 'Lucía Navarro', qualification: 'RESPONSABLE_TECNICO' },
          areas: [{ area: 'Muelle', pressure: 'MEDIA', conditions: ['HIGIENE'], notes: 'Restos.', photoIds: [] }],
          conclusions: 'Orden y limpieza.',
          recommendations: [{ text: 'Barrer a diario.', dueDate: '2026-12-15', actionId: 40 }],
        }),
      }),
    });
    renderWithApp(<Screen />);
    expect(await screen.findByText(/^Firmada por Lucía Navarro \(Responsable técnico\) el /)).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByText('Orden y limpieza.')).toBeTruthy();
    expect(screen.getByText('Higiene')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Corregir (nueva revisión)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull();
  });
});
