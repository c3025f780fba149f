import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAssessment } from '../../../features/assessments/api/get-assessments';
import { AssessmentScreen } from '../../../features/assessments/components/assessment-screen';
import { OfflineBar } from '../../../features/offline/components/offline-bar';
import { getTrapAreas } from '../../../features/traps/api/get-trap-areas';
import { TrendReportTables } from '../../../features/trends/components/trend-report-tables';
import { queryKeys } from '../../../lib/query-keys';
import { useAssessmentOutbox } from '../../assessment-outbox';
import { scanQueue } from '../../offline-scans';
import { parseRouteId } from '../../route-id';

const NO_AREAS: readonly string[] = [];

/**
 * One assessment for the office: the walk starts from the areas of the site's active devices. The office's layout
 * has no offline bar, so this screen shows what the queue refused.
 */
export default function AdminAssessmentRoute() {
  const id = parseRouteId(useParams().id);
  const outbox = useAssessmentOutbox();
  const siteId = useAssessment(id ?? 0).data?.site.id;
  const areas = useQuery({
    queryKey: queryKeys.trapAreas(siteId),
    queryFn: ({ signal }) => getTrapAreas(siteId, signal),
    enabled: siteId !== undefined,
  });
  const siteAreas = useMemo(
    () =>
      areas.data
        ?.flatMap((row) => (row.area && row.active > 0 ? [row.area] : []))
        .sort((a, b) => a.localeCompare(b, 'es')) ?? NO_AREAS,
    [areas.data],
  );
  if (id === null) return <Navigate to="/admin/sites" replace />;
  return (
    <>
      <OfflineBar queue={scanQueue} />
      <AssessmentScreen
        id={id}
        sitePath={(site) => `/admin/sites/${site}`}
        assessmentPath="/admin/assessments"
        siteAreas={siteAreas}
        outbox={outbox}
        TrendTable={TrendReportTables}
        actionPath={(action) => `/admin/actions/${action}`}
        contractedCoverage
      />
    </>
  );
}
