import type { PestGroup, ProgrammeVersion, TrapType } from '@rondin/contracts';
import { PEST_GROUP_NAMES, PEST_GROUPS, TRAP_TYPE_SHORT_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import { PROGRAMME_LIMITS, PROGRAMME_PARTIES, PROGRAMME_PARTY_NAMES } from '@rondin/contracts/programme-names';
import { SERVICE_FREQUENCIES, SERVICE_FREQUENCY_NAMES } from '@rondin/contracts/service-plan-options';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import type { ProgrammeChoices } from '../api/get-programme-choices';
import { PROGRAMME_MESSAGES as TEXT } from '../messages';

import {
  type FrequencyRow,
  frequencyRow,
  type ProgrammeFormValues,
  programmeToForm,
  type ResponsibilityRow,
  responsibilityRow,
  validateProgramme,
} from '../utils/programme-form';
import { EditableRows } from './editable-rows';

interface ProgrammeFormModalProps {
  /** The latest version, which the new one starts from; undefined for the first. */
  latest: ProgrammeVersion | undefined;
  choices: ProgrammeChoices | undefined;
  choicesState: 'pending' | 'error' | 'success';
  today: string;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (values: ProgrammeFormValues) => void;
  onClose: () => void;
}

const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list, item] : list.filter((other) => other !== item);

/** The whole programme as a form; saving it makes the next version. */
export function ProgrammeFormModal({
  latest,
  choices,
  choicesState,
  today,
  saving,
  error,
  onSubmit,
  onClose,
}: ProgrammeFormModalProps) {
  const id = useId();
  const [values, setValues] = useState<ProgrammeFormValues>(() => programmeToForm(latest, today));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof ProgrammeFormValues>(field: K, value: ProgrammeFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [field]: value }));
  };
  // The site's devices' types and areas, and any the latest version already names (a device since retired).
  const typeChoices = TRAP_TYPES.filter(
    (type) => choices?.types.includes(type) || values.frequencies.some((row) => row.type === type),
  );
  const offeredTypes: readonly TrapType[] = typeChoices.length > 0 ? typeChoices : TRAP_TYPES;
  const areaChoices = [
    ...new Set([...(choices?.areas ?? []), ...values.frequencies.flatMap((row) => (row.zone ? [row.zone] : []))]),
  ];
  const products = (choices?.products ?? []).filter(
    (product) => product.isActive || values.permittedProductIds.includes(product.id),
  );
  const setFrequency = (index: number, change: Partial<FrequencyRow>) =>
    set(
      'frequencies',
      values.frequencies.map((row, other) => (other === index ? { ...row, ...change } : row)),
    );
  const setResponsibility = (index: number, change: Partial<ResponsibilityRow>) =>
    set(
      'responsibilities',
      values.responsibilities.map((row, other) => (other === index ? { ...row, ...change } : row)),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = validateProgramme(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  const version = (latest?.version ?? 0) + 1;
  return (
    <Modal title={TEXT.formTitle(version)} onClose={onClose} locked={saving} size="large" description={TEXT.formIntro}>
      <form className="form programme-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-scope`}>
            {TEXT.scope} <span className="required-mark">(obligatorio)</span>
          </label>
          <textarea
            id={`${id}-scope`}
            rows={3}
            value={values.scope}
            maxLength={PROGRAMME_LIMITS.scope}
            onChange={(event) => set('scope', event.target.value)}
            aria-invalid={problem === TEXT.scopeRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <fieldset className="programme-form__choices">
          <legend>
            {TEXT.pestGroups} <span className="required-mark">(obligatorio)</span>
          </legend>
          {PEST_GROUPS.map((group: PestGroup) => (
            <div className="checkbox-field" key={group}>
              <input
                id={`${id}-pest-${group}`}
                type="checkbox"
                checked={values.targetPestGroups.includes(group)}
                onChange={(event) =>
                  set('targetPestGroups', toggle(values.targetPestGroups, group, event.target.checked))
                }
              />
              <label htmlFor={`${id}-pest-${group}`}>{PEST_GROUP_NAMES[group]}</label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-methods`}>
            {TEXT.methods} <span className="required-mark">(obligatorio)</span>
          </label>
          <textarea
            id={`${id}-methods`}
            rows={3}
            value={values.methods}
            maxLength={PROGRAMME_LIMITS.methods}
            onChange={(event) => set('methods', event.target.value)}
            aria-invalid={problem === TEXT.methodsRequired ? true : undefined}
          />
        </div>
        <EditableRows
          legend={TEXT.frequencies}
          hint={choicesState === 'pending' ? <p className="field-hint">{TEXT.choicesLoading}</p> : null}
          rows={values.frequencies}
          rowLabel={TEXT.frequencyRow}
          removeLabel={TEXT.removeFrequency}
          addLabel={TEXT.addFrequency}
          limit={PROGRAMME_LIMITS.frequencies}
          onChange={(rows) => set('frequencies', rows)}
          newRow={() => frequencyRow(offeredTypes[0])}
          renderFields={(row, index) => (
            <>
              <div className="field">
                <label htmlFor={`${id}-type-${row.key}`}>{TEXT.type}</label>
                <select
                  id={`${id}-type-${row.key}`}
                  value={row.type}
                  onChange={(event) => setFrequency(index, { type: event.target.value as TrapType })}
                >
                  {offeredTypes.map((type) => (
                    <option key={type} value={type}>
                      {TRAP_TYPE_SHORT_NAMES[type]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-zone-${row.key}`}>{TEXT.area}</label>
                <select
                  id={`${id}-zone-${row.key}`}
                  value={row.zone}
                  onChange={(event) => setFrequency(index, { zone: event.target.value })}
                >
                  <option value="">{TEXT.allAreas}</option>
                  {areaChoices.map((area) => (
                    <option key={area} value={area}>
                      {area}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-frequency-${row.key}`}>{TEXT.frequency}</label>
                <select
                  id={`${id}-frequency-${row.key}`}
                  value={row.frequency}
                  onChange={(event) =>
                    setFrequency(index, { frequency: event.target.value as FrequencyRow['frequency'] })
                  }
                >
                  {SERVICE_FREQUENCIES.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {SERVICE_FREQUENCY_NAMES[frequency]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
        />
        <div className="programme-form__pair">
          <div className="field">
            <label htmlFor={`${id}-hours`}>
              {TEXT.responseHours} <span className="required-mark">(obligatorio)</span>
            </label>
            <input
              id={`${id}-hours`}
              type="number"
              inputMode="numeric"
              min={1}
              max={PROGRAMME_LIMITS.responseTimeHours}
              value={values.responseTimeHours}
              onChange={(event) => set('responseTimeHours', event.target.value)}
              aria-invalid={problem === TEXT.responseTimeInvalid ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-from`}>{TEXT.effectiveFromLabel}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={values.effectiveFrom}
              onChange={(event) => set('effectiveFrom', event.target.value)}
              aria-describedby={`${id}-from-hint`}
            />
            <p id={`${id}-from-hint`} className="field-hint">
              {TEXT.effectiveFromHint}
            </p>
          </div>
        </div>
        <EditableRows
          legend={TEXT.responsibilities}
          rows={values.responsibilities}
          rowClassName="programme-form__row programme-form__row--text"
          rowLabel={TEXT.responsibilityRow}
          removeLabel={TEXT.removeResponsibility}
          addLabel={TEXT.addResponsibility}
          limit={PROGRAMME_LIMITS.responsibilities}
          onChange={(rows) => set('responsibilities', rows)}
          newRow={() => responsibilityRow()}
          renderFields={(row, index) => (
            <>
              <div className="field">
                <label htmlFor={`${id}-party-${row.key}`}>{TEXT.party}</label>
                <select
                  id={`${id}-party-${row.key}`}
                  value={row.party}
                  onChange={(event) =>
                    setResponsibility(index, { party: event.target.value as ResponsibilityRow['party'] })
                  }
                >
                  {PROGRAMME_PARTIES.map((party) => (
                    <option key={party} value={party}>
                      {PROGRAMME_PARTY_NAMES[party]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-text-${row.key}`}>{TEXT.responsibilityText}</label>
                <input
                  id={`${id}-text-${row.key}`}
                  value={row.text}
                  maxLength={PROGRAMME_LIMITS.responsibility}
                  onChange={(event) => setResponsibility(index, { text: event.target.value })}
                  aria-invalid={problem === TEXT.responsibilityEmpty && !row.text.trim() ? true : undefined}
                />
              </div>
            </>
          )}
        />
        <fieldset className="programme-form__choices">
          <legend>{TEXT.products}</legend>
          {choicesState === 'error' ? <p className="field-hint">{TEXT.choicesFailed}</p> : null}
          {choicesState === 'success' && products.length === 0 ? (
            <p className="field-hint">{TEXT.productsNoneAvailable}</p>
          ) : null}
          {products.map((product) => (
            <div className="checkbox-field" key={product.id}>
              <input
                id={`${id}-product-${product.id}`}
                type="checkbox"
                checked={values.permittedProductIds.includes(product.id)}
                onChange={(event) =>
                  set('permittedProductIds', toggle(values.permittedProductIds, product.id, event.target.checked))
                }
              />
              <label htmlFor={`${id}-product-${product.id}`}>
                {product.isActive ? product.name : `${product.name} (${TEXT.inactiveProduct})`}
              </label>
            </div>
          ))}
        </fieldset>
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={TEXT.save} onCancel={onClose} />
      </form>
    </Modal>
  );
}
