// What a Subscribe / Unsubscribe button may say about one closure or council: only what the
// server's list of the user's follows says. Until that list has loaded (or when it failed to
// load) the state is unknown, and the button claims neither, so nobody acts on a guess.
import type { MySubscriptions } from './api/subscriptions';

export type FollowState = 'unknown' | 'following' | 'not-following';

/** The parts of the mySubscriptions query the decision reads. */
export interface SubscriptionsView {
  data: MySubscriptions | undefined;
  isError: boolean;
}

function stateOf(subs: SubscriptionsView, follows: (data: MySubscriptions) => boolean): FollowState {
  // A failed refetch keeps the last list the server gave, which is still the best known state.
  if (!subs.data) return 'unknown';
  return follows(subs.data) ? 'following' : 'not-following';
}

export const lgaFollowState = (subs: SubscriptionsView, lgaCode: string): FollowState =>
  stateOf(subs, (data) => data.lgas.some((l) => l.code === lgaCode));

export const closureFollowState = (subs: SubscriptionsView, closureId: string): FollowState =>
  stateOf(subs, (data) => data.closures.some((c) => c.id === closureId));
