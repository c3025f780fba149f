import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { describeError } from '../../../lib/api-client';
import type { useChangePassword } from '../api/change-password';

export const PASSWORD_MESSAGES = {
  incomplete: 'Completa todos los campos.',
  mismatch: 'Las contraseñas nuevas no coinciden.',
  success: 'Contraseña actualizada correctamente.',
  fallback: 'No se pudo completar la acción.',
} as const;

const MIN_LENGTH = 8;

/** Rules checked before the request: both passwords non-blank, new and confirmation equal. */
export function validatePasswordChange(current: string, next: string, confirm: string): string | null {
  if (!current.trim() || !next.trim()) return PASSWORD_MESSAGES.incomplete;
  if (next !== confirm) return PASSWORD_MESSAGES.mismatch;
  return null;
}

interface PasswordChangeFormProps {
  /** The change request, held by the screen around the form (the dialog locks itself while it runs). */
  mutation: ReturnType<typeof useChangePassword>;
  /** Cancelar; none where the change cannot be put off (the first sign-in). */
  onCancel?: (() => void) | undefined;
  /** Called once the server took the new password, as the success is shown. */
  onChanged?: () => void;
}

/** The current password, the new one twice, and the server's answer: the dialog's and the first sign-in's. */
export function PasswordChangeForm({ mutation, onCancel, onChanged }: PasswordChangeFormProps) {
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  /** Whether the error on screen is our own check's, which editing re-checks, or the server's, which editing clears. */
  const [checked, setChecked] = useState(false);
  const saving = mutation.isPending;
  const done = mutation.isSuccess;

  /**
   * An error must not outlive its cause: once shown, our own check runs again on each edit and its message goes
   * (or changes) as the fields are fixed; the server's refusal goes as soon as the user edits a field.
   */
  function edit(changed: { current?: string; next?: string; confirm?: string }) {
    const values = { current, next, confirm, ...changed };
    setCurrent(values.current);
    setNext(values.next);
    setConfirm(values.confirm);
    if (notice?.tone !== 'error') return;
    const problem = checked ? validatePasswordChange(values.current, values.next, values.confirm) : null;
    setNotice(problem ? { tone: 'error', text: problem } : null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || done) return;
    const problem = validatePasswordChange(current, next, confirm);
    if (problem) {
      setChecked(true);
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setChecked(false);
    setNotice(null);
    mutation.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: PASSWORD_MESSAGES.success });
          onChanged?.();
        },
        onError: (error) => setNotice({ tone: 'error', text: describeError(error) ?? PASSWORD_MESSAGES.fallback }),
      },
    );
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={ids.current}>Contraseña actual</label>
        <input
          id={ids.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => edit({ current: event.target.value })}
          disabled={saving || done}
          data-autofocus
        />
      </div>
      <div className="field">
        <label htmlFor={ids.next}>Nueva contraseña</label>
        <input
          id={ids.next}
          type="password"
          autoComplete="new-password"
          placeholder="Mínimo 8 caracteres"
          minLength={MIN_LENGTH}
          value={next}
          onChange={(event) => edit({ next: event.target.value })}
          disabled={saving || done}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.confirm}>Confirmar nueva contraseña</label>
        <input
          id={ids.confirm}
          type="password"
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          value={confirm}
          onChange={(event) => edit({ confirm: event.target.value })}
          disabled={saving || done}
        />
      </div>
      {notice ? <Notice notice={notice} /> : null}
      <FormActions saving={saving} submitLabel="Guardar contraseña" submitDisabled={done} onCancel={onCancel} />
    </form>
  );
}
