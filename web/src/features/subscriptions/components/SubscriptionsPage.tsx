import { Link, NavLink, useLocation } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { unsubscribeFromClosure } from '../api/subscriptions';
import { useMySubscriptions, useSubscriptionChange } from '../hooks';
import { LgaSubscriptions } from './LgaSubscriptions';
import { EmailChoice } from './EmailChoice';
import { WatchZonesSection } from '../../watch-zones/components/WatchZonesSection';
import { SavedTripsSection } from './SavedTripsSection';
import '../../notifications/components/notifications.css';

/** /subscriptions/closures (default) and /subscriptions/lgas (see LgaSubscriptions). */
export function SubscriptionsPage() {
  const tab = useLocation().pathname.endsWith('/lgas') ? 'lgas' : 'closures';
  const subs = useMySubscriptions();
  const leaveClosure = useSubscriptionChange(unsubscribeFromClosure, 'Failed to unsubscribe from the closure');

  return (
    <div>
      <PageHeader title="My subscriptions" />
      <p className="muted">In-app and push notifications follow your <Link to="/profile/notifications">notification settings</Link>; choose email for each subscription here.</p>
      <nav className="subs-tabs" aria-label="Subscriptions">
        <NavLink to="/subscriptions/closures">Closures</NavLink>
        <NavLink to="/subscriptions/lgas">LGAs</NavLink>
      </nav>
      {subs.isPending ? (
        <PageLoader label="Loading your subscriptions…" />
      ) : subs.isError ? (
        <ErrorState message={subs.error.message} onRetry={() => void subs.refetch()} />
      ) : tab === 'closures' ? (
        subs.data.closures.length === 0 ? (
          <div className="panel"><p style={{ margin: 0 }}>You do not follow any closures. Open one on the <Link to="/map">map</Link> and choose Subscribe.</p></div>
        ) : (
          <ul className="subs-list">
            {subs.data.closures.map((c) => (
              <li key={c.id}>
                <div className="subs-item">
                  <div>
                    <Link to={`/map?closure=${encodeURIComponent(c.id)}`}><strong>{c.type.text}</strong></Link>
                    <div className="muted">{[c.formattedAddress, c.reason].filter(Boolean).join(' — ')}</div>
                  </div>
                  <EmailChoice kind="closure" target={c.id} name={[c.type.text, c.formattedAddress].filter(Boolean).join(', ')} />
                </div>
                <button type="button" className="amplify-button amplify-button--small" disabled={leaveClosure.isPending} onClick={() => leaveClosure.mutate(c.id)}>Unsubscribe</button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <LgaSubscriptions subs={subs.data} />
      )}
      <WatchZonesSection />
      <SavedTripsSection />
    </div>
  );
}
