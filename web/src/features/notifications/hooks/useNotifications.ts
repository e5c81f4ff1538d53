import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import {
  DROPDOWN_LIMIT,
  fetchNotifications,
  markAllNotificationsRead,
  markAllNotificationsSeen,
  markNotificationRead,
  notificationKeys,
  subscribeToNotifications,
  UNREAD_COUNT_LIMIT,
  type AppNotification,
} from '../api/notifications';
import { TOAST_DURATION_MS } from '../../../components/toast/toast-context';
import { MARK_SEEN_DELAY_MS, NO_TOASTS, planToasts, type ToastsOnScreen } from '../format';
import { shouldMarkSeen, unseenKey } from '../seen-mark';

export function useNotificationList(unreadOnly: boolean, limit = DROPDOWN_LIMIT, enabled = true) {
  return useQuery({ queryKey: notificationKeys.list(unreadOnly, limit), queryFn: () => fetchNotifications(unreadOnly, limit), enabled });
}

export function useUnreadCount(enabled: boolean) {
  const unread = useNotificationList(true, UNREAD_COUNT_LIMIT, enabled);
  return { count: unread.data?.items.length ?? 0, hasMore: Boolean(unread.data?.nextToken) };
}

export function useNotificationActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  // What the person asked for fails visibly (offline, for one); marking seen is the app's own
  // background work and is tried again when the dropdown next shows the items.
  const failed = (what: string) => (error: Error) => toast.show({ kind: 'error', message: `Failed to mark ${what} as read: ${error.message}` });
  return {
    markRead: useMutation({ mutationFn: markNotificationRead, onSettled: refresh, onError: failed('the notification') }),
    markAllRead: useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh, onError: failed('all notifications') }),
    markAllSeen: useMutation({ mutationFn: markAllNotificationsSeen, onSettled: refresh }),
  };
}

/**
 * Spec §4: while the dropdown is open, what it shows unseen is marked seen after a second. Armed
 * again whenever the shown unseen set changes (a notification arriving while it is open, even
 * during a mark) and after each mark has settled and the list been read again (a failed mark, or
 * one that ran before the latest arrival was stored, leaves some unseen: they get another try).
 */
export function useMarkShownAsSeen(open: boolean, items: readonly AppNotification[]): void {
  const { markAllSeen } = useNotificationActions();
  const key = unseenKey(items);
  const [settledMarks, setSettledMarks] = useState(0);
  useEffect(() => {
    if (!shouldMarkSeen(open, key)) return;
    const timer = setTimeout(() => markAllSeen.mutate(undefined, { onSettled: () => setSettledMarks((n) => n + 1) }), MARK_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
    // markAllSeen is a new object each render; the mark depends only on these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key, settledMarks]);
}

/** Spec §9 toasts: new notifications arriving within this window are toasted together. */
const TOAST_BATCH_MS = 300;

/** onNotification for the signed-in user: refreshes the lists and toasts what arrived. */
export function useLiveNotifications(uid: string | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const pending = useRef<AppNotification[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onScreen = useRef<ToastsOnScreen>(NO_TOASTS);

  useEffect(() => {
    if (!uid) return;
    const flush = () => {
      timer.current = null;
      const arrived = pending.current;
      pending.current = [];
      const plan = planToasts(onScreen.current, arrived, Date.now(), TOAST_DURATION_MS);
      onScreen.current = plan.next;
      plan.dismiss.forEach((key) => toast.dismiss(key));
      for (const { key, title, message } of plan.show) toast.show({ kind: 'info', key, title, message });
    };
    const unsubscribe = subscribeToNotifications(
      uid,
      (n) => {
        // Show it at once in every cached list, then let the server's view replace it.
        queryClient.setQueriesData<{ items: AppNotification[]; nextToken: string | null }>({ queryKey: ['notifications', 'list'] }, (page) =>
          page && !page.items.some((i) => i.id === n.id) ? { ...page, items: [n, ...page.items] } : page,
        );
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        pending.current.push(n);
        timer.current ??= setTimeout(flush, TOAST_BATCH_MS);
      },
      // The list still loads on its own; a dropped live connection is not worth an error toast.
      (error) => console.warn('notification subscription failed', error),
    );
    return () => {
      unsubscribe();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [uid, queryClient, toast]);
}
