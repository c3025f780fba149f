import type { Plan } from '@rondin/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useCreatePlan, useUpdatePlan } from '../api/manage-plans';
import { SITE_PLANS_MESSAGES, PLAN_FORM_MESSAGES as TEXT } from '../messages';
import { nameFromFile, PLAN_IMAGE_MAX_BYTES, planFileKind } from '../utils/plan-file';

export type PlanFormMode =
  | { kind: 'create'; siteId: number }
  | { kind: 'rename'; plan: Plan }
  | { kind: 'replace'; plan: Plan };

interface ChosenImage {
  image: Blob;
  fileName: string;
  /** Said under the field: a PDF became an image, from which of its pages. */
  note: string | null;
}

/**
 * Uploading a plan (name and image), renaming one, or replacing its image. An image is checked here before it
 * is sent (type, 15 MB); a PDF is drawn into an image on this device first, with pdf.js loaded only then.
 */
export function PlanFormDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: PlanFormMode;
  onClose: () => void;
  onSaved: (plan: Plan, text: string) => void;
}) {
  const nameId = useId();
  const fileId = useId();
  const hintId = useId();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [name, setName] = useState(mode.kind === 'rename' ? mode.plan.name : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const asksName = mode.kind !== 'replace';
  const asksFile = mode.kind !== 'rename';
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const title =
    mode.kind === 'create' ? TEXT.uploadTitle : mode.kind === 'rename' ? TEXT.renameTitle : TEXT.replaceTitle;

  async function onFile(file: File | undefined) {
    setChosen(null);
    setFileError(null);
    if (!file) return;
    const kind = planFileKind(file);
    if (!kind) {
      setFileError(TEXT.wrongType);
      return;
    }
    if (asksName && !name.trim()) setName(nameFromFile(file.name));
    if (kind === 'image') {
      if (file.size > PLAN_IMAGE_MAX_BYTES) setFileError(TEXT.tooLarge);
      else setChosen({ image: file, fileName: file.name, note: null });
      return;
    }
    setConverting(true);
    try {
      const { pdfToImage } = await import('../utils/pdf-to-image');
      const { image, pages, fileName } = await pdfToImage(file);
      if (image.size > PLAN_IMAGE_MAX_BYTES) setFileError(TEXT.tooLarge);
      else setChosen({ image, fileName, note: TEXT.convertedFrom(pages) });
    } catch {
      setFileError(TEXT.convertFailed);
    } finally {
      setConverting(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    let invalid = false;
    if (asksName) {
      const error = !trimmed ? TEXT.nameRequired : trimmed.length > 120 ? TEXT.nameTooLong : null;
      setNameError(error);
      invalid ||= error !== null;
    }
    if (asksFile && !chosen) {
      setFileError((current) => current ?? TEXT.fileRequired);
      invalid = true;
    }
    if (invalid || saving || converting) return;
    if (mode.kind === 'create') {
      create.mutate(
        { siteId: mode.siteId, name: trimmed, image: chosen!.image, fileName: chosen!.fileName },
        { onSuccess: (plan) => onSaved(plan, SITE_PLANS_MESSAGES.created(plan.name)) },
      );
    } else if (mode.kind === 'rename') {
      update.mutate(
        { id: mode.plan.id, name: trimmed },
        { onSuccess: (plan) => onSaved(plan, SITE_PLANS_MESSAGES.renamed(plan.name)) },
      );
    } else {
      update.mutate(
        { id: mode.plan.id, image: chosen!.image, fileName: chosen!.fileName },
        {
          onSuccess: (plan) => onSaved(plan, SITE_PLANS_MESSAGES.replaced(plan.name)),
        },
      );
    }
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      locked={saving}
      description={mode.kind === 'replace' ? TEXT.replaceHint : undefined}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {TEXT.cancel}
          </button>
          <button
            type="submit"
            form={`${nameId}-form`}
            className="button button--primary"
            disabled={saving || converting}
          >
            {saving ? (asksFile ? TEXT.uploading : TEXT.saving) : mode.kind === 'create' ? TEXT.upload : TEXT.save}
          </button>
        </>
      }
    >
      <form id={`${nameId}-form`} className="form" onSubmit={submit} noValidate>
        {failure ? <Notice notice={{ tone: 'error', text: TEXT.failed, detail: serverMessage(failure) }} /> : null}
        {asksName ? (
          <div className="field">
            <label htmlFor={nameId}>{TEXT.nameLabel}</label>
            <input
              id={nameId}
              value={name}
              maxLength={120}
              placeholder={TEXT.namePlaceholder}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${nameId}-error` : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              data-autofocus={mode.kind === 'rename' ? true : undefined}
            />
            {nameError ? (
              <p id={`${nameId}-error`} className="plan-form__error">
                {nameError}
              </p>
            ) : null}
          </div>
        ) : null}
        {asksFile ? (
          <div className="field">
            <label htmlFor={fileId}>{TEXT.fileLabel}</label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/webp,application/pdf,.pdf"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${hintId}${fileError ? ` ${fileId}-error` : ''}`}
              onChange={(event) => void onFile(event.target.files?.[0])}
              disabled={saving}
            />
            <p id={hintId} className="field-hint">
              {TEXT.fileHint}
            </p>
            {converting ? (
              <p className="field-hint" role="status">
                {TEXT.converting}
              </p>
            ) : null}
            {chosen?.note ? (
              <p className="field-hint" role="status">
                {chosen.note}
              </p>
            ) : null}
            {fileError ? (
              <p id={`${fileId}-error`} className="plan-form__error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
