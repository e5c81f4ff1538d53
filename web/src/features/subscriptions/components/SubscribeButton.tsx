import { useState } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { LoginRequiredDialog } from '../../auth/components/LoginRequiredDialog';
import { subscribeToClosure, subscribeToLga, unsubscribeFromClosure, unsubscribeFromLga } from '../api/subscriptions';
import { closureFollowState, lgaFollowState } from '../follow-state';
import { useMySubscriptions, useSubscriptionChange } from '../hooks';

/** For visitors: the same button, which opens the login-required dialog. */
function VisitorSubscribeButton({ label, action, className }: { label: string; action: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className ?? 'amplify-button amplify-button--small'} onClick={() => setOpen(true)}>
        {label}
      </button>
      <LoginRequiredDialog open={open} action={action} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * While the server's list of follows is not known: a disabled "checking" button (it never claims
 * Subscribe or Unsubscribe on a guess), or, when loading it failed, one that asks again.
 */
function UnknownFollowButton({ subject, failed, retry, className }: { subject: string; failed: boolean; retry(): void; className?: string }) {
  if (failed) {
    return (
      <button type="button" className={className ?? 'amplify-button amplify-button--small'} onClick={retry}>
        Could not check {subject}: try again
      </button>
    );
  }
  return (
    <button type="button" className={className ?? 'amplify-button amplify-button--small'} disabled aria-busy="true">
      Checking {subject}…
    </button>
  );
}

/** Follow / unfollow one closure (for the map's closure panel). Visitors meet the login-required dialog. */
export function SubscribeButton({ closureId, className }: { closureId: string; className?: string }) {
  const { status } = useAuth();
  const subs = useMySubscriptions();
  const subscribe = useSubscriptionChange(subscribeToClosure, 'Failed to subscribe to the closure');
  const unsubscribe = useSubscriptionChange(unsubscribeFromClosure, 'Failed to unsubscribe from the closure');
  if (status !== 'signedIn') return <VisitorSubscribeButton label="Subscribe" action="subscribe to this closure" className={className} />;
  const state = closureFollowState(subs, closureId);
  if (state === 'unknown') return <UnknownFollowButton subject="your subscription" failed={subs.isError} retry={() => void subs.refetch()} className={className} />;
  const following = state === 'following';
  const busy = subscribe.isPending || unsubscribe.isPending;
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
  const { status } = useAuth();
  const subs = useMySubscriptions();
  const subscribe = useSubscriptionChange(subscribeToLga, 'Failed to subscribe to the LGA');
  const unsubscribe = useSubscriptionChange(unsubscribeFromLga, 'Failed to unsubscribe from the LGA');
  const name = lgaName ?? `LGA ${lgaCode}`;
  if (status !== 'signedIn') return <VisitorSubscribeButton label={`Subscribe to ${name}`} action={`subscribe to ${name}`} />;
  const state = lgaFollowState(subs, lgaCode);
  if (state === 'unknown') return <UnknownFollowButton subject={`your subscription to ${name}`} failed={subs.isError} retry={() => void subs.refetch()} />;
  const following = state === 'following';
  const busy = subscribe.isPending || unsubscribe.isPending;
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
