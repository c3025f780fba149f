import { useEffect, useRef, useState } from 'react';
import { createQrDecoder, type QrDecoder } from './qr-decoder';

export type CameraState = 'off' | 'starting' | 'live' | 'unavailable';

/** The camera's torch, when its track offers one: a label in a dark corner is read with it on. */
export interface TorchControl {
  on: boolean;
  /** Turns it on or off; false when the camera refused. */
  toggle: () => Promise<boolean>;
}

/** Whether the track can light its torch (MediaTrackCapabilities.torch, not yet in TypeScript's DOM types). */
function offersTorch(track: MediaStreamTrack | undefined): track is MediaStreamTrack {
  const capabilities = track?.getCapabilities?.() as (MediaTrackCapabilities & { torch?: unknown }) | undefined;
  return capabilities?.torch === true || (Array.isArray(capabilities?.torch) && capabilities.torch.includes(true));
}

/** A frame every 200 ms at most: quick enough to feel instant, light on a phone's battery. */
export const FRAME_INTERVAL_MS = 200;
/** A code still in view is reported again after this long, so a failed scan can be retried by holding still. */
export const REPEAT_AFTER_MS = 3000;
/** After a read error, wait longer before the next frame rather than fail five times a second. */
const READ_ERROR_BACKOFF_MS = 1000;

/** User Timing marks: camera start to first decode can be read in DevTools on a real phone, and by the tests. */
export const CAMERA_STARTED_MARK = 'rondin:camera-started';
export const FIRST_DECODE_MARK = 'rondin:first-qr-decoded';

interface QrCameraOptions {
  /** The camera runs only while true; turning it off stops every track. */
  enabled: boolean;
  /**
   * A code read. `false`: the app could not take it now (busy with another code's request): it is reported again
   * at the next frame, not only after REPEAT_AFTER_MS, so a label passing by while a slow request runs is not lost.
   */
  onCode: (code: string) => boolean | undefined;
  /** A frame could not be read (not the same as no QR in view). */
  onReadError: () => void;
}

/**
 * Opens the default camera facing the environment, shows it in `videoRef`, and decodes a frame at a time
 * (the next one only once the previous is done). Stops the camera when disabled or unmounted.
 */
export function useQrCamera({ enabled, onCode, onReadError }: QrCameraOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const [torchTrack, setTorchTrack] = useState<MediaStreamTrack | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const handlers = useRef({ onCode, onReadError });
  handlers.current = { onCode, onReadError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger: Reintentar cámara starts it again.
  useEffect(() => {
    const element = videoRef.current;
    if (!enabled || !element) return;
    const video: HTMLVideoElement = element;
    let stopped = false;
    let stream: MediaStream | null = null;
    let decoder: QrDecoder | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let decodedOnce = false;
    let last = { text: '', at: Number.NEGATIVE_INFINITY };

    const schedule = (delay: number) => {
      timer = setTimeout(() => void readFrame(), delay);
    };

    function report(text: string) {
      const now = performance.now();
      if (text === last.text && now - last.at < REPEAT_AFTER_MS) return;
      if (!decodedOnce) performance.mark(FIRST_DECODE_MARK);
      decodedOnce = true;
      if (handlers.current.onCode(text) === false) return;
      last = { text, at: now };
    }

    async function readFrame() {
      if (stopped || !decoder) return;
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0)
        return schedule(FRAME_INTERVAL_MS);
      const began = performance.now();
      let delay = FRAME_INTERVAL_MS;
      try {
        const [text] = await decoder.decode(video);
        if (stopped) return;
        if (text) report(text);
      } catch {
        if (stopped) return;
        handlers.current.onReadError();
        delay = READ_ERROR_BACKOFF_MS;
      }
      schedule(Math.max(0, delay - (performance.now() - began)));
    }

    async function start() {
      setState('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          // `ideal`, never `exact`: a laptop or a test's fake camera has no environment-facing camera to insist on.
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch {
        // Denied, no camera, or no camera API at all (an insecure page).
        if (!stopped) setState('unavailable');
        return;
      }
      if (stopped) return stopTracks(stream);
      performance.mark(CAMERA_STARTED_MARK);
      video.srcObject = stream;
      // Muted inline video may autoplay; if play() is refused the frames still arrive once it starts.
      await video.play().catch(() => undefined);
      try {
        decoder = await createQrDecoder();
      } catch {
        if (!stopped) handlers.current.onReadError();
        return;
      }
      if (stopped) return decoder.dispose();
      const [track] = stream.getVideoTracks?.() ?? [];
      if (offersTorch(track)) setTorchTrack(track);
      setState('live');
      schedule(0);
    }

    void start();
    return () => {
      stopped = true;
      // A stopped track's torch goes out with it.
      setTorchTrack(null);
      setTorchOn(false);
      clearTimeout(timer);
      decoder?.dispose();
      if (stream) stopTracks(stream);
      video.srcObject = null;
    };
  }, [enabled, attempt]);

  const torch: TorchControl | null =
    enabled && torchTrack
      ? {
          on: torchOn,
          toggle: async () => {
            const next = !torchOn;
            try {
              await torchTrack.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
            } catch {
              return false;
            }
            setTorchOn(next);
            return true;
          },
        }
      : null;

  return {
    videoRef,
    state: enabled ? state : ('off' as const),
    restart: () => setAttempt((value) => value + 1),
    torch,
  };
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
