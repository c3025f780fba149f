import type { Pest, PutFindingInput } from '@rondin/contracts';
import type { PestGroup, TrapType } from '@rondin/contracts/devices';
import {
  ACTIVITY_NAMES,
  type ActivityLevel,
  activityRank,
  type BaitConsumption,
  type BaitState,
  type CaptureBand,
  DEVICE_STATUS_NAMES,
  type DeviceStatus,
  deriveActivity,
  type Evidence,
  FINDING_ACTION_NAMES,
  FINDING_FIELDS,
  type FindingAction,
  type FindingInput,
  findingProblems,
  loweredFacts,
  type PestGroupOf,
  type RecordedFacts,
} from '@rondin/contracts/finding-rules';
import { FINDINGS_MESSAGES as TEXT } from '../messages';

/** One pest's row in the form: counted one by one, or, on a saturated board, by band. */
export interface CaptureDraft {
  pestId: number;
  count: number;
  band: CaptureBand | null;
}

/** What the findings form holds while the technician fills it in. */
export interface FindingDraft {
  deviceStatus: DeviceStatus;
  /** The level the technician chose; null leaves it to what the finding shows (the server derives it too). */
  activity: ActivityLevel | null;
  baitConsumption: BaitConsumption | null;
  baitState: BaitState | null;
  /** One row per pest offered, in the order shown. */
  captures: CaptureDraft[];
  /** A saturated glue board or light trap: catches are given in bands, not counted. */
  saturated: boolean;
  evidence: Evidence[];
  actions: FindingAction[];
  notes: string;
}

/** The body of a finding, without its id and time (given when it is recorded). */
export type FindingFields = Omit<PutFindingInput, 'clientFindingId' | 'recordedAt'>;

/** The fields of a bait station (and of a device nobody classified) ask for the bait. */
export const asksBait = (type: TrapType): boolean => FINDING_FIELDS[type].bait;
export const asksCaptures = (type: TrapType): boolean => FINDING_FIELDS[type].captures;
export const acceptsBands = (type: TrapType): boolean => FINDING_FIELDS[type].bands;

/** The pest groups a light trap counts by (the catalogue's entries without a species): flies, moths, beetles… */
const LIGHT_TRAP_GROUPS: readonly PestGroup[] = ['VOLADORES', 'OTROS'];

/**
 * The pests the form offers first for a device of this type: those most caught at the site in devices of this
 * type (`common`, GET /sites/{id}/common-pests, most first), then the type's usual groups: a light trap counts its
 * catches by group (the catalogue's group entries, without a scientific name), every other type by species. Any
 * other active pest can be added.
 */
export function usualPests(type: TrapType, pests: readonly Pest[], common: readonly number[] = []): Pest[] {
  const active = pests.filter((pest) => pest.isActive);
  const first = common.flatMap((id) => active.filter((pest) => pest.id === id));
  const groups = FINDING_FIELDS[type].usualPestGroups;
  const usual =
    type === 'LUZ_UV'
      ? active.filter((pest) => pest.scientificName === null && LIGHT_TRAP_GROUPS.includes(pest.group))
      : active
          .filter((pest) => groups.includes(pest.group))
          .sort((a, b) => groups.indexOf(a.group) - groups.indexOf(b.group));
  return [...first, ...usual.filter((pest) => !first.includes(pest))];
}

/**
 * "Sin novedad": no activity, the device OK, nothing done. A bait station's bait was looked at and nothing was
 * eaten (0 %); the type's usual pests are offered with no catches. What one tap records.
 */
export function noNewsDraft(type: TrapType, pests: readonly Pest[], common: readonly number[] = []): FindingDraft {
  return {
    deviceStatus: 'OK',
    activity: null,
    baitConsumption: type === 'CEBADERO' ? 0 : null,
    baitState: null,
    captures: asksCaptures(type)
      ? usualPests(type, pests, common).map((pest) => ({ pestId: pest.id, count: 0, band: null }))
      : [],
    saturated: false,
    evidence: [],
    actions: [],
    notes: '',
  };
}

/** One catch as the finding sends it: counted, or by band. */
type RecordedCapture = { pestId: number; count: number } | { pestId: number; band: CaptureBand };

/** The catches the draft records: counted ones above zero, or on a saturated board the bands given above '0'. */
function recordedCaptures(draft: FindingDraft): RecordedCapture[] {
  return draft.captures.flatMap((capture): RecordedCapture[] => {
    if (draft.saturated)
      return capture.band && capture.band !== '0' ? [{ pestId: capture.pestId, band: capture.band }] : [];
    return capture.count > 0 ? [{ pestId: capture.pestId, count: capture.count }] : [];
  });
}

/** What the rules look at (finding-rules.ts), from the draft. */
function asInput(draft: FindingDraft): FindingInput {
  return {
    deviceStatus: draft.deviceStatus,
    activity: draft.activity,
    baitConsumption: draft.baitState === 'CEBO_AUSENTE' ? null : draft.baitConsumption,
    baitState: draft.baitState,
    captures: recordedCaptures(draft),
    evidence: draft.evidence,
    actions: draft.actions,
  };
}

/** The activity the draft itself shows: the least the technician may record. */
export function shownActivity(draft: FindingDraft, groupOf: PestGroupOf): ActivityLevel {
  return deriveActivity({ ...asInput(draft), activity: null }, groupOf);
}

/** The activity that will be recorded: the technician's choice, never below what the finding shows. */
export function recordedActivityOf(draft: FindingDraft, groupOf: PestGroupOf): ActivityLevel {
  const shown = shownActivity(draft, groupOf);
  return draft.activity !== null && activityRank(draft.activity) > activityRank(shown) ? draft.activity : shown;
}

/**
 * The finding's body. `activity` is sent only when the technician raised it above what the finding shows (the
 * server derives the same level otherwise); a note left empty is no note.
 */
export function findingBody(type: TrapType, draft: FindingDraft, groupOf: PestGroupOf): FindingFields {
  const input = asInput(draft);
  const raised = draft.activity !== null && activityRank(draft.activity) > activityRank(shownActivity(draft, groupOf));
  const notes = draft.notes.trim();
  return {
    deviceStatus: input.deviceStatus,
    ...(raised ? { activity: draft.activity } : {}),
    ...(asksBait(type) ? { baitConsumption: input.baitConsumption ?? null, baitState: input.baitState ?? null } : {}),
    captures: recordedCaptures(draft),
    evidence: [...input.evidence],
    actions: [...input.actions],
    notes: notes || null,
  };
}

/** Every way the draft does not fit its device's type, in the server's words; empty when it fits. */
export function draftProblems(type: TrapType, draft: FindingDraft, groupOf: PestGroupOf): string[] {
  const problems = findingProblems(type, { ...asInput(draft), activity: null }, groupOf);
  if (draft.notes.trim().length > 1000) problems.push(TEXT.notesTooLong);
  return problems;
}

/** Whether the technician changed anything from "Sin novedad". */
export function isNoNews(
  draft: FindingDraft,
  type: TrapType,
  pests: readonly Pest[],
  common: readonly number[] = [],
): boolean {
  return JSON.stringify(draft) === JSON.stringify(noNewsDraft(type, pests, common));
}

/** The evidence a device of this type is checked for: rodent signs at rodent devices, insects at insect monitors. */
const RODENT_EVIDENCE: readonly Evidence[] = ['EXCREMENTOS', 'ROEDURAS', 'HUELLAS', 'MANCHAS_GRASA', 'NIDO', 'OTRA'];
const INSECT_EVIDENCE: readonly Evidence[] = ['INSECTOS_VIVOS', 'INSECTOS_MUERTOS', 'EXCREMENTOS', 'NIDO', 'OTRA'];
export const EVIDENCE_BY_TYPE: Record<TrapType, readonly Evidence[]> = {
  CEBADERO: RODENT_EVIDENCE,
  CAPTURA: RODENT_EVIDENCE,
  LAMINA: ['INSECTOS_VIVOS', 'INSECTOS_MUERTOS', 'EXCREMENTOS', 'ROEDURAS', 'HUELLAS', 'NIDO', 'OTRA'],
  LUZ_UV: INSECT_EVIDENCE,
  FEROMONA: INSECT_EVIDENCE,
  OTRO: ['EXCREMENTOS', 'ROEDURAS', 'HUELLAS', 'MANCHAS_GRASA', 'NIDO', 'INSECTOS_VIVOS', 'INSECTOS_MUERTOS', 'OTRA'],
};

/** An action as the technician knows it at this device: a pheromone trap's bait is its lure. */
export function actionName(type: TrapType, action: FindingAction): string {
  if (action === 'CEBO_REPUESTO') {
    if (type === 'FEROMONA') return TEXT.lureChanged;
    if (type === 'CEBADERO' || type === 'CAPTURA') return TEXT.baitReplaced;
  }
  return FINDING_ACTION_NAMES[action];
}

/** A finding as the server gives it, or as it waits on the device (fields left out, activity not yet derived). */
export interface FindingLike {
  deviceStatus: DeviceStatus;
  activity?: ActivityLevel | null | undefined;
  baitConsumption?: number | null | undefined;
  baitState?: BaitState | null | undefined;
  captures?: readonly { pestId: number; count?: number | null | undefined; band?: CaptureBand | null | undefined }[];
  evidence?: readonly Evidence[] | undefined;
  actions?: readonly FindingAction[] | undefined;
  notes?: string | null | undefined;
}

/**
 * A finding in a few words, for the trap list: 'Sin novedad' when nothing was found and nothing done; else the
 * activity (worked out as the server does when the finding has not reached it yet), the catches, the bait eaten,
 * the device's state and how many actions, as far as they say something.
 */
export function findingSummary(finding: FindingLike, groupOf: PestGroupOf): string {
  const captures = finding.captures ?? [];
  const evidence = finding.evidence ?? [];
  const actions = finding.actions ?? [];
  const catches = captures.reduce((sum, capture) => sum + (capture.count ?? 0), 0);
  const banded = captures.some((capture) => capture.band != null && capture.band !== '0');
  const activity = activityOf(finding, groupOf);
  const quiet =
    activity === 'NINGUNA' &&
    finding.deviceStatus === 'OK' &&
    catches === 0 &&
    !banded &&
    !finding.baitConsumption &&
    finding.baitState == null &&
    evidence.length === 0 &&
    actions.length === 0;
  if (quiet) return TEXT.noNews;
  const parts: string[] = [ACTIVITY_NAMES[activity]];
  if (catches > 0 || banded) parts.push(banded ? TEXT.capturesBanded : TEXT.captures(catches));
  if (finding.baitState) parts.push(TEXT.baitStateShort[finding.baitState]);
  else if (finding.baitConsumption) parts.push(TEXT.consumptionShort(finding.baitConsumption));
  if (finding.deviceStatus !== 'OK') parts.push(DEVICE_STATUS_NAMES[finding.deviceStatus]);
  if (actions.length > 0) parts.push(TEXT.actionsCount(actions.length));
  return parts.join(' · ');
}

/** The activity a finding stands for: the recorded one, or what its contents show while it waits on the device. */
function activityOf(finding: FindingLike, groupOf: PestGroupOf): ActivityLevel {
  return (
    finding.activity ??
    deriveActivity(
      {
        deviceStatus: finding.deviceStatus,
        baitConsumption: finding.baitConsumption as BaitConsumption | null | undefined,
        baitState: finding.baitState,
        captures: finding.captures ?? [],
        evidence: finding.evidence ?? [],
        actions: finding.actions ?? [],
      },
      groupOf,
    )
  );
}

/**
 * The form set to a device's current finding, for «Corregir»: every catch, bait, sign and action recorded, on the
 * type's usual rows. A finding with banded catches opens as a saturated board.
 */
export function draftFromFinding(
  type: TrapType,
  finding: FindingLike,
  pests: readonly Pest[],
  groupOf: PestGroupOf,
  common: readonly number[] = [],
): FindingDraft {
  const recorded = finding.captures ?? [];
  const saturated = recorded.some((capture) => capture.band != null);
  const rows = noNewsDraft(type, pests, common).captures;
  for (const capture of recorded) {
    if (!rows.some((row) => row.pestId === capture.pestId)) rows.push({ pestId: capture.pestId, count: 0, band: null });
  }
  const captures = rows.map((row) => {
    const found = recorded.find((capture) => capture.pestId === row.pestId);
    return found ? { pestId: row.pestId, count: found.count ?? 0, band: found.band ?? null } : row;
  });
  const draft: FindingDraft = {
    deviceStatus: finding.deviceStatus,
    activity: null,
    baitConsumption: (finding.baitConsumption ?? (type === 'CEBADERO' ? 0 : null)) as BaitConsumption | null,
    baitState: finding.baitState ?? null,
    captures,
    saturated,
    evidence: [...(finding.evidence ?? [])],
    actions: [...(finding.actions ?? [])],
    notes: finding.notes ?? '',
  };
  // A level the technician raised above what the finding shows stays raised.
  const activity = activityOf(finding, groupOf);
  return activityRank(activity) > activityRank(shownActivity(draft, groupOf)) ? { ...draft, activity } : draft;
}

/** What a version holds that a later one may lower (finding-rules' `loweredFacts` compares them). */
function recordedFacts(finding: FindingLike, groupOf: PestGroupOf): RecordedFacts {
  return {
    activity: activityOf(finding, groupOf),
    baitConsumption: finding.baitConsumption ?? null,
    captures: finding.captures ?? [],
    evidence: finding.evidence ?? [],
  };
}

/**
 * How a new version lowers the current one, one phrase per way ('la actividad', 'las capturas'…); empty when it
 * lowers nothing. Such a correction needs its reason (the server refuses it without one: 422 REASON_REQUIRED),
 * so the technician can never erase what was found with a tap.
 */
export function loweredBy(before: FindingLike, after: FindingFields, groupOf: PestGroupOf): string[] {
  return loweredFacts(recordedFacts(before, groupOf), recordedFacts(after, groupOf));
}
