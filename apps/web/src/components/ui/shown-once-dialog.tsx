import { type RefObject, useId, useState } from 'react';
import { Modal } from './modal';

export interface ShownOnceTexts {
  title: string;
  /** Why it is shown here and what to do with it (it will not be shown again). */
  hint: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * What the server answers once and never again (an invitation's link, an API token, a webhook's secret):
 * selectable in a read-only field, copied with one button.
 */
export function ShownOnceDialog({
  value,
  texts,
  onClose,
  returnFocusTo,
  valueClassName,
}: {
  value: string;
  texts: ShownOnceTexts;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  valueClassName?: string;
}) {
  const inputId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  function copyValue() {
    if (!navigator.clipboard) {
      setCopy('failed');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  }
  return (
    <Modal
      title={texts.title}
      onClose={onClose}
      {...(returnFocusTo ? { returnFocusTo } : {})}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {texts.done}
        </button>
      }
    >
      <p className="panel__text">{texts.hint}</p>
      <div className="field">
        <label htmlFor={inputId}>{texts.label}</label>
        <input
          id={inputId}
          className={valueClassName}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          data-autofocus
        />
      </div>
      <div className="panel__actions">
        <button type="button" className="button button--secondary" onClick={copyValue}>
          {texts.copy}
        </button>
        <span role="status" className="muted">
          {copy === 'copied' ? texts.copied : copy === 'failed' ? texts.copyFailed : ''}
        </span>
      </div>
    </Modal>
  );
}
