import { lazy, Suspense } from 'react';
import { Dropdown, type DropdownItem } from '../../../components/Dropdown';

// The live dropdown (queries, realtime, formatting) is for signed-in users only: its own chunk.
const NotificationBell = lazy(() => import('../../notifications/components/NotificationBell').then((m) => ({ default: m.NotificationBell })));

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-5.5-1.6-1.6V10a5.4 5.4 0 0 0-4.2-5.3V4a1.2 1.2 0 0 0-2.4 0v.7A5.4 5.4 0 0 0 6.6 10v4.9L5 16.5V18h14v-1.5Z" />
    </svg>
  );
}

/** Signed in: the live notification dropdown (features/notifications); otherwise a sign-in prompt. */
export function NotificationsBell({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <Suspense fallback={<span className="nav-link nav-link--icon" aria-hidden="true"><BellIcon /></span>}>
        <NotificationBell icon={<BellIcon />} />
      </Suspense>
    );
  }
  const items: DropdownItem[] = signedIn
    ? [
        { kind: 'link', label: 'View all', to: '/notifications' },
        { kind: 'link', label: 'Notification settings', to: '/profile/notifications' },
      ]
    : [{ kind: 'link', label: 'Sign in', to: '/login' }];
  return (
    <Dropdown
      label={<BellIcon />}
      ariaLabel="Notifications"
      align="end"
      buttonClassName="nav-link nav-link--icon"
      header={
        <>
          <strong className="dropdown__title">Notifications</strong>
          <span>{signedIn ? 'You have no notifications yet.' : 'Sign in to hear about closures you follow.'}</span>
        </>
      }
      items={items}
    />
  );
}
