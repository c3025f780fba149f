import { type FormEvent, useEffect, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useOwnSignature, useSaveOwnSignature } from '../api/own-signature';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { EXPORT_MAX_BYTES, type Stroke, signaturePng } from '../utils/signature-strokes';
import { ClientSignatureDialog, type ClientSignatureDialogProps } from './client-signature-dialog';
import { SignaturePad } from './signature-pad';

interface CloseOrderDialogProps extends ClientSignatureDialogProps {
  /** The server refused the close for want of the closer's stored signature (409 SIGNATURE_REQUIRED). */
  ownSignatureRequired: boolean;
}

/**
 * Closing an order: no certificate is issued without the closer's signature, so the first time (none stored in
 * «Mi firma») the technician signs here first, and it is kept for every later certificate; then the client signs,
 * or «Cliente ausente» with the reason.
 */
export function CloseOrderDialog({ ownSignatureRequired, ...client }: CloseOrderDialogProps) {
  const own = useOwnSignature();
  const [saved, setSaved] = useState(false);
  // The server says it has none after all (removed from another device meanwhile): ask again.
  useEffect(() => {
    if (ownSignatureRequired) setSaved(false);
  }, [ownSignatureRequired]);
  if (!saved && (ownSignatureRequired || own.data === null)) {
    return <OwnSignatureStep onSaved={() => setSaved(true)} onClose={client.onClose} />;
  }
  if (own.isPending && !saved) {
    return (
      <Modal title={TEXT.closeTitle} onClose={client.onClose} size="medium">
        <p className="muted" role="status">
          {TEXT.ownChecking}
        </p>
      </Modal>
    );
  }
  return <ClientSignatureDialog {...client} />;
}

/** «Tu firma», drawn once and kept as «Mi firma» (PUT /technicians/me/signature). */
function OwnSignatureStep({ onSaved, onClose }: { onSaved: () => void; onClose: () => void }) {
  const save = useSaveOwnSignature();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
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
      onSuccess: onSaved,
      onError: (error) => setNotice({ tone: 'error', text: TEXT.ownSaveFailed, detail: serverMessage(error) }),
    });
  }

  return (
    <Modal title={TEXT.ownStepTitle} description={TEXT.ownStepIntro} onClose={onClose} locked={save.isPending}>
      <form className="form signature-dialog" onSubmit={submit} noValidate>
        <SignaturePad strokes={strokes} onChange={setStrokes} disabled={save.isPending} label={TEXT.ownTitle} />
        {notice ? <Notice notice={notice} /> : null}
        <FormActions
          saving={save.isPending}
          submitLabel={TEXT.ownStepSubmit}
          savingLabel={TEXT.ownSaving}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
