import type { Assessment, UpdateAssessmentInput } from '@rondin/contracts';
import type { PestCondition, PestPressure } from '@rondin/contracts/assessment-names';

/** One area as the walk holds it: the pressure is unset until chosen (an area not yet walked). */
export interface AreaDraft {
  area: string;
  pressure: PestPressure | null;
  conditions: PestCondition[];
  notes: string;
  /** The clientPhotoIds of its photos, sent or waiting on the device. */
  photoIds: string[];
}

export interface RecommendationDraft {
  /** The row's key on the screen only. */
  key: string;
  text: string;
  dueDate: string;
}

export interface AssessmentDraft {
  areas: AreaDraft[];
  conclusions: string;
  recommendations: RecommendationDraft[];
}

let rowKeys = 0;
export function recommendationRow(text = '', dueDate = ''): RecommendationDraft {
  rowKeys += 1;
  return { key: `r${rowKeys}`, text, dueDate };
}

/**
 * The draft the walk opens on: the latest save still waiting on the device when there is one (it is newer than
 * the server's), else the server's; the site's areas not in it follow, not yet walked.
 */
export function openDraft(
  assessment: Assessment,
  waitingSave: UpdateAssessmentInput | null,
  siteAreas: readonly string[],
): AssessmentDraft {
  const source = waitingSave ?? assessment;
  const areas: AreaDraft[] = (source.areas ?? []).map((area) => ({
    area: area.area,
    pressure: area.pressure,
    conditions: [...(area.conditions ?? [])],
    notes: area.notes ?? '',
    photoIds: [...(area.photoIds ?? [])],
  }));
  const known = new Set(areas.map((area) => areaKey(area.area)));
  for (const area of siteAreas) {
    if (known.has(areaKey(area))) continue;
    known.add(areaKey(area));
    areas.push({ area, pressure: null, conditions: [], notes: '', photoIds: [] });
  }
  return {
    areas,
    conclusions: source.conclusions ?? '',
    recommendations: (source.recommendations ?? []).map((row) => recommendationRow(row.text, row.dueDate)),
  };
}

/** Two names of one area: the server keeps each area once, any case. */
export function areaKey(area: string): string {
  return area.trim().toLocaleLowerCase('es');
}

/**
 * What a save sends: the areas walked (a pressure chosen), the conclusions, and the recommendations with a text
 * and a date; an area not yet walked, or a recommendation half written, stays on the screen until it is whole.
 */
export function draftBody(draft: AssessmentDraft): UpdateAssessmentInput {
  return {
    areas: draft.areas.flatMap((area) =>
      area.pressure === null
        ? []
        : [
            {
              area: area.area.trim(),
              pressure: area.pressure,
              conditions: area.conditions,
              notes: area.notes.trim() || null,
              photoIds: area.photoIds,
            },
          ],
    ),
    conclusions: draft.conclusions.trim() || null,
    recommendations: draft.recommendations.flatMap((row) =>
      row.text.trim() && row.dueDate ? [{ text: row.text.trim(), dueDate: row.dueDate }] : [],
    ),
  };
}

/** The first day (YYYY-MM-DD) of the quarters a review can be opened for: this one and the four before. */
export function quarterChoices(today: Date = new Date()): string[] {
  const year = today.getFullYear();
  const quarter = Math.floor(today.getMonth() / 3);
  return Array.from({ length: 5 }, (_, back) => {
    const index = year * 4 + quarter - back;
    const month = (index % 4) * 3 + 1;
    return `${Math.floor(index / 4)}-${String(month).padStart(2, '0')}-01`;
  });
}
