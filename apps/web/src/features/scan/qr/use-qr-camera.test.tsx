import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrDecoder } from './qr-decoder';
import { FRAME_INTERVAL_MS, REPEAT_AFTER_MS, useQrCamera } from './use-qr-camera';

/** What the decoder "sees", frame after frame; an Error entry is a failed read. */
let frames: (string[] | Error)[] = [];
vi.mock('./qr-decoder', () => ({
  createQrDecoder: async (): Promise<QrDecoder> => ({
    decode: async () => {
      const next = frames.length > 1 ? frames.shift()! : (frames[0] ?? []);
      if (next instanceof Error) throw next;
      return next;
    },
    dispose: () => {},
  }),
}));

function fakeStream() {
  const track = { readyState: 'live', stop: vi.fn(() => (track.readyState = 'ended')) };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

function Camera(props: { enabled: boolean; onCode: (code: string) => boolean | undefined; onReadError: () => void }) {
  const { videoRef, state } = useQrCamera(props);
  return (
    <>
      {props.enabled ? <video ref={videoRef} /> : null}
      <output>{state}</output>
    </>
  );
}

describe('useQrCamera', () => {
  let getUserMedia: ReturnType<typeof vi.fn>;
  let camera: ReturnType<typeof fakeStream>;

  beforeEach(() => {
    camera = fakeStream();
    getUserMedia = vi.fn(async () => camera.stream);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames = [];
  });

  it('asks for the camera facing the environment as an ideal, never exact', async () => {
    render(<Camera enabled onCode={() => {}} onReadError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('live'));
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  });

  it('reports a code once while it stays in view, and a different one at once', async () => {
    frames = [[], ['codigo-a'], ['codigo-a'], ['codigo-a'], ['codigo-b'], []];
    const onCode = vi.fn();
    render(<Camera enabled onCode={onCode} onReadError={() => {}} />);
    await waitFor(() => expect(onCode).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(onCode.mock.calls).toEqual([['codigo-a'], ['codigo-b']]);
  });

  it('reads again at the next frame a code the app could not take yet (busy with another request)', async () => {
    // The camera's clock (its frame timer and performance.now) is the test's: frames go by as the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    frames = [[], ['codigo-b']];
    let busy = true;
    const onCode = vi.fn(() => {
      if (!busy) return true;
      busy = false;
      return false;
    });
    render(<Camera enabled onCode={onCode} onReadError={() => {}} />);
    // The first frame shows nothing, the second the code (refused: busy), the third the code again, taken: at the
    // next frame, not REPEAT_AFTER_MS later, so the label passing by is not lost for 3 s.
    await act(() => vi.advanceTimersByTimeAsync(2 * FRAME_INTERVAL_MS));
    expect(onCode.mock.calls).toEqual([['codigo-b'], ['codigo-b']]);
    // Taken, it is not reported again while it stays in view: in no frame before REPEAT_AFTER_MS has passed.
    await act(() => vi.advanceTimersByTimeAsync(REPEAT_AFTER_MS - FRAME_INTERVAL_MS));
    expect(onCode).toHaveBeenCalledTimes(2);
  });

  it('reports a read error, and keeps going', async () => {
    frames = [new Error('decoder crashed'), ['codigo-a']];
    const onCode = vi.fn();
    const onReadError = vi.fn();
    render(<Camera enabled onCode={onCode} onReadError={onReadError} />);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('codigo-a'), { timeout: 3000 });
    expect(onReadError).toHaveBeenCalledTimes(1);
  });

  it('is unavailable when the camera is refused', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    render(<Camera enabled onCode={() => {}} onReadError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('unavailable'));
  });

  it('stops every track when turned off (order completed) and when unmounted', async () => {
    const view = render(<Camera enabled onCode={() => {}} onReadError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('live'));
    view.rerender(<Camera enabled={false} onCode={() => {}} onReadError={() => {}} />);
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('off');

    const second = fakeStream();
    getUserMedia.mockResolvedValue(second.stream);
    view.rerender(<Camera enabled onCode={() => {}} onReadError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('live'));
    act(() => view.unmount());
    expect(second.track.stop).toHaveBeenCalled();
  });
});
