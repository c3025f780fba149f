import { Navigate, useParams } from 'react-router';
import { AssessmentScreen } from '../../../features/assessments/components/assessment-screen';
import { TrendReportTables } from '../../../features/trends/components/trend-report-tables';
import { useAssessmentOutbox } from '../../assessment-outbox';
import { parseRouteId } from '../../route-id';

const NO_AREAS: readonly string[] = [];

/** One assessment on the technician's phone: the layout's offline bar already shows the queue. */
export default function TechAssessmentRoute() {
  const id = parseRouteId(useParams().id);
  const outbox = useAssessmentOutbox();
  if (id === null) return <Navigate to="/tech/assessments" replace />;
  return (
    <AssessmentScreen
      id={id}
      sitePath={(site) => `/tech/sites/${site}/assessments`}
      assessmentPath="/tech/assessments"
      siteAreas={NO_AREAS}
      outbox={outbox}
      TrendTable={TrendReportTables}
      actionPath={null}
      contractedCoverage={false}
    />
  );
}
