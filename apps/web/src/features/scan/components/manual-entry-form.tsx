import { useId, useState, type FormEvent } from 'react';
import { SCAN_MESSAGES } from '../messages';
import { normalizeTypedCode } from '../utils/scan-flow';

interface ManualEntryFormProps {
  busy: boolean;
  /** Resolves true once the scan was registered, to clear the field for the next trap. */
  onSubmit: (code: string) => Promise<boolean>;
}

/** For a damaged label or a phone without a camera: the code printed under the QR, typed by hand. */
export function ManualEntryForm({ busy, onSubmit }: ManualEntryFormProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onSubmit(normalizeTypedCode(typed))) setTyped('');
  }

  return (
    <form className="manual-entry" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={inputId}>{SCAN_MESSAGES.manualLabel}</label>
        <div className="manual-entry__row">
          <input
            id={inputId}
            className="manual-entry__input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="abcd 1234 efgh 5678 jkmn"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            aria-describedby={hintId}
          />
          <button type="submit" className="button button--secondary button--large" disabled={busy || !typed.trim()}>
            {SCAN_MESSAGES.manualSubmit}
          </button>
        </div>
        <p id={hintId} className="field-hint">
          {SCAN_MESSAGES.manualHint}
        </p>
      </div>
    </form>
  );
}
