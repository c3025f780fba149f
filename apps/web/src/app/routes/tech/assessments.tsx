import '../../../features/assessments/components/assessments.css';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useSites } from '../../../features/sites/api/get-sites';

/** The sites a technician can assess (the server lists the sites of their orders): each opens its «Evaluaciones». */
export default function TechAssessmentsRoute() {
  const sites = useSites();
  const active = (sites.data ?? []).filter((site) => site.isActive);
  return (
    <section aria-labelledby="tech-assessments-title">
      <h1 id="tech-assessments-title" className="assessment__title">
        Evaluaciones
      </h1>
      <p className="panel__text">
        Los sitios de tus órdenes: elige uno para ver sus evaluaciones y empezar un recorrido.
      </p>
      <QueryState
        isPending={sites.isPending}
        isError={sites.isError}
        error={sites.error}
        isEmpty={active.length === 0}
        emptyText="Todavía no tienes órdenes en ningún sitio."
        loadingText="Cargando sitios..."
        errorText="No se pudieron cargar los sitios."
        onRetry={() => void sites.refetch()}
      >
        <ul className="assessments__due-list">
          {active.map((site) => (
            <li key={site.id} className="assessments__due-item">
              <Link to={`/tech/sites/${site.id}/assessments`} className="assessments__due-name">
                {site.name}
              </Link>
              {site.client ? <span className="muted">{site.client}</span> : null}
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
