import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { DROPDOWN_LIMIT, fetchNotifications, notificationKeys, type AppNotification } from '../api/notifications';
import { splitByDay, timeAgo } from '../format';
import { useNotificationActions } from '../hooks/useNotifications';
import { reminderDataOf } from '../api/reminders';
import { NotificationItem, useOpenNotification } from './NotificationBell';
import { ReminderLists } from './ReminderLists';
import './notifications.css';

function useNotificationPages(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'pages', unreadOnly],
    queryFn: ({ pageParam }) => fetchNotifications(unreadOnly, DROPDOWN_LIMIT, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
}

function Section({ title, items, onOpen }: { title: string; items: AppNotification[]; onOpen(n: AppNotification): void }) {
  if (items.length === 0) return null;
  return (
    <section className="note-page__section" aria-label={title}>
      <h2>{title}</h2>
      <div className="note-page__list" role="menu">
        {items.map((n) => <NotificationItem key={n.id} n={n} onOpen={onOpen} />)}
      </div>
    </section>
  );
}

/** /notifications: All or Unread, Recent (today) and Earlier, Mark all as read, settings. */
export function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pages = useNotificationPages(unreadOnly);
  const { markAllRead } = useNotificationActions();
  const open = useOpenNotification();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const { recent, earlier } = splitByDay(items);

  return (
    <div>
      <PageHeader title="Notifications" />
      <div className="note-page__toolbar">
        <div className="note-page__filters" role="group" aria-label="Filter">
          <button type="button" aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>All</button>
          <button type="button" aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>Unread</button>
        </div>
        <button type="button" className="note-link-button" onClick={() => markAllRead.mutate()} disabled={markAllRead.isPending}>Mark all as read</button>
        <Link to="/profile/notifications">Notification settings</Link>
      </div>
      {pages.isPending ? (
        <PageLoader label="Loading notifications…" />
      ) : pages.isError ? (
        <ErrorState message={pages.error.message} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <div className="panel"><p style={{ margin: 0 }}>{unreadOnly ? 'No unread notifications.' : 'You have no notifications yet.'}</p></div>
      ) : (
        <>
          <Section title="Recent" items={recent} onOpen={open} />
          <Section title="Earlier" items={earlier} onOpen={open} />
          {pages.hasNextPage && (
            <p><button type="button" className="note-link-button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>View all</button></p>
          )}
        </>
      )}
    </div>
  );
}

/** /notifications/{id}: one notification; opening it marks it read. A reminder lists its closures. */
export function NotificationDetailPage() {
  const { id = '' } = useParams();
  const pages = useNotificationPages(false);
  const { markRead } = useNotificationActions();
  const found = pages.data?.pages.flatMap((p) => p.items).find((n) => n.id === id);
  const needsMore = !found && pages.hasNextPage && !pages.isFetchingNextPage;
  useEffect(() => {
    if (needsMore) void pages.fetchNextPage();
  }, [needsMore, pages]);
  const reminder = found ? reminderDataOf(found) : undefined;
  const unreadId = found && !found.read ? found.id : null;
  useEffect(() => {
    if (unreadId) markRead.mutate(unreadId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadId]);

  return (
    <div>
      <PageHeader title="Notification" />
      {pages.isPending || needsMore || pages.isFetchingNextPage ? (
        <PageLoader label="Loading notification…" />
      ) : !found ? (
        <ErrorState message={`Notification with id '${id}' does not exist`} />
      ) : (
        <article className="panel">
          <h2>{found.title}</h2>
          {found.body && <p>{found.body}</p>}
          <p className="muted">{timeAgo(found.timestamp)}</p>
          {reminder && <ReminderLists notificationId={found.id} data={reminder} />}
          {found.redirectTo && <Link to={found.redirectTo}>Open →</Link>}
        </article>
      )}
      <p className="muted" style={{ marginTop: 16 }}><Link to="/notifications">All notifications</Link></p>
    </div>
  );
}
