import { useState } from 'react';
import { useQrCamera } from '../qr/use-qr-camera';
import { SCAN_MESSAGES } from '../messages';

interface CameraPanelProps {
  enabled: boolean;
  /** False: not taken now (busy with another code): read again at the next frame. */
  onCode: (code: string) => boolean | undefined;
  onReadError: () => void;
}

/** The live camera with a viewfinder and the spec's prompt, or what stands in for it when there is none. */
export function CameraPanel({ enabled, onCode, onReadError }: CameraPanelProps) {
  const { videoRef, state, restart, torch } = useQrCamera({ enabled, onCode, onReadError });
  const [torchFailed, setTorchFailed] = useState(false);
  return (
    <div className={`camera camera--${state}`}>
      {enabled ? (
        <video ref={videoRef} className="camera__video" muted playsInline autoPlay aria-label="Vista de la cámara" />
      ) : null}
      {state === 'live' ? (
        <div className="camera__overlay" aria-hidden="true">
          <span className="camera__finder" />
        </div>
      ) : null}
      {state === 'starting' ? (
        <div className="camera__state" role="status">
          <span className="spinner spinner--light" aria-hidden="true" />
          {SCAN_MESSAGES.cameraStarting}
        </div>
      ) : null}
      {state === 'unavailable' ? (
        <div className="camera__state camera__state--problem">
          <CameraOffIcon />
          <p className="camera__state-title" role="alert">
            {SCAN_MESSAGES.cameraUnavailable}
          </p>
          <p className="camera__state-text">{SCAN_MESSAGES.cameraUnavailableHint}</p>
          <button type="button" className="button button--secondary" onClick={restart}>
            {SCAN_MESSAGES.cameraRetry}
          </button>
        </div>
      ) : null}
      {state === 'off' ? (
        <div className="camera__state camera__state--done">
          <DoneIcon />
          <p className="camera__state-title">{SCAN_MESSAGES.cameraOff}</p>
        </div>
      ) : null}
      {state === 'live' && torch ? (
        // Only a camera that offers a torch shows the button: a laptop's or an iPhone's in Safari has none.
        <button
          type="button"
          className={`camera__torch${torch.on ? ' camera__torch--on' : ''}`}
          aria-pressed={torch.on}
          onClick={async () => setTorchFailed(!(await torch.toggle()))}
        >
          <TorchIcon />
          <span>{SCAN_MESSAGES.torch}</span>
        </button>
      ) : null}
      {torchFailed && state === 'live' ? (
        <p className="camera__torch-error" role="alert">
          {SCAN_MESSAGES.torchFailed}
        </p>
      ) : null}
      {state === 'live' || state === 'starting' ? <p className="camera__prompt">{SCAN_MESSAGES.prompt}</p> : null}
    </div>
  );
}

function TorchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M7 3h10v4l-3 4v10h-4V11L7 7z" />
      <path d="M7 7h10M12 14v2" />
    </svg>
  );
}

function CameraOffIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="36"
      height="36"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M3 3l18 18M9.5 5h5l1.5 2h3a2 2 0 0 1 2 2v8.5M17.7 19H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h2" />
      <path d="M9.9 10.6a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}

function DoneIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </svg>
  );
}
