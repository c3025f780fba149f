import type { SiteRouteItem } from '@rondin/contracts';
import { useEffect, useRef, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useProposeSiteRoute, useSaveSiteRoute, useSiteRoute } from '../api/site-route';
import { ROUTE_MESSAGES as TEXT } from '../messages';

/**
 * A site's walk order («Recorrido»): its active devices in the order the technician walks them, a proposal from
 * the plans to start from, and buttons to move each device up or down (the keyboard's and a screen reader's way,
 * as much as the mouse's). Nothing changes until «Guardar recorrido»; the whole list is then saved in its order.
 */
export function RouteEditor({ siteId }: { siteId: number }) {
  const route = useSiteRoute(siteId);
  return (
    <QueryState
      isPending={route.isPending}
      isError={route.isError && !route.data}
      error={route.error}
      isEmpty={route.data?.items.length === 0}
      emptyText={TEXT.empty}
      loadingText={TEXT.loading}
      errorText={TEXT.loadFailed}
      onRetry={() => void route.refetch()}
    >
      {route.data ? <RouteList siteId={siteId} saved={route.data.items} /> : null}
    </QueryState>
  );
}

const sameOrder = (a: SiteRouteItem[], b: SiteRouteItem[]) =>
  a.length === b.length && a.every((item, index) => item.trapId === b[index]!.trapId);

function RouteList({ siteId, saved }: { siteId: number; saved: SiteRouteItem[] }) {
  const propose = useProposeSiteRoute(siteId);
  const save = useSaveSiteRoute(siteId);
  /** The order being edited; null while the saved one is shown as it is. */
  const [draft, setDraft] = useState<SiteRouteItem[] | null>(null);
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);

  // A moved row is put back in the list as a new position: focus follows the device, on the button that can
  // still move it the same way (at the top or bottom, the other one).
  useEffect(() => {
    if (focusAfterMove.current === null) return;
    buttons.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const items = draft ?? saved;
  const withoutPlace = saved.filter((item) => item.routeOrder === null).length;
  const changed = draft !== null && !sameOrder(draft, saved);
  const canSave = changed || withoutPlace > 0;

  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    const place = index + by + 1;
    const edge = by < 0 ? place === 1 : place === next.length;
    focusAfterMove.current = `${item!.trapId}:${(by < 0) !== edge ? 'up' : 'down'}`;
    setDraft(next);
    setStatus(TEXT.moved(item!.code, place));
  };

  const onPropose = () => {
    setNotice(null);
    propose.mutate(undefined, {
      onSuccess: (route) => {
        // Nothing to review when the plans propose the route already saved.
        const same = sameOrder(route.items, saved) && withoutPlace === 0;
        setDraft(same ? null : route.items);
        setStatus(same ? TEXT.proposedSame : TEXT.proposed);
      },
      onError: (error) => setNotice({ tone: 'error', text: TEXT.proposeFailed, detail: serverMessage(error) }),
    });
  };

  const onSave = () => {
    setNotice(null);
    save.mutate(
      { trapIds: items.map((item) => item.trapId) },
      {
        onSuccess: () => {
          setDraft(null);
          setStatus(TEXT.saved);
        },
        onError: (error) => setNotice({ tone: 'error', text: TEXT.saveFailed, detail: serverMessage(error) }),
      },
    );
  };

  const ref = (key: string) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(key, button);
    else buttons.current.delete(key);
  };

  return (
    <div className="route-editor">
      <div className="route-editor__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onPropose}
          disabled={propose.isPending || save.isPending}
        >
          {propose.isPending ? TEXT.proposing : TEXT.propose}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={onSave}
          disabled={!canSave || save.isPending || propose.isPending}
        >
          {save.isPending ? TEXT.saving : TEXT.save}
        </button>
        {draft !== null ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(null);
              setStatus('');
            }}
            disabled={save.isPending}
          >
            {TEXT.discard}
          </button>
        ) : null}
      </div>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <p className="route-editor__status" role="status" aria-live="polite">
        {status}
      </p>
      {changed ? <p className="route-editor__note">{TEXT.unsaved}</p> : null}
      {draft === null && withoutPlace > 0 ? (
        <p className="route-editor__note">{TEXT.notInRouteCount(withoutPlace)}</p>
      ) : null}
      <ol className="route-list" aria-label={TEXT.listLabel}>
        {items.map((item, index) => (
          <li key={item.trapId} className="route-list__item">
            <span className="route-list__place">
              {draft === null && item.routeOrder === null ? TEXT.notInRoute : formatCount(index + 1)}
            </span>
            <span className="route-list__device">
              <span className="route-list__code">{item.code}</span>
              <span className="route-list__area">{item.area ?? TEXT.noArea}</span>
            </span>
            <span className="route-list__moves">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={TEXT.up(item.code)}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                ref={ref(`${item.trapId}:up`)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={TEXT.down(item.code)}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                ref={ref(`${item.trapId}:down`)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
