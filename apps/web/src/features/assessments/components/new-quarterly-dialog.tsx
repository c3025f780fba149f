import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { ASSESSMENT_MESSAGES as TEXT, quarterName } from '../messages';
import { quarterChoices } from '../utils/draft';

interface NewQuarterlyDialogProps {
  busy: boolean;
  /** The server's refusal, in its words. */
  error: string | null;
  onCancel: () => void;
  onChoose: (periodFrom: string) => void;
}

/** «Nueva revisión trimestral»: which quarter (the one under way and the four before), then the draft opens. */
export function NewQuarterlyDialog({ busy, error, onCancel, onChoose }: NewQuarterlyDialogProps) {
  const selectId = useId();
  const choices = quarterChoices();
  // The last quarter that has ended is the one usually reviewed.
  const [periodFrom, setPeriodFrom] = useState(choices[1]!);
  return (
    <Modal
      title={TEXT.quarterTitle}
      onClose={onCancel}
      locked={busy}
      size="small"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {TEXT.cancel}
          </button>
          <button type="submit" form={`${selectId}-form`} className="button button--primary" disabled={busy}>
            {busy ? TEXT.creating : TEXT.create}
          </button>
        </>
      }
    >
      <form
        id={`${selectId}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(periodFrom);
        }}
      >
        <p className="panel__text">{TEXT.quarterIntro}</p>
        <div className="field">
          <label htmlFor={selectId}>{TEXT.quarterLabel}</label>
          <select
            id={selectId}
            value={periodFrom}
            onChange={(event) => setPeriodFrom(event.target.value)}
            data-autofocus
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {quarterName(choice)}
              </option>
            ))}
          </select>
        </div>
        {error ? <Notice notice={{ tone: 'error', text: error }} /> : null}
      </form>
    </Modal>
  );
}
