import { CloseIcon } from './close-icon';
import type { ReactNode } from 'react';

export interface NoticeMessage {
  tone: 'success' | 'error' | 'info';
  text: string;
  /** The server's own explanation, shown under the main text when it adds something. */
  detail?: string | undefined;
}

/** A status line: errors are announced at once (role=alert), successes politely (role=status). */
export function Notice({
  notice,
  onDismiss,
  children,
}: {
  notice: NoticeMessage;
  onDismiss?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      <div className="notice__body">
        <p className="notice__text">{notice.text}</p>
        {notice.detail ? <p className="notice__detail">{notice.detail}</p> : null}
      </div>
      {children}
      {onDismiss ? (
        <button
          type="button"
          className="icon-button icon-button--small"
          onClick={onDismiss}
          aria-label="Descartar mensaje"
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
