import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import type { SendScan } from '../api/send-scan';
import { type FindingSheetControls, ScanView } from './scan-view';

/** The camera stands in for a real one: the test hands over what it "read". */
const camera = vi.hoisted(() => ({ onCode: (_text: string) => {} }));
vi.mock('../qr/use-qr-camera', () => ({
  useQrCamera: ({ onCode }: { onCode: (text: string) => void }) => {
    camera.onCode = onCode;
    return { videoRef: { current: null }, state: 'live', restart: () => {} };
  },
}));

const SLUG = 'abcd1234efgh5678jkmn';

describe('codes read by the camera', () => {
  it("sends only a code that can be a trap's: a foreign QR is named as such and never sent or kept", async () => {
    const sendScan = vi.fn<SendScan>(async () => ({ queued: true, alreadyQueued: false, qrHash: null }));
    renderWithApp(<ScanView session={makeSession({ id: 7, status: 'IN_PROGRESS' }, [{}])} sendScan={sendScan} />);

    for (const foreign of [
      'https://tienda.example/producto/123',
      '7501031311309',
      'abc\u0000def',
      'X\ud800',
      `${SLUG}x`,
    ]) {
      act(() => camera.onCode(foreign));
      expect(
        await screen.findByText('Ese QR no es de una trampa de Rondín. Enfoca la etiqueta de la trampa.'),
      ).toBeInTheDocument();
    }
    expect(sendScan).not.toHaveBeenCalled();

    act(() => camera.onCode(`  ${SLUG}\n`));
    await vi.waitFor(() => expect(sendScan).toHaveBeenCalledTimes(1));
    expect(sendScan.mock.calls[0]![0]).toMatchObject({ sessionId: 7, body: { qrSlug: SLUG } });
  });

  it("takes the trap code out of a label that holds the app's address of the trap", async () => {
    const sendScan = vi.fn<SendScan>(async () => ({ queued: true, alreadyQueued: false, qrHash: null }));
    renderWithApp(<ScanView session={makeSession({ id: 7, status: 'IN_PROGRESS' }, [{}])} sendScan={sendScan} />);
    act(() => camera.onCode(`https://rondin.planta.example/t/${SLUG}`));
    await vi.waitFor(() => expect(sendScan).toHaveBeenCalledTimes(1));
    expect(sendScan.mock.calls[0]![0].body.qrSlug).toBe(SLUG);
  });
});

describe('the findings sheet after a scan', () => {
  const OTHER = 'zzzz1234efgh5678jkmn';

  it("shows the sheet of the device just registered; another device's code waits while one is being entered", async () => {
    const order = makeSession({ id: 7, status: 'IN_PROGRESS' }, [{}, {}]);
    const { items, ...summary } = order;
    const sendScan = vi.fn<SendScan>(async (request) => ({
      session: summary,
      item: { ...items[request.body.qrSlug === SLUG ? 0 : 1]!, status: 'COMPLETED' as const },
    }));
    let controls: FindingSheetControls | null = null;
    renderWithApp(
      <ScanView
        session={order}
        sendScan={sendScan}
        findingSheet={(item, given) => {
          controls = given;
          return <p>Hoja de {item.trap.code}</p>;
        }}
      />,
    );
    act(() => camera.onCode(SLUG));
    expect(await screen.findByText('Hoja de TRP-001')).toBeInTheDocument();
    // Measured in the effect that follows the sheet's render, which may run just after the text is found.
    await vi.waitFor(() => expect(performance.getEntriesByName('rondin:decode-to-sheet').length).toBeGreaterThan(0));

    act(() => controls!.hold(true));
    act(() => camera.onCode(OTHER));
    expect(
      await screen.findByText('Termina el hallazgo de TRP-001 antes de escanear otra trampa.'),
    ).toBeInTheDocument();
    expect(sendScan).toHaveBeenCalledTimes(1);

    act(() => controls!.done());
    expect(screen.queryByText('Hoja de TRP-001')).not.toBeInTheDocument();
    act(() => camera.onCode(OTHER));
    expect(await screen.findByText('Hoja de TRP-002')).toBeInTheDocument();
    expect(sendScan).toHaveBeenCalledTimes(2);
  });

  it('lets a sheet nobody touched give way to the next device the camera reads', async () => {
    const order = makeSession({ id: 7, status: 'IN_PROGRESS' }, [{}, {}]);
    const { items, ...summary } = order;
    const sendScan = vi.fn<SendScan>(async (request) => ({
      session: summary,
      item: { ...items[request.body.qrSlug === SLUG ? 0 : 1]!, status: 'COMPLETED' as const },
    }));
    renderWithApp(
      <ScanView session={order} sendScan={sendScan} findingSheet={(item) => <p>Hoja de {item.trap.code}</p>} />,
    );
    act(() => camera.onCode(SLUG));
    expect(await screen.findByText('Hoja de TRP-001')).toBeInTheDocument();
    act(() => camera.onCode(OTHER));
    expect(await screen.findByText('Hoja de TRP-002')).toBeInTheDocument();
    expect(screen.queryByText('Hoja de TRP-001')).not.toBeInTheDocument();
  });
});
