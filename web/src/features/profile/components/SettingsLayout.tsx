import { Alert } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { profileQuery, type Profile } from '../../identity/api/identity';
import './profile.css';

const tabs = [
  { to: '/profile', label: 'Profile', end: true },
  { to: '/profile/map-view', label: 'Map view', end: false },
  { to: '/profile/notifications', label: 'Notifications', end: false },
  { to: '/profile/security', label: 'Security', end: false },
];

/** User Settings shell: the tabs, the profile load, and the demo-mode lock (spec §1). */
export function SettingsLayout({ title, children }: { title: string; children: (profile: Profile) => ReactNode }) {
  const profile = useQuery(profileQuery);
  return (
    <div>
      <header className="page-header"><h1>{title}</h1></header>
      <div className="settings-layout">
        <nav className="settings-tabs" aria-label="Settings">
          {tabs.map((t) => <NavLink key={t.to} to={t.to} end={t.end}>{t.label}</NavLink>)}
        </nav>
        <div>
          {profile.isPending ? (
            <PageLoader label="Loading your settings…" />
          ) : profile.isError ? (
            <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
          ) : (
            <>
              {profile.data.demo && (
                <Alert variation="info" role="status" style={{ marginBottom: 16 }}>
                  Demo mode: the demo accounts are shared, so their settings cannot be changed.
                </Alert>
              )}
              {children(profile.data)}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
