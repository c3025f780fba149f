interface FormActionsProps {
  saving: boolean;
  submitLabel: string;
  /** What the submit button reads while the request runs. */
  savingLabel?: string;
  /** Disables the submit button after success too (a dialog about to close itself). */
  submitDisabled?: boolean;
  /** 'Cancelar'; left out of a form that cannot be put off (the first sign-in's password change). */
  onCancel?: (() => void) | undefined;
}

/** 'Cancelar' and the submit button of every dialog form; neither can be used while a save runs. */
export function FormActions({
  saving,
  submitLabel,
  savingLabel = 'Guardando…',
  submitDisabled = false,
  onCancel,
}: FormActionsProps) {
  return (
    <div className="form__actions">
      {onCancel ? (
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
      ) : null}
      <button type="submit" className="button button--primary" disabled={saving || submitDisabled}>
        {saving ? savingLabel : submitLabel}
      </button>
    </div>
  );
}
