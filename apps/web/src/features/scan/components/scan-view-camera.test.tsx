import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import type { SendScan } from '../api/send-scan';
import { ScanView } from './scan-view';

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
