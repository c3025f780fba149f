import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';

interface RemoveSettingButtonProps {
  /** The button's and the confirmation's verb: «Quitar logotipo». */
  label: string;
  question: string;
  /** What removing it changes, said before it happens. */
  consequence: string;
  removed: string;
  failed: string;
  mutation: UseMutationResult<unknown, Error, void>;
  onNotice: (notice: NoticeMessage) => void;
}

/** «Quitar …» for a company setting: asks first, then says what happened in the section's notice. */
export function RemoveSettingButton({
  label,
  question,
  consequence,
  removed,
  failed,
  mutation,
  onNotice,
}: RemoveSettingButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        disabled={mutation.isPending}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      {asking ? (
        <ConfirmDialog
          title={question}
          message={consequence}
          confirmLabel={label}
          busy={mutation.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            mutation.mutate(undefined, {
              onSuccess: () => onNotice({ tone: 'success', text: removed }),
              onError: (error) => onNotice({ tone: 'error', text: failed, detail: serverMessage(error) }),
              onSettled: () => setAsking(false),
            })
          }
        />
      ) : null}
    </>
  );
}
