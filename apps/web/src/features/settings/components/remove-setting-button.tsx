import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';

/** What the button says; `consequence` is what removing it changes, said before it happens. */
interface RemovalTexts {
  label: string;
  question: string;
  consequence: string;
  done: string;
  failed: string;
}

interface RemoveSettingButtonProps {
  texts: RemovalTexts;
  mutation: UseMutationResult<unknown, Error, void>;
  onNotice: (notice: NoticeMessage) => void;
}

/** «Quitar …» for a company setting: asks first, then says what happened in the section's notice. */
export function RemoveSettingButton({ texts, mutation, onNotice }: RemoveSettingButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        disabled={mutation.isPending}
        onClick={() => setAsking(true)}
      >
        {texts.label}
      </button>
      {asking ? (
        <ConfirmDialog
          title={texts.question}
          message={texts.consequence}
          confirmLabel={texts.label}
          busy={mutation.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            mutation.mutate(undefined, {
              onSuccess: () => onNotice({ tone: 'success', text: texts.done }),
              onError: (error) => onNotice({ tone: 'error', text: texts.failed, detail: serverMessage(error) }),
              onSettled: () => setAsking(false),
            })
          }
        />
      ) : null}
    </>
  );
}
