import { type ReactNode, useEffect, useRef } from 'react';
import { EDITOR_MESSAGES as TEXT } from '../messages';

/** The phone's device list: a sheet over the lower part of the screen, closed by its button or Escape. */
export function DeviceSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const close = useRef<HTMLButtonElement>(null);
  // The sheet opens from its button: the keyboard's focus moves into it, on the button that closes it.
  useEffect(() => close.current?.focus(), []);
  return (
    <div
      className="plan-sheet"
      role="dialog"
      aria-modal="false"
      aria-labelledby="plan-sheet-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="plan-sheet__header">
        <h2 id="plan-sheet-title" className="plan-editor__devices-title">
          {TEXT.devicesTitle}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose} ref={close}>
          {TEXT.close}
        </button>
      </div>
      <div className="plan-sheet__body">{children}</div>
    </div>
  );
}
