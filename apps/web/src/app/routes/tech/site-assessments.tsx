import { Link, Navigate, useParams } from 'react-router';
import { AssessmentsSection } from '../../../features/assessments/components/assessments-section';
import { useSites } from '../../../features/sites/api/get-sites';
import { parseRouteId } from '../../route-id';

/** A site's «Evaluaciones» on the technician's phone. */
export default function TechSiteAssessmentsRoute() {
  const id = parseRouteId(useParams().id);
  const site = useSites().data?.find((each) => each.id === id);
  if (id === null) return <Navigate to="/tech/assessments" replace />;
  return (
    <>
      <Link to="/tech/assessments">Todos los sitios</Link>
      {site ? <h1 className="assessment__title">{site.name}</h1> : null}
      <AssessmentsSection siteId={id} assessmentPath="/tech/assessments" />
    </>
  );
}
