import type { Pest, SessionItem } from '@rondin/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { makeFinding } from '../../../testing/finding';
import { makeSession } from '../../../testing/sessions';
import type { FindingsRecord } from '../api/record-finding';
import { FindingsSheet, type RecordedFinding } from './findings-sheet';
import { ItemFindingLine } from './item-finding-line';

const PESTS: Pest[] = [
  { id: 1, name: 'Rata parda', scientificName: 'Rattus norvegicus', group: 'ROEDORES', isActive: true, createdAt: '' },
  { id: 2, name: 'Ratón doméstico', scientificName: 'Mus musculus', group: 'ROEDORES', isActive: true, createdAt: '' },
  {
    id: 3,
    name: 'Cucaracha alemana',
    scientificName: 'Blattella germanica',
    group: 'RASTREROS',
    isActive: true,
    createdAt: '',
  },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function itemOf(type: SessionItem['trap']['type'], overrides: Partial<SessionItem> = {}): SessionItem {
  return makeSession({}, [
    {
      id: 7,
      status: 'COMPLETED',
      outcome: 'SCANNED',
      trap: { code: 'CEB-7', area: 'Muelle', type, qrHash: 'c'.repeat(64), routeOrder: null },
      ...overrides,
    },
  ]).items[0]!;
}

function renderSheet(item: SessionItem, recorded: { current?: RecordedFinding; correcting?: boolean } = {}) {
  const sent: FindingsRecord[] = [];
  const send = vi.fn(async (record: FindingsRecord) => {
    sent.push(record);
    return { queued: true as const };
  });
  const onDone = vi.fn();
  const onHold = vi.fn();
  render(
    <FindingsSheet
      sessionId={12}
      item={item}
      current={recorded.current ?? null}
      correcting={recorded.correcting ?? false}
      pests={PESTS}
      waitingPhotos={0}
      send={send}
      onDone={onDone}
      onHold={onHold}
      onFailed={vi.fn()}
    />,
  );
  return { sent, onDone, onHold };
}

describe('FindingsSheet', () => {
  it("records 'sin actividad, dispositivo OK' in one tap, with the bait looked at, and lets the camera go on", async () => {
    const { sent, onDone } = renderSheet(itemOf('CEBADERO'));
    const sheet = screen.getByRole('region', { name: 'Hallazgo · CEB-7' });
    expect(sheet).toHaveTextContent('Estación de cebo para roedores · Muelle');
    const noNews = within(sheet).getByRole('button', { name: 'Sin novedad' });
    // Where the thumb and the keyboard are as soon as the sheet shows.
    expect(noNews).toHaveFocus();
    expect(noNews).toHaveAccessibleDescription('Sin actividad, dispositivo OK');
    await userEvent.click(noNews);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([
      {
        kind: 'finding',
        sessionId: 12,
        itemId: 7,
        qrHash: 'c'.repeat(64),
        trapCode: 'CEB-7',
        body: {
          clientFindingId: expect.stringMatching(UUID),
          recordedAt: expect.any(String),
          deviceStatus: 'OK',
          baitConsumption: 0,
          baitState: null,
          captures: [],
          evidence: [],
          actions: [],
          notes: null,
        },
      },
    ]);
  });

  it('counts catches per species with − and + named after the species, holding the camera until saved', async () => {
    const { sent, onDone, onHold } = renderSheet(itemOf('CAPTURA'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    expect(onHold).toHaveBeenLastCalledWith(true);
    const dialog = screen.getByRole('dialog', { name: 'Hallazgo en CEB-7' });
    // The type's usual pests come first; none is counted yet.
    expect(within(dialog).getByRole('button', { name: 'Una captura menos de Rata parda' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Una captura más de Ratón doméstico' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Una captura más de Ratón doméstico' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Capturas de Ratón doméstico' })).toHaveValue(2);
    // Two rodents: the activity cannot be recorded below high.
    const activity = within(dialog).getByRole('group', { name: 'Actividad' });
    expect(within(activity).getByRole('radio', { name: 'Actividad alta' })).toBeChecked();
    expect(within(activity).getByRole('radio', { name: 'Actividad media' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cebo repuesto' }));
    // Pasted rather than typed key by key: each key renders the whole form again, which a loaded machine feels.
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nota' }));
    await userEvent.paste('Dos ratones junto al muelle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar hallazgo' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      deviceStatus: 'OK',
      captures: [{ pestId: 2, count: 2 }],
      actions: ['CEBO_REPUESTO'],
      notes: 'Dos ratones junto al muelle',
    });
    expect(sent[0]!.body).not.toHaveProperty('baitConsumption');
  });

  it("keeps what was entered when the form is left with 'Volver', and says so on the sheet", async () => {
    const { sent, onHold } = renderSheet(itemOf('LAMINA'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Una captura más de Cucaracha alemana' }));
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Still held: a code of another device would take the place of what was entered.
    expect(onHold).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Seguir con el hallazgo' }));
    expect(screen.getByRole('spinbutton', { name: 'Capturas de Cucaracha alemana' })).toHaveValue(1);
    expect(sent).toEqual([]);
  });

  it('counts a saturated glue board by bands', async () => {
    const { sent } = renderSheet(itemOf('LAMINA'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lámina saturada: registrar por rangos' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Rango de capturas de Cucaracha alemana' }),
      '>50',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar hallazgo' }));
    expect(sent[0]!.body).toMatchObject({ captures: [{ pestId: 3, band: '>50' }] });
  });

  it('asks a bait station for the bait, and sends no consumption when it is absent', async () => {
    const { sent } = renderSheet(itemOf('CEBADERO'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('group', { name: 'Capturas' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '75 %' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Cebo ausente' }));
    expect(within(dialog).queryByRole('radio', { name: '75 %' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar hallazgo' }));
    expect(sent[0]!.body).toMatchObject({ baitConsumption: null, baitState: 'CEBO_AUSENTE' });
  });

  it("offers a UV lamp's tube and sheet changes, and a pheromone trap's new lure", async () => {
    renderSheet(itemOf('LUZ_UV'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar hallazgo' }));
    expect(screen.getByRole('checkbox', { name: 'Tubo cambiado' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Lámina cambiada' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Cebo repuesto' })).not.toBeInTheDocument();
  });
});

describe('FindingsSheet on a device already recorded in the order', () => {
  const fourRoaches: RecordedFinding = {
    finding: makeFinding({
      itemId: 7,
      activity: 'BAJA',
      derivedActivity: 'BAJA',
      captures: [{ pestId: 3, name: 'Cucaracha alemana', group: 'RASTREROS', count: 4, band: null }],
    }),
    waiting: false,
  };

  it('says «Ya registrada» with what it holds, and offers no preset answer a tap could record over it', async () => {
    const { sent, onDone, onHold } = renderSheet(itemOf('LAMINA'), { current: fourRoaches });
    const sheet = screen.getByRole('region', { name: 'Hallazgo · CEB-7' });
    expect(sheet).toHaveTextContent('Ya registrada · Actividad baja · 4 capturas');
    expect(within(sheet).queryByRole('button', { name: 'Sin novedad' })).not.toBeInTheDocument();
    // Under the thumb only what changes nothing.
    const done = within(sheet).getByRole('button', { name: 'Listo' });
    expect(done).toHaveFocus();
    expect(onHold).toHaveBeenLastCalledWith(false);
    await userEvent.click(done);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('«Corregir» starts from the current finding; lowering it asks why, and the reason goes with the new version', async () => {
    const { sent, onDone } = renderSheet(itemOf('LAMINA'), { current: fourRoaches, correcting: true });
    const dialog = screen.getByRole('dialog', { name: 'Corregir el hallazgo de CEB-7' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Capturas de Cucaracha alemana' })).toHaveValue(4);
    expect(within(dialog).queryByRole('textbox', { name: 'Motivo de la corrección' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Una captura menos de Cucaracha alemana' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo de la corrección' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar corrección' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Escribe el motivo de la corrección: bajas lo que ya estaba registrado.',
    );
    expect(reason).toHaveFocus();
    expect(sent).toEqual([]);
    await userEvent.type(reason, '  Una era de la semana pasada ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar corrección' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ captures: [{ pestId: 3, count: 3 }], reason: 'Una era de la semana pasada' });
  });

  it('a correction that records more needs no reason', async () => {
    const { sent } = renderSheet(itemOf('LAMINA'), { current: fourRoaches, correcting: true });
    const dialog = screen.getByRole('dialog', { name: 'Corregir el hallazgo de CEB-7' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Una captura más de Cucaracha alemana' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Lámina cambiada' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Motivo de la corrección' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar corrección' }));
    expect(sent[0]!.body).toMatchObject({ captures: [{ pestId: 3, count: 5 }], actions: ['LAMINA_CAMBIADA'] });
    expect(sent[0]!.body).not.toHaveProperty('reason');
  });
});

describe('ItemFindingLine', () => {
  const exceptionLine = (recordException: (request: unknown) => Promise<unknown>) =>
    render(
      <ItemFindingLine
        sessionId={12}
        item={itemOf('CAPTURA', { status: 'PENDING', outcome: null })}
        done={false}
        waiting={undefined}
        closed={false}
        groupOf={() => undefined}
        onOpenFinding={vi.fn()}
        recordException={recordException}
        removeWaitingPhoto={vi.fn()}
        deletePhoto={vi.fn()}
      />,
    );

  it('records a trap that could not be scanned with two taps on preset reasons, nothing typed', async () => {
    const recordException = vi.fn(async () => undefined);
    exceptionLine(recordException);
    await userEvent.click(screen.getByRole('button', { name: 'No encontrada o inaccesible: CEB-7' }));
    const dialog = screen.getByRole('dialog', { name: 'CEB-7: no encontrada o inaccesible' });
    // Every preset reason is a chip; no note is asked for until «Otro».
    expect(
      within(within(dialog).getByRole('group', { name: 'Por qué' }))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Área cerrada', 'Bloqueado por mercadería', 'Producción en marcha', 'Retirado por el cliente', 'Otro']);
    expect(within(dialog).queryByRole('textbox', { name: 'Nota' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige el motivo: no encontrada o inaccesible.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Inaccesible' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige por qué no se pudo escanear.');
    expect(recordException).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Área cerrada' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(recordException).toHaveBeenCalledWith({
      kind: 'exception',
      sessionId: 12,
      itemId: 7,
      qrHash: 'c'.repeat(64),
      trapCode: 'CEB-7',
      body: {
        clientScanId: expect.stringMatching(UUID),
        reason: 'INACCESIBLE',
        reasonDetail: 'AREA_CERRADA',
        recordedAt: expect.any(String),
      },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a note only with «Otro», and sends it trimmed; a note left from «Otro» is not sent with another', async () => {
    const recordException = vi.fn(async () => undefined);
    exceptionLine(recordException);
    await userEvent.click(screen.getByRole('button', { name: 'No encontrada o inaccesible: CEB-7' }));
    const dialog = screen.getByRole('dialog', { name: 'CEB-7: no encontrada o inaccesible' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'No encontrada' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Otro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'La nota es obligatoria: explica por qué no se pudo escanear.',
    );
    expect(recordException).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nota' }), '  Soporte arrancado ');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Retirado por el cliente' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Nota' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Otro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(recordException).toHaveBeenCalledWith(
      expect.objectContaining({
        body: expect.objectContaining({ reason: 'NO_ENCONTRADO', reasonDetail: 'OTRO', note: 'Soporte arrancado' }),
      }),
    );
  });

  it('says why a device was not scanned by its preset reason, waiting or recorded, and an «Otro» by its note', () => {
    const line = (exception: NonNullable<SessionItem['exception']>, waiting = false) =>
      render(
        <ItemFindingLine
          sessionId={12}
          item={itemOf('CAPTURA', { status: 'COMPLETED', outcome: 'EXCEPTION', exception: waiting ? null : exception })}
          done
          waiting={
            waiting
              ? {
                  finding: null,
                  exception: {
                    clientScanId: '20000000-0000-4000-8000-000000000001',
                    recordedAt: '2030-01-02T10:00:00.000Z',
                    reason: exception.reason,
                    ...(exception.reasonDetail ? { reasonDetail: exception.reasonDetail } : {}),
                    ...(exception.note ? { note: exception.note } : {}),
                  },
                  photos: 0,
                  waitingPhotos: [],
                  deletedPhotoIds: [],
                }
              : undefined
          }
          closed={false}
          groupOf={() => undefined}
          onOpenFinding={vi.fn()}
          recordException={vi.fn()}
          removeWaitingPhoto={vi.fn()}
          deletePhoto={vi.fn()}
        />,
      ).container.querySelector('.item-finding__summary')?.textContent;
    expect(line({ reason: 'INACCESIBLE', reasonDetail: 'PRODUCCION', note: null })).toBe(
      'Inaccesible: Producción en marcha',
    );
    expect(line({ reason: 'INACCESIBLE', reasonDetail: 'BLOQUEADO_MERCADERIA', note: null }, true)).toBe(
      'Inaccesible: Bloqueado por mercadería · por enviar',
    );
    expect(line({ reason: 'NO_ENCONTRADO', reasonDetail: 'OTRO', note: 'Soporte arrancado' })).toBe(
      'No encontrada: Soporte arrancado',
    );
    // Recorded by a phone that predates the presets: its note.
    expect(line({ reason: 'NO_ENCONTRADO', reasonDetail: null, note: 'No está' })).toBe('No encontrada: No está');
  });

  it('sums up what was recorded, and marks what still waits on the device', () => {
    const item = itemOf('CAPTURA', { photoIds: [40] });
    render(
      <ItemFindingLine
        sessionId={12}
        item={item}
        done
        waiting={{
          finding: {
            clientFindingId: '10000000-0000-4000-8000-000000000001',
            recordedAt: '2030-01-02T10:00:00.000Z',
            deviceStatus: 'OK',
            captures: [{ pestId: 1, count: 1 }],
          },
          exception: null,
          photos: 1,
          waitingPhotos: [{ clientPhotoId: '30000000-0000-4000-8000-000000000001', photo: new Blob() }],
          deletedPhotoIds: [],
        }}
        closed={false}
        groupOf={(id) => PESTS.find((pest) => pest.id === id)?.group}
        onOpenFinding={vi.fn()}
        recordException={vi.fn()}
        removeWaitingPhoto={vi.fn()}
        deletePhoto={vi.fn()}
      />,
    );
    expect(screen.getByText(/^Actividad media · 1 captura · 2 fotos/)).toHaveTextContent(
      'Actividad media · 1 captura · 2 fotos · por enviar',
    );
    // Recorded already: only a correction, never the sheet's preset answer.
    expect(screen.getByRole('button', { name: 'Corregir el hallazgo de CEB-7' })).toHaveTextContent('Corregir');
  });

  it('removes a photo after asking: one still on the phone leaves the queue, one the server has is deleted there', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:foto'), revokeObjectURL: vi.fn() });
    mockApi({});
    const item = itemOf('CAPTURA', { photoIds: [40, 41] });
    const removeWaitingPhoto = vi.fn(async () => undefined);
    const deletePhoto = vi.fn(async () => undefined);
    const waiting = {
      finding: null,
      exception: null,
      photos: 1,
      waitingPhotos: [{ clientPhotoId: '30000000-0000-4000-8000-000000000009', photo: new Blob() }],
      // 41's removal waits on the phone: it is gone for the technician already.
      deletedPhotoIds: [41],
    };
    renderWithApp(
      <ItemFindingLine
        sessionId={12}
        item={item}
        done
        waiting={waiting}
        closed={false}
        groupOf={() => undefined}
        onOpenFinding={vi.fn()}
        recordException={vi.fn()}
        removeWaitingPhoto={removeWaitingPhoto}
        deletePhoto={deletePhoto}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fotos (2) de CEB-7' }));
    let photos = screen.getByRole('dialog', { name: 'Fotos de CEB-7' });
    expect(
      within(photos)
        .getAllByRole('listitem')
        .map((each) => each.textContent),
    ).toEqual([expect.stringContaining('enviada'), expect.stringContaining('por enviar')]);

    // Asked first; 'Cancelar' keeps it.
    await userEvent.click(within(photos).getByRole('button', { name: 'Eliminar la foto 2 de CEB-7' }));
    let confirm = screen.getByRole('dialog', { name: '¿Eliminar la foto 2 de CEB-7?' });
    expect(confirm).toHaveTextContent('Aún no se ha enviado: se borrará de este teléfono y no llegará al servidor.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(removeWaitingPhoto).not.toHaveBeenCalled();

    photos = screen.getByRole('dialog', { name: 'Fotos de CEB-7' });
    await userEvent.click(within(photos).getByRole('button', { name: 'Eliminar la foto 2 de CEB-7' }));
    confirm = screen.getByRole('dialog', { name: '¿Eliminar la foto 2 de CEB-7?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar foto' }));
    expect(removeWaitingPhoto).toHaveBeenCalledWith('30000000-0000-4000-8000-000000000009');
    expect(deletePhoto).not.toHaveBeenCalled();

    photos = screen.getByRole('dialog', { name: 'Fotos de CEB-7' });
    await userEvent.click(within(photos).getByRole('button', { name: 'Eliminar la foto 1 de CEB-7' }));
    confirm = screen.getByRole('dialog', { name: '¿Eliminar la foto 1 de CEB-7?' });
    expect(confirm).toHaveTextContent('Ya está en el servidor: se eliminará también allí');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar foto' }));
    expect(deletePhoto).toHaveBeenCalledWith({
      kind: 'photo-deletion',
      sessionId: 12,
      itemId: 7,
      qrHash: 'c'.repeat(64),
      trapCode: 'CEB-7',
      body: { clientDeletionId: expect.stringMatching(UUID), photoId: 40, deletedAt: expect.any(String) },
    });
  });
});
