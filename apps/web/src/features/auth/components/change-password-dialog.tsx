import { useEffect, useRef, useState, type RefObject } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useChangePassword } from '../api/change-password';
import { PasswordChangeForm } from './password-change-form';

/** Spec section 9: the dialog closes itself this long after a successful change. */
export const AUTO_CLOSE_MS = 1500;

/**
 * Mounted only while open, so closing it (Cancelar, Escape, the automatic close) always resets the fields.
 */
export function ChangePasswordDialog({
  onClose,
  returnFocusTo,
}: {
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const mutation = useChangePassword();
  const [done, setDone] = useState(false);

  // A ref, so a parent re-render (a new onClose function) does not restart the countdown.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => closeRef.current(), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  return (
    <Modal
      title="Cambiar contraseña"
      onClose={onClose}
      locked={mutation.isPending}
      size="small"
      returnFocusTo={returnFocusTo}
    >
      <PasswordChangeForm mutation={mutation} onCancel={onClose} onChanged={() => setDone(true)} />
    </Modal>
  );
}
