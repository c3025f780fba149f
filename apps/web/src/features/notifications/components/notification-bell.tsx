import './notification-bell.css';
import type { Notification } from '@rondin/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';

const countText = (unread: number) =>
  unread === 0
    ? 'Sin notificaciones nuevas'
    : unread === 1
      ? '1 notificación sin leer'
      : `${unread} notificaciones sin leer`;

/**
 * The bell in every layout's top bar: how many notifications are unread (read out when it changes), and a
 * panel listing the latest, each a link to what it is about, 20 at a time («Ver más» adds the older ones);
 * opening one marks it read.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useNotifications();
  const unread = data?.pages[0]?.unread ?? 0;
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button bell__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Notificaciones: ${countText(unread).toLowerCase()}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {unread > 0 ? countText(unread) : ''}
      </span>
      {open ? (
        <NotificationPanel
          id={panelId}
          items={items}
          unread={unread}
          onClose={() => setOpen(false)}
          more={hasNextPage ? { loading: isFetchingNextPage, load: () => void fetchNextPage() } : undefined}
        />
      ) : null}
    </div>
  );
}

function NotificationPanel({
  id,
  items,
  unread,
  onClose,
  more,
}: {
  id: string;
  items: Notification[];
  unread: number;
  onClose: () => void;
  /** Set while older notifications are left to load. */
  more: { loading: boolean; load: () => void } | undefined;
}) {
  const markRead = useMarkNotificationsRead();
  const unreadIds = items.filter((item) => item.readAt === null).map((item) => item.id);
  return (
    <section id={id} className="bell__panel" aria-label="Notificaciones">
      <header className="bell__head">
        <h2 className="bell__title">Notificaciones</h2>
        {unread > 0 && unreadIds.length > 0 ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => markRead.mutate(unreadIds)}
          >
            Marcar todas como leídas
          </button>
        ) : null}
      </header>
      {items.length === 0 ? (
        <p className="bell__empty">No tienes notificaciones.</p>
      ) : (
        <ul className="bell__list">
          {items.map((item) => {
            const content = (
              <>
                <span className="bell__item-title">{item.title}</span>
                <span className="bell__item-body">{item.body}</span>
                <time className="bell__item-time" dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt)}
                </time>
              </>
            );
            const read = () => {
              if (item.readAt === null) markRead.mutate([item.id]);
            };
            return (
              <li key={item.id} className={item.readAt === null ? 'bell__item bell__item--unread' : 'bell__item'}>
                {item.readAt === null ? <span className="visually-hidden">Sin leer: </span> : null}
                {item.link ? (
                  <Link
                    to={item.link}
                    className="bell__item-link"
                    onClick={() => {
                      read();
                      onClose();
                    }}
                  >
                    {content}
                  </Link>
                ) : (
                  <button type="button" className="bell__item-link" onClick={read}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {more ? (
        <div className="bell__more">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={more.loading}
            onClick={more.load}
          >
            {more.loading ? 'Cargando…' : 'Ver más'}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
