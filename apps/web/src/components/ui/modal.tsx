import { CloseIcon } from './close-icon';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), object, iframe, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  /** Called on Escape, the close button and a click on the backdrop; not while `locked`. */
  onClose: () => void;
  /** While true (a save in flight) the dialog cannot be dismissed. */
  locked?: boolean;
  size?: 'small' | 'medium' | 'large';
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus goes on close when the element that opened the dialog is gone (a menu item, a deleted row). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * An accessible modal dialog: focus moves inside on open, Tab cycles within it, Escape closes it, the page
 * behind is inert, and focus returns to whatever opened it. Rendered only while open.
 */
export function Modal({
  title,
  onClose,
  locked = false,
  size = 'medium',
  description,
  children,
  footer,
  returnFocusTo,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Kept in refs so the focus effects run once per opening, not on every keystroke in a form.
  const closeRef = useRef(onClose);
  const lockedRef = useRef(locked);
  const returnRef = useRef(returnFocusTo);
  closeRef.current = onClose;
  lockedRef.current = locked;
  returnRef.current = returnFocusTo;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    const first = panel.current?.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? focusables()[0];
    (first ?? panel.current)?.focus();
    return () => {
      // The page stops being inert first: an inert element cannot take focus.
      root?.removeAttribute('inert');
      const target = opener?.isConnected && opener !== document.body ? opener : returnRef.current?.current;
      target?.focus();
    };
  }, []);

  function focusables(): HTMLElement[] {
    return Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!lockedRef.current) closeRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it, a pointer convenience; keyboard users have Escape and the close button.
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !locked) onClose();
      }}
    >
      <div
        ref={panel}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} disabled={locked} aria-label="Cerrar">
            <CloseIcon size={20} />
          </button>
        </header>
        {description ? (
          <div id={descriptionId} className="modal__description">
            {description}
          </div>
        ) : null}
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
