import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrDecoder } from '../qr/qr-decoder';
import { CameraPanel } from './camera-panel';

vi.mock('../qr/qr-decoder', () => ({
  createQrDecoder: async (): Promise<QrDecoder> => ({ decode: async () => [], dispose: () => {} }),
}));

/** A camera whose video track says what it can do (getCapabilities), and takes or refuses constraints. */
function fakeCamera(capabilities: Record<string, unknown> | undefined, refuse = false) {
  const track = {
    readyState: 'live',
    stop: vi.fn(),
    getCapabilities: capabilities === undefined ? undefined : () => capabilities,
    applyConstraints: vi.fn(async () => {
      if (refuse) throw new DOMException('no', 'OverconstrainedError');
    }),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
  return track;
}

const showCamera = () => render(<CameraPanel enabled onCode={() => undefined} onReadError={() => {}} />);
const live = () => screen.findByText('Enfoca la cámara sobre el QR de la trampa.');

describe('the camera’s torch', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a toggle button when the camera offers a torch, lighting it and putting it out', async () => {
    const track = fakeCamera({ torch: true, width: { min: 1, max: 1920 } });
    showCamera();
    const torch = await screen.findByRole('button', { name: 'Linterna' });
    expect(torch).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup();
    await user.click(torch);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'true'));
    await user.click(torch);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'false'));
  });

  it('says so when the camera refuses to light it, and stays off', async () => {
    fakeCamera({ torch: true }, true);
    showCamera();
    const torch = await screen.findByRole('button', { name: 'Linterna' });
    await userEvent.setup().click(torch);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo encender la linterna.');
    expect(torch).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    ['a camera without a torch', { width: { min: 1, max: 1920 } }],
    ['a browser that cannot say (no getCapabilities)', undefined],
  ])('is not there for %s', async (_case, capabilities) => {
    fakeCamera(capabilities);
    showCamera();
    await live();
    // The camera is live by now: a torch would have shown with it.
    await waitFor(() => expect(document.querySelector('.camera--live')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Linterna' })).not.toBeInTheDocument();
  });
});
