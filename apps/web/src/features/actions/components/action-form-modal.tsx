import type {
  ActionResponsible,
  ActionSeverity,
  CorrectiveActionDetail,
  CreateActionInput,
  ProductImpact,
  Site,
  UpdateActionInput,
} from '@rondin/contracts';
import { ACTION_RESPONSIBLES, ACTION_SEVERITIES, PRODUCT_IMPACTS } from '@rondin/contracts/action-names';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useAddActionPhoto } from '../api/add-action-photo';
import { useCreateAction } from '../api/create-action';
import { useUpdateAction } from '../api/update-action';
import { ACTION_MESSAGES as TEXT } from '../messages';
import { formatDay } from '../utils/format-day';
import { PhotoPicker, usePhotoUploads } from './photo-picker';

/** The next week's day, YYYY-MM-DD in the browser's calendar: a new action's default due date. */
function inAWeek(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

interface Values {
  siteId: string;
  origin: 'MANUAL' | 'RECOMENDACION';
  area: string;
  description: string;
  severity: ActionSeverity;
  immediateCorrection: string;
  rootCause: string;
  preventiveAction: string;
  productImpactKind: ProductImpact | '';
  productImpact: string;
  dueDate: string;
  responsible: ActionResponsible | '';
  responsibleName: string;
  verificationPlan: string;
  reason: string;
}

function initialValues(sites: readonly Site[], action: CorrectiveActionDetail | undefined): Values {
  return {
    siteId: action ? String(action.site.id) : sites.length === 1 ? String(sites[0]!.id) : '',
    origin: 'MANUAL',
    area: action?.area ?? '',
    description: action?.description ?? '',
    severity: action?.severity ?? 'MEDIA',
    immediateCorrection: action?.immediateCorrection ?? '',
    rootCause: action?.rootCause ?? '',
    preventiveAction: action?.preventiveAction ?? '',
    productImpactKind: action?.productImpactKind ?? '',
    productImpact: action?.productImpact ?? '',
    dueDate: action?.dueDate ?? inAWeek(),
    // A new recommendation is the client's unless told: the server decides when left empty.
    responsible: action?.responsible ?? '',
    responsibleName: action?.responsibleName ?? '',
    verificationPlan: action?.verificationPlan ?? '',
    reason: '',
  };
}

/** The fields an edit sends: only those that changed, so the history records only real changes. */
function changedFields(action: CorrectiveActionDetail, values: Values): UpdateActionInput {
  const changes: UpdateActionInput = {};
  const text = (value: string) => (value.trim() === '' ? null : value);
  if (values.description !== action.description) changes.description = values.description;
  if (values.severity !== action.severity) changes.severity = values.severity;
  const texts = ['immediateCorrection', 'rootCause', 'preventiveAction', 'productImpact', 'verificationPlan'] as const;
  for (const field of texts) {
    if ((text(values[field]) ?? null) !== (action[field] ?? null)) changes[field] = text(values[field]);
  }
  if ((values.productImpactKind || null) !== action.productImpactKind) {
    changes.productImpactKind = values.productImpactKind || null;
  }
  if (values.dueDate !== action.dueDate) changes.dueDate = values.dueDate;
  if (values.responsible && values.responsible !== action.responsible) changes.responsible = values.responsible;
  if ((text(values.responsibleName) ?? null) !== action.responsibleName) {
    changes.responsibleName = text(values.responsibleName);
  }
  if (values.reason.trim() && (changes.dueDate || changes.responsible || changes.responsibleName !== undefined)) {
    changes.reason = values.reason;
  }
  return changes;
}

/**
 * A corrective action's form: a new one (MANUAL, or a recommendation to the client) or an open one edited. Every
 * field the action keeps, photos chosen here are uploaded once it is saved; moving the due date later asks why.
 */
export function ActionFormModal({
  sites,
  action,
  onClose,
  onSaved,
}: {
  /** The sites to choose from when creating; the first is chosen when there is only one. */
  sites: readonly Site[];
  /** The action edited; none to create one. */
  action?: CorrectiveActionDetail;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const create = useCreateAction();
  const update = useUpdateAction();
  const addPhoto = useAddActionPhoto();
  const uploads = usePhotoUploads();
  const [values, setValues] = useState(() => initialValues(sites, action));
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [uploading, setUploading] = useState(false);
  const ids = {
    site: useId(),
    origin: useId(),
    area: useId(),
    description: useId(),
    severity: useId(),
    immediateCorrection: useId(),
    rootCause: useId(),
    preventiveAction: useId(),
    productImpactKind: useId(),
    productImpact: useId(),
    due: useId(),
    reason: useId(),
    reasonHint: useId(),
    responsible: useId(),
    responsibleName: useId(),
    verificationPlan: useId(),
  };
  const set = (changes: Partial<Values>) => setValues((current) => ({ ...current, ...changes }));
  const saving = create.isPending || update.isPending || uploading;
  const postponed = action !== undefined && values.dueDate > action.dueDate;
  const responsibleChanged =
    action !== undefined &&
    ((values.responsible !== '' && values.responsible !== action.responsible) ||
      (values.responsibleName.trim() || null) !== action.responsibleName);

  /** Uploads the chosen photos one by one; answers whether every one was kept. */
  async function uploadPhotos(actionId: number): Promise<boolean> {
    let failed = false;
    setUploading(true);
    for (const file of uploads.files) {
      try {
        await addPhoto.mutateAsync({ actionId, file });
      } catch {
        failed = true;
      }
    }
    setUploading(false);
    return !failed;
  }

  async function finish(actionId: number) {
    if (uploads.files.length > 0 && !(await uploadPhotos(actionId))) {
      setNotice({ tone: 'error', text: TEXT.photosFailedAfterSave, detail: serverMessage(addPhoto.error) });
      return;
    }
    onSaved(actionId);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (uploads.problem) return;
    const fail = (error: Error) =>
      setNotice({ tone: 'error', text: action ? TEXT.editFailed : TEXT.createFailed, detail: serverMessage(error) });
    const text = (value: string) => (value.trim() === '' ? null : value);
    if (action) {
      const changes = changedFields(action, values);
      if (Object.keys(changes).length === 0) {
        void finish(action.id);
        return;
      }
      update.mutate({ id: action.id, changes }, { onSuccess: () => void finish(action.id), onError: fail });
      return;
    }
    const body: CreateActionInput = {
      siteId: Number(values.siteId),
      origin: values.origin,
      area: text(values.area),
      description: values.description,
      severity: values.severity,
      immediateCorrection: text(values.immediateCorrection),
      rootCause: text(values.rootCause),
      preventiveAction: text(values.preventiveAction),
      productImpactKind: values.productImpactKind || null,
      productImpact: text(values.productImpact),
      dueDate: values.dueDate,
      ...(values.responsible ? { responsible: values.responsible } : {}),
      responsibleName: text(values.responsibleName),
      verificationPlan: text(values.verificationPlan),
    };
    create.mutate(body, { onSuccess: (created) => void finish(created.id), onError: fail });
  }

  const textArea = (field: keyof Values & keyof typeof ids, label: string, required = false): ReactNode => (
    <div className="field">
      <label htmlFor={ids[field]}>{label}</label>
      <textarea
        id={ids[field]}
        required={required}
        rows={2}
        maxLength={2000}
        value={values[field]}
        onChange={(event) => set({ [field]: event.target.value })}
      />
    </div>
  );

  return (
    <Modal title={action ? TEXT.editTitle(action.id) : TEXT.newAction} onClose={onClose} locked={saving}>
      <form className="form action-form" onSubmit={submit}>
        {notice ? <Notice notice={notice} /> : null}
        <fieldset className="action-form__section">
          <legend>{TEXT.sections.what}</legend>
          {!action && sites.length > 1 ? (
            <div className="field">
              <label htmlFor={ids.site}>{TEXT.fields.site}</label>
              <select
                id={ids.site}
                required
                value={values.siteId}
                onChange={(event) => set({ siteId: event.target.value })}
              >
                <option value="">{TEXT.chooseSite}</option>
                {sites.map((site) => (
                  <option key={site.id} value={site.id}>
                    {site.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {action ? null : (
            <div className="action-form__row">
              <div className="field">
                <label htmlFor={ids.origin}>{TEXT.fields.origin}</label>
                <select
                  id={ids.origin}
                  value={values.origin}
                  onChange={(event) => set({ origin: event.target.value as Values['origin'] })}
                >
                  <option value="MANUAL">{TEXT.originNames.MANUAL}</option>
                  <option value="RECOMENDACION">{TEXT.originNames.RECOMENDACION}</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.area}>{TEXT.fields.area}</label>
                <input
                  id={ids.area}
                  maxLength={2000}
                  value={values.area}
                  onChange={(event) => set({ area: event.target.value })}
                />
              </div>
            </div>
          )}
          {textArea('description', TEXT.fields.description, true)}
          <div className="action-form__row">
            <div className="field">
              <label htmlFor={ids.severity}>{TEXT.fields.severity}</label>
              <select
                id={ids.severity}
                value={values.severity}
                onChange={(event) => set({ severity: event.target.value as ActionSeverity })}
              >
                {ACTION_SEVERITIES.map((severity) => (
                  <option key={severity} value={severity}>
                    {TEXT.severityNames[severity]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.productImpactKind}>{TEXT.fields.productImpact}</label>
              <select
                id={ids.productImpactKind}
                value={values.productImpactKind}
                onChange={(event) => set({ productImpactKind: event.target.value as Values['productImpactKind'] })}
              >
                <option value="">{TEXT.notStated}</option>
                {PRODUCT_IMPACTS.map((impact) => (
                  <option key={impact} value={impact}>
                    {TEXT.productImpactNames[impact]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {textArea('productImpact', TEXT.fields.productImpactNote)}
          {textArea('immediateCorrection', TEXT.fields.immediateCorrection)}
        </fieldset>
        <fieldset className="action-form__section">
          <legend>{TEXT.sections.analysis}</legend>
          {textArea('rootCause', TEXT.fields.rootCause)}
          {textArea('preventiveAction', TEXT.fields.preventiveAction)}
          {textArea('verificationPlan', TEXT.fields.verificationPlan)}
        </fieldset>
        <fieldset className="action-form__section">
          <legend>{TEXT.sections.who}</legend>
          <div className="action-form__row">
            <div className="field">
              <label htmlFor={ids.responsible}>{TEXT.fields.responsible}</label>
              <select
                id={ids.responsible}
                value={values.responsible}
                onChange={(event) => set({ responsible: event.target.value as Values['responsible'] })}
              >
                {action ? null : <option value="">{TEXT.byOrigin}</option>}
                {ACTION_RESPONSIBLES.map((responsible) => (
                  <option key={responsible} value={responsible}>
                    {TEXT.responsibleNames[responsible]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.responsibleName}>{TEXT.responsibleNameLabel}</label>
              <input
                id={ids.responsibleName}
                maxLength={2000}
                value={values.responsibleName}
                onChange={(event) => set({ responsibleName: event.target.value })}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={ids.due}>{TEXT.fields.due}</label>
            <input
              id={ids.due}
              type="date"
              required
              value={values.dueDate}
              onChange={(event) => set({ dueDate: event.target.value })}
            />
          </div>
          {postponed || responsibleChanged ? (
            <div className="field">
              <label htmlFor={ids.reason}>{postponed ? TEXT.postponeReason : TEXT.changeReason}</label>
              {postponed ? (
                <p className="field-hint" id={ids.reasonHint}>
                  {TEXT.postponeHint(formatDay(action!.dueDate))}
                </p>
              ) : null}
              <textarea
                id={ids.reason}
                rows={2}
                maxLength={2000}
                required={postponed}
                aria-describedby={postponed ? ids.reasonHint : undefined}
                value={values.reason}
                onChange={(event) => set({ reason: event.target.value })}
              />
            </div>
          ) : null}
        </fieldset>
        <fieldset className="action-form__section">
          <legend>{TEXT.sections.evidence}</legend>
          <PhotoPicker uploads={uploads} />
        </fieldset>
        <FormActions
          saving={saving}
          submitLabel={action ? TEXT.saveChanges : TEXT.create}
          savingLabel={uploading ? TEXT.uploadingPhotos : TEXT.saving}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
