// The public dashboard's personal cards (spec §2): who you are (your profile) and the closures you
// follow (the first 3, each linked to it on the map, with a link to all of them).
import { Link } from 'react-router-dom';
import type { Me } from '../../auth/api/me';
import { useMySubscriptions } from '../../subscriptions/hooks';

export const SUBSCRIBED_CLOSURES_SHOWN = 3;

export function ProfileCard({ me }: { me: Me }) {
  const name = me.preferredName || me.displayName;
  return (
    <section className="panel" style={{ marginBottom: 20 }} aria-labelledby="profile-card-title">
      <h2 id="profile-card-title" style={{ marginBottom: 4 }}>Your profile</h2>
      <dl className="profile-card__facts" style={{ margin: 0, overflowWrap: 'anywhere' }}>
        <dt className="muted">Name</dt>
        <dd style={{ margin: '0 0 8px' }}>{name ?? 'Not set'}</dd>
        <dt className="muted">Email</dt>
        <dd style={{ margin: '0 0 8px' }}>{me.email}</dd>
      </dl>
      <Link to="/profile" className="role-card__link">User Settings →</Link>
    </section>
  );
}

export function SubscribedClosuresCard() {
  const subs = useMySubscriptions();
  const closures = subs.data?.closures ?? [];
  return (
    <section className="panel" style={{ marginBottom: 20 }} aria-labelledby="subscribed-closures-title" aria-busy={subs.isPending}>
      <h2 id="subscribed-closures-title" style={{ marginBottom: 4 }}>Closures you follow</h2>
      {subs.isPending ? (
        <p className="muted">Loading the closures you follow…</p>
      ) : subs.isError ? (
        <p role="alert">
          Could not load the closures you follow.{' '}
          <button type="button" onClick={() => void subs.refetch()}>Try again</button>
        </p>
      ) : closures.length === 0 ? (
        <p className="muted" style={{ marginTop: 0 }}>
          You don't follow any closures yet. Open a closure on the <Link to="/map">map</Link> and choose Subscribe.
        </p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
          {closures.slice(0, SUBSCRIBED_CLOSURES_SHOWN).map((c) => (
            <li key={c.id} style={{ marginBottom: 6, overflowWrap: 'anywhere' }}>
              <Link to={`/map?closure=${encodeURIComponent(c.id)}`}><strong>{c.type.text}</strong></Link>
              {c.formattedAddress ? <span className="muted"> · {c.formattedAddress}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {closures.length > 0 && (
        <Link to="/subscriptions" className="role-card__link">
          {closures.length > SUBSCRIBED_CLOSURES_SHOWN ? `All ${closures.length} closures you follow →` : 'My Subscriptions →'}
        </Link>
      )}
    </section>
  );
}
