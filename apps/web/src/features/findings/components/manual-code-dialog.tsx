import type { SessionItem } from '@rondin/contracts';
import {
  MANUAL_CODE_MAX,
  MANUAL_REASON_NAMES,
  MANUAL_REASONS,
  type ManualReason,
} from '@rondin/contracts/finding-rules';
import { FindingMessages } from '@rondin/contracts/messages';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';
import type { ManualRequest } from '../api/record-finding';
import { FINDINGS_MESSAGES as TEXT } from '../messages';

interface ManualCodeDialogProps {
  sessionId: number;
  item: SessionItem;
  /** Sends the record (or keeps it on the device); rejects when the server refused it. */
  record: (request: ManualRequest) => Promise<unknown>;
  /** Recorded (or kept to send): the findings sheet opens as after a scan. */
  onRecorded: () => void;
  onClose: () => void;
}

/**
 * A device whose label cannot be read: the technician types the code printed on it and says why (large chips),
 * and the item is completed as by a scan (outcome MANUAL: inspected, never proof of presence). The code is checked
 * here with the server's words, so a wrong one is caught without signal too.
 */
export function ManualCodeDialog({ sessionId, item, record, onRecorded, onClose }: ManualCodeDialogProps) {
  const codeId = useId();
  const errorId = useId();
  const formId = useId();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState<ManualReason | null>(null);
  const [problem, setProblem] = useState<{ field: 'code' | 'reason'; text: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = item.trap.code;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const written = typed.trim();
    if (!written) return setProblem({ field: 'code', text: FindingMessages.manualCodeRequired });
    if (written.toLowerCase() !== code.toLowerCase()) {
      return setProblem({ field: 'code', text: FindingMessages.manualCodeMismatch(written, code) });
    }
    if (reason === null) return setProblem({ field: 'reason', text: TEXT.manualReasonRequired });
    setProblem(null);
    setFailed(null);
    setBusy(true);
    try {
      await record({
        kind: 'manual',
        sessionId,
        itemId: item.id,
        qrHash: item.trap.qrHash,
        trapCode: code,
        body: { clientScanId: randomUuid(), code: written, reason, recordedAt: new Date().toISOString() },
      });
      onRecorded();
    } catch (error) {
      setFailed(serverMessage(error) ?? TEXT.manualFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      title={TEXT.manualTitle(code)}
      size="small"
      locked={busy}
      onClose={onClose}
      description={TEXT.manualHint}
      footer={
        <>
          <button type="button" className="button button--secondary button--large" onClick={onClose} disabled={busy}>
            {TEXT.back}
          </button>
          <button type="submit" form={formId} className="button button--primary button--large" disabled={busy}>
            {busy ? TEXT.manualSaving : TEXT.manualSave}
          </button>
        </>
      }
    >
      <form id={formId} className="finding-form" onSubmit={(event) => void submit(event)} noValidate>
        {failed ? (
          <div className="notice notice--error" role="alert">
            <div className="notice__body">
              <p className="notice__text">{TEXT.manualFailed}</p>
              <p className="notice__detail">{failed}</p>
            </div>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={codeId}>{TEXT.manualCode}</label>
          <input
            id={codeId}
            value={typed}
            maxLength={MANUAL_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={problem?.field === 'code' ? true : undefined}
            aria-describedby={problem?.field === 'code' ? errorId : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(null);
            }}
          />
        </div>
        <ChoiceChips
          legend={TEXT.manualReason}
          options={MANUAL_REASONS.map((each) => ({ value: each, label: MANUAL_REASON_NAMES[each] }))}
          selected={reason}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
          large
        />
        {problem ? (
          <p id={errorId} className="finding-form__error" role="alert">
            {problem.text}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
