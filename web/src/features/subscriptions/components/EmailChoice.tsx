// Beside each subscription: whether its news also comes by email, at once or in a daily digest at
// an hour the person picks (the council's time). Saved as soon as it changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import { channelsKey, fetchSubscriptionChannels, setSubscriptionChannels, type EmailMode, type SubscriptionChannels } from '../api/channels';

const DEFAULT_HOUR = 7;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'am' : 'pm'}`;

export function EmailChoice({ kind, target, name }: { kind: 'closure' | 'lga'; target: string; name: string }) {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const channels = useQuery({ queryKey: channelsKey, queryFn: fetchSubscriptionChannels, enabled: status === 'signedIn' });
  const save = useMutation({
    mutationFn: setSubscriptionChannels,
    // One change after another, in the order chosen: the select stays enabled (disabling it would
    // take a keyboard user's focus away), so quick changes queue instead of racing.
    scope: { id: 'subscription-channels' },
    // Shown at once (the select is controlled by what is stored); a failure reads it back.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: channelsKey });
      queryClient.setQueryData<SubscriptionChannels[]>(channelsKey, (old = []) => [...old.filter((c) => c.kind !== change.kind || c.target !== change.target), change]);
    },
    onSuccess: (saved) => queryClient.setQueryData(channelsKey, saved),
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: channelsKey });
      toast.show({ kind: 'error', message: `Failed to save how you hear about it: ${error.message}` });
    },
  });
  const id = useId();
  const current = channels.data?.find((c) => c.kind === kind && c.target === target) ?? { email: 'off' as EmailMode, digestHour: DEFAULT_HOUR, sms: false };
  const change = (email: EmailMode, digestHour: number, sms = current.sms) => save.mutate({ kind, target, email, digestHour, sms });
  // Offline (or still loading), the choice cannot be read or saved: it stays out of the way.
  if (!channels.data) return null;
  return (
    <div className="email-choice">
      <label htmlFor={`${id}-mode`}>Email</label>
      <select id={`${id}-mode`} aria-label={`Email about ${name}`} value={current.email} onChange={(e) => change(e.target.value as EmailMode, current.digestHour)}>
        <option value="off">Off</option>
        <option value="immediate">At once</option>
        <option value="daily">Daily digest</option>
      </select>
      {current.email === 'daily' && (
        <>
          <label htmlFor={`${id}-hour`}>at</label>
          <select id={`${id}-hour`} aria-label={`Daily digest hour for ${name}`} value={current.digestHour} onChange={(e) => change('daily', Number(e.target.value))}>
            {HOURS.map((h) => (
              <option key={h} value={h}>{hourLabel(h)}</option>
            ))}
          </select>
        </>
      )}
      <label className="email-choice__sms">
        <input type="checkbox" checked={current.sms} aria-label={`Texts about ${name}`} onChange={(e) => change(current.email, current.digestHour, e.target.checked)} /> Texts
      </label>
    </div>
  );
}
