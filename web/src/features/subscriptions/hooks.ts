import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast-context';
import { useAuth } from '../auth/auth-provider';
import { rememberedRead } from '../offline/remembered-reads';
import { fetchMySubscriptions, subscriptionsKey, type MySubscriptions } from './api/subscriptions';

export function useMySubscriptions() {
  const { status, me } = useAuth();
  const owner = me?.uid ?? null;
  return useQuery({
    queryKey: subscriptionsKey,
    // Offline, the follows this device last read for this user (flood mode).
    queryFn: () => rememberedRead('mySubscriptions', owner, fetchMySubscriptions),
    enabled: status === 'signedIn',
  });
}

/**
 * A subscribe/unsubscribe call: the server answers with the whole new list, which replaces the
 * cache. A refetch already under way is cancelled first: its answer predates the change and would
 * otherwise land after it and undo it on screen.
 */
export function useSubscriptionChange<A>(fn: (arg: A) => Promise<MySubscriptions>, failure: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: fn,
    onMutate: () => queryClient.cancelQueries({ queryKey: subscriptionsKey }),
    onSuccess: (subs) => queryClient.setQueryData(subscriptionsKey, subs),
    onError: (error) => toast.show({ kind: 'error', message: `${failure}: ${error.message}` }),
  });
}
