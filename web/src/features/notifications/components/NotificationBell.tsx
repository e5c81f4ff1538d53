import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import type { AppNotification } from '../api/notifications';
import { badgeText, timeAgo } from '../format';
import { useLiveNotifications, useMarkShownAsSeen, useNotificationActions, useNotificationList, useUnreadCount } from '../hooks/useNotifications';
import '../../../components/dropdown.css';
import './notifications.css';

export function NotificationItem({ n, onOpen }: { n: AppNotification; onOpen(n: AppNotification): void }) {
  return (
    <button type="button" role="menuitem" className={`note-item${n.read ? '' : ' note-item--unread'}`} data-notification-id={n.id} onClick={() => onOpen(n)}>
      <span className="note-item__title">{n.title}</span>
      {n.body && <span className="note-item__body">{n.body}</span>}
      <small className="note-item__time">{timeAgo(n.timestamp)}</small>
    </button>
  );
}

/** Opening a notification: mark it read (seen with it), then go where it points. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const { markRead } = useNotificationActions();
  return (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    navigate(n.redirectTo ?? `/notifications/${encodeURIComponent(n.id)}`);
  };
}

/** The nav bell for a signed-in user: unread badge, the 10 newest, live updates with toasts. */
export function NotificationBell({ icon }: { icon: React.ReactNode }) {
  const { me } = useAuth();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const list = useNotificationList(false);
  const unread = useUnreadCount(true);
  const { markAllRead } = useNotificationActions();
  const openNotification = useOpenNotification();
  useLiveNotifications(me?.uid);

  const items = list.data?.items ?? [];
  // Spec §4: what the open dropdown shows unseen becomes seen once it has stayed open for a second.
  useMarkShownAsSeen(open, items);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const badge = badgeText(unread.count, unread.hasMore);
  return (
    <div className="dropdown dropdown--end note-bell" ref={rootRef}>
      <button
        type="button"
        className="nav-link nav-link--icon note-bell__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        onClick={() => setOpen((v) => !v)}
      >
        {icon}
        {badge && <span className="note-bell__badge" data-testid="unread-count">{badge}</span>}
      </button>
      {open && (
        <div className="dropdown__menu note-bell__menu" role="menu" aria-label="Notifications">
          <div className="dropdown__header note-bell__header">
            <strong className="dropdown__title">Notifications</strong>
            {unread.count > 0 && (
              // Inside a menu every control is a menu item, for screen readers and arrow keys alike.
              <button type="button" role="menuitem" className="note-link-button" onClick={() => markAllRead.mutate()}>
                Mark all as read
              </button>
            )}
          </div>
          {list.isPending ? (
            <div className="dropdown__empty">Loading…</div>
          ) : list.isError ? (
            <div className="dropdown__empty">Notifications could not be loaded.</div>
          ) : items.length === 0 ? (
            <div className="dropdown__empty">You have no notifications yet.</div>
          ) : (
            <div className="note-bell__list">
              {items.map((n) => (
                <NotificationItem key={n.id} n={n} onOpen={(x) => { setOpen(false); openNotification(x); }} />
              ))}
            </div>
          )}
          <div className="note-bell__footer">
            <Link to="/notifications" role="menuitem" className="dropdown__item" onClick={() => setOpen(false)}>View all</Link>
            <Link to="/profile/notifications" role="menuitem" className="dropdown__item" onClick={() => setOpen(false)}>Notification settings</Link>
          </div>
        </div>
      )}
    </div>
  );
}
