import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { subscribeToClosure, subscribeToLga, unsubscribeFromClosure, unsubscribeFromLga } from '../api/subscriptions';
import { useMySubscriptions, useSubscriptionChange } from '../hooks';

/** Follow / unfollow one closure (for the map's closure panel). Anonymous users get a sign-in link. */
export function SubscribeButton({ closureId, className }: { closureId: string; className?: string }) {
  const { status } = useAuth();
  const subs = useMySubscriptions();
  const subscribe = useSubscriptionChange(subscribeToClosure, 'Failed to subscribe to the closure');
  const unsubscribe = useSubscriptionChange(unsubscribeFromClosure, 'Failed to unsubscribe from the closure');
  if (status !== 'signedIn') return <Link to="/login" className={className}>Sign in to subscribe</Link>;
  const following = subs.data?.closures.some((c) => c.id === closureId) ?? false;
  const busy = subs.isPending || subscribe.isPending || unsubscribe.isPending;
  return (
    <button
      type="button"
      className={className ?? 'amplify-button amplify-button--small'}
      aria-pressed={following}
      disabled={busy}
      onClick={() => (following ? unsubscribe : subscribe).mutate(closureId)}
    >
      {following ? 'Unsubscribe' : 'Subscribe'}
    </button>
  );
}

/** Follow / unfollow a council area (dashboard). */
export function SubscribeLgaButton({ lgaCode, lgaName }: { lgaCode: string; lgaName?: string }) {
  const subs = useMySubscriptions();
  const subscribe = useSubscriptionChange(subscribeToLga, 'Failed to subscribe to the LGA');
  const unsubscribe = useSubscriptionChange(unsubscribeFromLga, 'Failed to unsubscribe from the LGA');
  const following = subs.data?.lgas.some((l) => l.code === lgaCode) ?? false;
  const busy = subs.isPending || subscribe.isPending || unsubscribe.isPending;
  const name = lgaName ?? `LGA ${lgaCode}`;
  return (
    <button
      type="button"
      className="amplify-button amplify-button--small"
      aria-pressed={following}
      disabled={busy}
      onClick={() => (following ? unsubscribe : subscribe).mutate(lgaCode)}
    >
      {following ? `Unsubscribe from ${name}` : `Subscribe to ${name}`}
    </button>
  );
}
