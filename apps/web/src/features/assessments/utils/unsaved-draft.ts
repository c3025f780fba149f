import type { UpdateAssessmentInput } from '@rondin/contracts';
import { PEST_CONDITIONS, PEST_PRESSURES } from '@rondin/contracts/assessment-names';

/**
 * A draft's latest change that no save has yet handed to the server or the device's queue, kept in localStorage.
 * The queue is IndexedDB, whose write finishes a moment after it starts: a phone that ends the page just after a
 * change (before the walk's pause, or while the save leaving on pagehide is being written) would take the change
 * with it. localStorage is written before the call returns, so the change outlives the page and the walk reopens
 * on it (and saves it) next time.
 */
const key = (assessmentId: number) => `rondin.assessment-unsaved.${assessmentId}`;

/** Keeps `json` (a save's body, JSON) as the draft's unsaved change; the queue still saves it if storage is full. */
export function keepUnsaved(assessmentId: number, json: string): void {
  try {
    localStorage.setItem(key(assessmentId), json);
  } catch {
    // Full or refused (private mode): the save through the queue is still on its way.
  }
}

/** The draft's change no save has taken, if the page ended before one did; null when none (or unreadable). */
export function readUnsaved(assessmentId: number): UpdateAssessmentInput | null {
  try {
    const raw = localStorage.getItem(key(assessmentId));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    // Written by keepUnsaved from a save's body; anything else (edited by hand, an older shape) is not opened. The
    // server checks the rest when it is saved.
    return isSaveBody(value) ? value : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown) => Array.isArray(value) && value.every((each) => typeof each === 'string');
const isOneOf = (names: readonly string[], value: unknown) => typeof value === 'string' && names.includes(value);
const isText = (value: unknown) => value === null || typeof value === 'string';

/** The shape of a save's body (utils/draft.ts draftBody), which is what openDraft reads. */
function isSaveBody(value: unknown): value is UpdateAssessmentInput {
  if (!isObject(value)) return false;
  const { areas, conclusions, recommendations } = value;
  return (
    Array.isArray(areas) &&
    areas.every(
      (area) =>
        isObject(area) &&
        typeof area.area === 'string' &&
        isOneOf(PEST_PRESSURES, area.pressure) &&
        Array.isArray(area.conditions) &&
        area.conditions.every((condition) => isOneOf(PEST_CONDITIONS, condition)) &&
        isText(area.notes) &&
        isStrings(area.photoIds),
    ) &&
    isText(conclusions) &&
    Array.isArray(recommendations) &&
    recommendations.every((row) => isObject(row) && typeof row.text === 'string' && typeof row.dueDate === 'string')
  );
}

/** A save holding `json` reached the server or the queue: the copy goes, unless a later change replaced it. */
export function dropUnsaved(assessmentId: number, json: string): void {
  try {
    if (localStorage.getItem(key(assessmentId)) === json) localStorage.removeItem(key(assessmentId));
  } catch {
    // Storage refused: there is nothing of ours in it.
  }
}
