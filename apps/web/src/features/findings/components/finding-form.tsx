import type { Pest } from '@rondin/contracts';
import type { TrapType } from '@rondin/contracts/devices';
import {
  ACTIVITY_LEVELS,
  ACTIVITY_NAMES,
  activityRank,
  BAIT_CONSUMPTIONS,
  BAIT_STATE_NAMES,
  BAIT_STATES,
  type BaitState,
  DEVICE_STATUS_NAMES,
  EVIDENCE_NAMES,
  FINDING_FIELDS,
  FINDING_NOTES_MAX,
  type PestGroupOf,
} from '@rondin/contracts/finding-rules';
import { useId } from 'react';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import {
  acceptsBands,
  actionName,
  asksBait,
  asksCaptures,
  EVIDENCE_BY_TYPE,
  type FindingDraft,
  shownActivity,
} from '../utils/finding-form';
import { CaptureRows } from './capture-rows';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { type DraftPhoto, PhotoPicker } from './photo-picker';

interface FindingFormProps {
  type: TrapType;
  trapCode: string;
  draft: FindingDraft;
  onChange: (draft: FindingDraft) => void;
  photos: readonly DraftPhoto[];
  onPhotosChange: (photos: DraftPhoto[]) => void;
  /** Photos of the item already on the server or waiting on the device. */
  photosTaken: number;
  pests: readonly Pest[] | undefined;
  /** The pests most caught at the site in devices of this type, most first. */
  commonPests: readonly number[];
  groupOf: PestGroupOf;
}

/** 'Cebo presente' is no bait state (null); the form needs a value for it. */
const PRESENT = 'PRESENTE';

/**
 * What the technician found, with the fields of this device's type (finding-rules.ts): its state, the bait, the
 * catches, the evidence, the activity (never below what the rest shows), the actions, a note and photos.
 */
export function FindingForm({
  type,
  trapCode,
  draft,
  onChange,
  photos,
  onPhotosChange,
  photosTaken,
  pests,
  commonPests,
  groupOf,
}: FindingFormProps) {
  const notesId = useId();
  const notesHintId = useId();
  const fields = FINDING_FIELDS[type];
  const set = (change: Partial<FindingDraft>) => onChange({ ...draft, ...change });
  const toggle = <Value,>(list: readonly Value[], value: Value, on: boolean) =>
    on ? [...list, value] : list.filter((each) => each !== value);
  const shown = shownActivity(draft, groupOf);
  const activity =
    draft.activity !== null && activityRank(draft.activity) > activityRank(shown) ? draft.activity : shown;

  return (
    <div className="finding-form">
      <ChoiceChips
        legend={TEXT.deviceStatus}
        options={fields.deviceStatuses.map((status) => ({ value: status, label: DEVICE_STATUS_NAMES[status] }))}
        selected={draft.deviceStatus}
        onChange={(deviceStatus) => set({ deviceStatus })}
      />
      {asksBait(type) ? (
        <>
          <ChoiceChips
            legend={TEXT.baitState}
            options={[
              { value: PRESENT, label: TEXT.baitPresent },
              ...BAIT_STATES.map((state) => ({ value: state, label: BAIT_STATE_NAMES[state] })),
            ]}
            selected={draft.baitState ?? PRESENT}
            onChange={(value) => {
              const baitState = value === PRESENT ? null : (value as BaitState);
              // Absent bait was not eaten: no consumption goes with it.
              set({ baitState, baitConsumption: baitState === 'CEBO_AUSENTE' ? null : (draft.baitConsumption ?? 0) });
            }}
          />
          {draft.baitState === 'CEBO_AUSENTE' ? null : (
            <ChoiceChips
              legend={TEXT.consumption}
              options={BAIT_CONSUMPTIONS.map((percent) => ({ value: percent, label: TEXT.consumptionValue(percent) }))}
              selected={draft.baitConsumption ?? 0}
              onChange={(baitConsumption) => set({ baitConsumption })}
            />
          )}
        </>
      ) : null}
      {asksCaptures(type) ? (
        <CaptureRows
          captures={draft.captures}
          pests={pests}
          common={commonPests}
          saturated={draft.saturated}
          bands={acceptsBands(type)}
          byGroup={type === 'LUZ_UV'}
          onChange={(captures) => set({ captures })}
          onSaturatedChange={(saturated) => set({ saturated })}
        />
      ) : null}
      <ChoiceChips
        legend={TEXT.evidence}
        options={EVIDENCE_BY_TYPE[type].map((kind) => ({ value: kind, label: EVIDENCE_NAMES[kind] }))}
        selected={draft.evidence}
        onChange={(kind, on) => set({ evidence: toggle(draft.evidence, kind, on) })}
      />
      <ChoiceChips
        legend={TEXT.activity}
        hint={TEXT.activityShown(ACTIVITY_NAMES[shown].toLowerCase())}
        options={ACTIVITY_LEVELS.map((level) => ({
          value: level,
          label: ACTIVITY_NAMES[level],
          disabled: activityRank(level) < activityRank(shown),
        }))}
        selected={activity}
        onChange={(level) => set({ activity: level })}
      />
      <ChoiceChips
        legend={TEXT.actions}
        options={fields.actions.map((action) => ({ value: action, label: actionName(type, action) }))}
        selected={draft.actions}
        onChange={(action, on) => set({ actions: toggle(draft.actions, action, on) })}
      />
      <div className="field">
        <label htmlFor={notesId}>{TEXT.notes}</label>
        <textarea
          id={notesId}
          rows={3}
          maxLength={FINDING_NOTES_MAX}
          aria-describedby={notesHintId}
          value={draft.notes}
          onChange={(event) => set({ notes: event.target.value })}
        />
        <p id={notesHintId} className="field-hint">
          {TEXT.notesHint}
        </p>
      </div>
      <PhotoPicker
        trapCode={trapCode}
        photos={photos}
        alreadyTaken={photosTaken}
        onChange={onPhotosChange}
        hint={draft.deviceStatus === 'MANIPULADA' ? TEXT.tamperedNeedsPhoto : null}
      />
    </div>
  );
}
