import type { PhotoPaths } from '../../../lib/use-photo';
import type { AssessmentOutbox } from '../hooks/use-draft-saver';
import type { TrendReportTable } from './quarter-figures';

export interface AssessmentScreenProps {
  id: number;
  /** The site's page, where «Volver al sitio» leads. */
  sitePath: (siteId: number) => string;
  /** Where an assessment opens: `${assessmentPath}/${id}` (a correction opens there). */
  assessmentPath: string;
  /** The site's areas the walk starts from (its devices' areas, when the viewer may read them). */
  siteAreas: readonly string[];
  outbox: AssessmentOutbox;
  TrendTable: TrendReportTable;
  actionPath: ((id: number) => string) | null;
  /**
   * A review opened before its figures held the coverage against the programme's contracted frequency reads it
   * live (the office's route).
   */
  contractedCoverage: boolean;
}

/** An assessment's photos, read under it. */
export function assessmentPhotoPaths(assessmentId: number): PhotoPaths {
  return {
    photo: (id) => `/assessments/${assessmentId}/photos/${id}`,
    thumbnail: (id) => `/assessments/${assessmentId}/photos/${id}?size=thumb`,
  };
}
