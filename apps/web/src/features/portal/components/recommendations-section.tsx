import { QueryState } from '../../../components/ui/query-state';
import { usePortalActions } from '../api/get-portal-actions';
import { RECOMMENDATION_MESSAGES as TEXT } from '../messages';
import { RecommendationCard } from './recommendation-card';

/** The site's recommendations, those waiting for her first, then those in progress, then the closed ones. */
export function RecommendationsSection({ siteId }: { siteId: number }) {
  const actions = usePortalActions(siteId);
  const list = (actions.data?.items ?? [])
    .filter((action) => action.responsible === 'CLIENTE')
    .sort((a, b) => rank(a) - rank(b) || a.dueDate.localeCompare(b.dueDate));
  return (
    <section className="panel portal-section" aria-labelledby="portal-recommendations">
      <h2 id="portal-recommendations" className="panel__title">
        {TEXT.title}
      </h2>
      <p className="panel__text">{TEXT.intro}</p>
      <QueryState
        isPending={actions.isPending}
        isError={actions.isError}
        error={actions.error}
        isEmpty={list.length === 0}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={TEXT.empty}
        onRetry={() => void actions.refetch()}
      >
        <ul className="portal-list portal-list--cards">
          {list.map((action) => (
            <li key={action.id}>
              <RecommendationCard action={action} />
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function rank(action: { status: string; acknowledgement: unknown }): number {
  if (action.status === 'CERRADA') return 2;
  return action.acknowledgement === null ? 0 : 1;
}
