import './sightings.css';
import { useId } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useOpenSightings } from '../api/get-sightings';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { SightingItems } from './sightings-section';

/**
 * The dashboard's «Avistamientos abiertos»: every site's sightings whose action is still open, newest first. A
 * sighting reported anywhere shows at once (the office's socket, `sighting.created`, reads this list again).
 */
export function OpenSightingsPanel({ actionPath }: { actionPath: (actionId: number) => string }) {
  const titleId = useId();
  const open = useOpenSightings();
  const items = open.data?.items ?? [];
  const total = open.data?.openCount ?? 0;
  return (
    <section className="panel sightings" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="panel__title">
          {TEXT.dashboardTitle}
        </h2>
        <p className="panel__text">{TEXT.dashboardIntro}</p>
      </div>
      <QueryState
        isPending={open.isPending}
        isError={open.isError}
        error={open.error}
        isEmpty={items.length === 0}
        emptyText={TEXT.dashboardEmpty}
        loadingText={TEXT.listLoading}
        errorText={TEXT.listFailed}
        onRetry={() => void open.refetch()}
      >
        <p aria-live="polite">
          <strong>{TEXT.dashboardCount(total)}</strong>
          {total > items.length ? ` ${TEXT.dashboardMore(items.length, total)}` : null}
        </p>
        <SightingItems items={items} actionPath={actionPath} headingLevel={3} showSite />
      </QueryState>
    </section>
  );
}
