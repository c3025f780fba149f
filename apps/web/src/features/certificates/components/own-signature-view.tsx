import './certificates.css';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useDeleteOwnSignature, useOwnSignature, useSaveOwnSignature } from '../api/own-signature';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { EXPORT_MAX_BYTES, type Stroke, signaturePng } from '../utils/signature-strokes';
import { SignaturePad } from './signature-pad';

/**
 * 'Mi firma': the signed-in user's own signature, copied onto each certificate of the orders they close. Shows the
 * saved one with 'Cambiar' and 'Borrar', or the pad to draw one.
 */
export function OwnSignatureView() {
  const signature = useOwnSignature();
  const save = useSaveOwnSignature();
  const remove = useDeleteOwnSignature();
  const [drawing, setDrawing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const imageUrl = useObjectUrl(signature.data ?? undefined);
  const hasSignature = signature.data != null;
  const editing = drawing || (signature.isSuccess && !hasSignature);

  function startDrawing() {
    setNotice(null);
    setStrokes([]);
    setDrawing(true);
  }

  function submit() {
    setNotice(null);
    if (strokes.length === 0) {
      setNotice({ tone: 'error', text: TEXT.ownEmpty });
      return;
    }
    const png = signaturePng(strokes, EXPORT_MAX_BYTES);
    if (!png) {
      setNotice({ tone: 'error', text: TEXT.exportFailed });
      return;
    }
    save.mutate(png, {
      onSuccess: () => {
        setDrawing(false);
        setStrokes([]);
        setNotice({ tone: 'success', text: TEXT.ownSaved });
      },
      onError: (error) => setNotice({ tone: 'error', text: TEXT.ownSaveFailed, detail: serverMessage(error) }),
    });
  }

  function confirmDelete() {
    setNotice(null);
    remove.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: TEXT.ownDeleted }),
      onError: (error) => setNotice({ tone: 'error', text: TEXT.ownDeleteFailed, detail: serverMessage(error) }),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <div className="own-signature">
      <PageHeader title={TEXT.ownTitle} subtitle={TEXT.ownIntro} />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={signature.isPending}
        isError={signature.isError && signature.data === undefined}
        error={signature.error}
        loadingText={TEXT.ownLoading}
        errorText={TEXT.ownFailed}
        onRetry={() => void signature.refetch()}
      >
        {editing ? (
          <>
            {hasSignature ? null : <p className="muted">{TEXT.ownNone}</p>}
            <SignaturePad strokes={strokes} onChange={setStrokes} disabled={save.isPending} label={TEXT.ownTitle} />
            <div className="own-signature__actions">
              <button type="button" className="button button--primary" onClick={submit} disabled={save.isPending}>
                {save.isPending ? TEXT.ownSaving : TEXT.ownSave}
              </button>
              {hasSignature ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setDrawing(false)}
                  disabled={save.isPending}
                >
                  {TEXT.ownCancel}
                </button>
              ) : null}
            </div>
          </>
        ) : (
          <>
            {imageUrl ? <img className="own-signature__image" src={imageUrl} alt={TEXT.ownImage} /> : null}
            <div className="own-signature__actions">
              <button type="button" className="button button--primary" onClick={startDrawing}>
                {TEXT.ownChange}
              </button>
              <button
                type="button"
                className="button button--ghost-danger"
                onClick={() => setConfirming(true)}
                disabled={remove.isPending}
              >
                {remove.isPending ? TEXT.ownDeleting : TEXT.ownDelete}
              </button>
            </div>
          </>
        )}
      </QueryState>
      {confirming ? (
        <ConfirmDialog
          title={TEXT.ownDelete}
          message={TEXT.ownConfirmDelete}
          confirmLabel={TEXT.ownDelete}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
