import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SCAN_MESSAGES } from '../messages';
import { checkTypedCode, type TypedCodeProblem } from '../utils/scan-flow';

interface ManualEntryFormProps {
  busy: boolean;
  /** The order's trap codes, to recognise one typed instead of the code under the QR. */
  trapCodes: readonly string[];
  /** Resolves true once the scan was registered, to clear the field for the next trap. */
  onSubmit: (code: string) => Promise<boolean>;
  /**
   * A trap's printed code typed instead of the code under its QR: offered as «Código escrito» for that trap (its
   * label cannot be read). Without it the field only says what to type.
   */
  onTrapCode?: ((code: string) => void) | undefined;
}

function problemText(problem: TypedCodeProblem): string {
  if (problem.kind === 'trap-code') return SCAN_MESSAGES.manualTrapCode(problem.code);
  if (problem.kind === 'length') return SCAN_MESSAGES.manualLength(problem.count);
  return SCAN_MESSAGES.manualCharacters;
}

/**
 * For a damaged label or a phone without a camera: the code printed under the QR, typed by hand. Its format is
 * checked here, so a trap's name or a short string gets one message saying what to type, and only a code that
 * can be a trap's is sent (the server's answer then says whether it is one of this order's).
 */
export function ManualEntryForm({ busy, trapCodes, onSubmit, onTrapCode }: ManualEntryFormProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [trapCode, setTrapCode] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);

  // On a phone the message appears under the button, where the fixed close bar may cover it: bring it up.
  useEffect(() => {
    if (problem) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkTypedCode(typed, trapCodes);
    if ('problem' in checked) {
      setProblem(problemText(checked.problem));
      setTrapCode(checked.problem.kind === 'trap-code' ? checked.problem.code : null);
      return;
    }
    setProblem(null);
    setTrapCode(null);
    if (await onSubmit(checked.slug)) setTyped('');
  }

  return (
    <form className="manual-entry" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={inputId}>{SCAN_MESSAGES.manualLabel}</label>
        <div className="manual-entry__row">
          <input
            id={inputId}
            className="manual-entry__input"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(null);
              setTrapCode(null);
            }}
            placeholder="abcd 1234 efgh 5678 jkmn"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          />
          <button type="submit" className="button button--secondary button--large" disabled={busy || !typed.trim()}>
            {SCAN_MESSAGES.manualSubmit}
          </button>
        </div>
        {problem ? (
          <p ref={errorRef} id={errorId} className="manual-entry__error" role="alert">
            {problem}
          </p>
        ) : null}
        {trapCode && onTrapCode ? (
          <button
            type="button"
            className="button button--secondary scan-typed-code"
            onClick={() => {
              onTrapCode(trapCode);
              setTyped('');
              setProblem(null);
              setTrapCode(null);
            }}
          >
            {SCAN_MESSAGES.typeCodeFor(trapCode)}
          </button>
        ) : null}
        <p id={hintId} className="field-hint">
          {SCAN_MESSAGES.manualHint}
        </p>
      </div>
    </form>
  );
}
