import type { ClientSignature } from '@rondin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { useServerReachable } from '../../../lib/connectivity';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { EXPORT_MAX_BYTES, type Stroke, signaturePng } from '../utils/signature-strokes';
import { SignaturePad } from './signature-pad';

export interface ClientSignatureDialogProps {
  sessionId: number;
  saving: boolean;
  /** The server's refusal of the last try, shown as it came. */
  error: NoticeMessage | null;
  onSubmit: (signature: ClientSignature) => void;
  onClose: () => void;
}

/**
 * 'Firma del cliente', before an order is closed: the client's name (and role) and their signature in the box, or
 * «Cliente ausente» when nobody could sign, with why (a preset reason, or one typed under «Otro»). Closing needs the server: without connection the dialog says so.
 */
export function ClientSignatureDialog({ sessionId, saving, error, onSubmit, onClose }: ClientSignatureDialogProps) {
  const ids = { name: useId(), role: useId(), absent: useId(), other: useId(), problem: useId() };
  const reachable = useServerReachable();
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [absent, setAbsent] = useState(false);
  const [absentReason, setAbsentReason] = useState<string | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const nameMissing = !absent && name.trim() === '';
  const signatureMissing = !absent && strokes.length === 0;
  const reason = absentReason === TEXT.absentOther ? otherReason.trim() : (absentReason ?? '');
  const reasonMissing = absent && reason === '';
  const problem = attempted
    ? nameMissing
      ? TEXT.nameRequired
      : signatureMissing
        ? TEXT.signatureRequired
        : reasonMissing
          ? TEXT.absentReasonRequired
          : null
    : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setExportProblem(null);
    if (absent) {
      if (!reasonMissing) onSubmit({ absent: true, reason });
      return;
    }
    if (nameMissing || signatureMissing) return;
    const imagePng = signaturePng(strokes, EXPORT_MAX_BYTES);
    if (!imagePng) {
      setExportProblem(TEXT.exportFailed);
      return;
    }
    const trimmedRole = role.trim();
    onSubmit({ name: name.trim(), ...(trimmedRole ? { role: trimmedRole } : {}), imagePng });
  }

  const shown = problem ?? exportProblem;
  return (
    <Modal
      title={TEXT.closeTitle}
      description={TEXT.closeIntro(sessionId)}
      onClose={onClose}
      locked={saving}
      size="medium"
    >
      <form className="form signature-dialog" onSubmit={submit} noValidate>
        {reachable ? null : <Notice notice={{ tone: 'info', text: TEXT.offline }} />}
        <div className="signature-dialog__fields">
          <div className="field">
            <label htmlFor={ids.name}>{TEXT.name}</label>
            <input
              id={ids.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              disabled={saving || absent}
              required={!absent}
              maxLength={120}
              autoComplete="off"
              aria-invalid={attempted && nameMissing ? true : undefined}
              aria-describedby={attempted && nameMissing ? ids.problem : undefined}
              data-autofocus
            />
          </div>
          <div className="field">
            <label htmlFor={ids.role}>
              {TEXT.role} <span className="muted">({TEXT.roleHint})</span>
            </label>
            <input
              id={ids.role}
              value={role}
              onChange={(event) => setRole(event.target.value)}
              disabled={saving || absent}
              maxLength={120}
              autoComplete="off"
            />
          </div>
          <SignaturePad strokes={absent ? [] : strokes} onChange={setStrokes} disabled={saving || absent} />
          <label className="checkbox-field" htmlFor={ids.absent}>
            <input
              id={ids.absent}
              type="checkbox"
              checked={absent}
              onChange={(event) => setAbsent(event.target.checked)}
              disabled={saving}
            />
            {TEXT.absent}
          </label>
          {absent ? (
            <>
              <p className="signature-dialog__hint">{TEXT.absentHint}</p>
              <ChoiceChips
                legend={TEXT.absentReason}
                options={TEXT.absentReasons.map((each) => ({ value: each, label: each }))}
                selected={absentReason}
                onChange={setAbsentReason}
                large
              />
              {absentReason === TEXT.absentOther ? (
                <div className="field">
                  <label htmlFor={ids.other}>{TEXT.absentOtherText}</label>
                  <input
                    id={ids.other}
                    value={otherReason}
                    onChange={(event) => setOtherReason(event.target.value)}
                    disabled={saving}
                    maxLength={200}
                    autoComplete="off"
                    aria-invalid={attempted && reasonMissing ? true : undefined}
                  />
                </div>
              ) : null}
            </>
          ) : null}
        </div>
        {shown ? (
          <div id={ids.problem}>
            <Notice notice={{ tone: 'error', text: shown }} />
          </div>
        ) : error ? (
          <Notice notice={error} />
        ) : null}
        <FormActions saving={saving} submitLabel={TEXT.submit} savingLabel={TEXT.submitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
