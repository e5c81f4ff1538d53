// /profile/notifications: the mobile number text alerts go to. A 6-digit code texted to it proves
// it is the person's; the state says whether texts go (verified), wait for the code, stopped after
// a STOP reply, or stopped because a council's SMS allowance for the month is used up.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { alertChannelsKey, removeMobile, requestMobileCode, verifyMobile, type AlertChannels, type MobileState } from '../api/alert-channels';

const LABEL: Record<MobileState, string> = { none: 'No mobile', pending: 'Waiting for the code', verified: 'Verified', opted_out: 'Stopped: replied STOP' };

export function MobilePanel({ channels, disabled }: { channels: AlertChannels; disabled: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const id = useId();
  const change = (fn: () => Promise<AlertChannels>, done: string) => ({
    mutationFn: fn,
    onSuccess: (saved: AlertChannels) => {
      queryClient.setQueryData(alertChannelsKey, saved);
      toast.show({ kind: 'success', message: done });
    },
    onError: (error: Error) => toast.show({ kind: 'error', message: error.message }),
  });
  const ask = useMutation(change(() => requestMobileCode(number), 'Code sent by text'));
  const verify = useMutation(change(() => verifyMobile(code), 'Mobile verified'));
  const remove = useMutation(change(removeMobile, 'Mobile removed'));
  const state = channels.mobileState;
  return (
    <div className="channel-state" style={{ marginTop: 16 }}>
      <h3 style={{ margin: 0, fontSize: '1rem' }}>Text alerts</h3>
      {channels.mobile && <p>{channels.mobile}</p>}
      <span className={`channel-state__badge channel-state__badge--${state === 'verified' ? 'ok' : 'stopped'}`}>{LABEL[state]}</span>
      <p>{channels.mobileAdvice}</p>
      {channels.smsOutOfCredit.length > 0 && (
        <p role="status">No texts come now from {channels.smsOutOfCredit.join(', ')}: the council offers none, or its text allowance for this month is used up. Email, push and in-app alerts go on.</p>
      )}
      {(state === 'none' || state === 'opted_out') && (
        <form onSubmit={(e) => { e.preventDefault(); ask.mutate(); }} className="email-choice">
          <label htmlFor={`${id}-n`}>Mobile number</label>
          <input id={`${id}-n`} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} value={number} onChange={(e) => setNumber(e.target.value)} placeholder="0412 345 678" />
          <button type="submit" className="amplify-button amplify-button--small" disabled={disabled || ask.isPending || !number.trim()}>Text me a code</button>
        </form>
      )}
      {state === 'pending' && (
        <form onSubmit={(e) => { e.preventDefault(); verify.mutate(); }} className="email-choice">
          <label htmlFor={`${id}-c`}>6-digit code</label>
          <input id={`${id}-c`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          <button type="submit" className="amplify-button amplify-button--small" disabled={disabled || verify.isPending || code.length !== 6}>Verify</button>
        </form>
      )}
      {state !== 'none' && (
        <button type="button" className="amplify-button amplify-button--small" disabled={disabled || remove.isPending} onClick={() => remove.mutate()}>Remove mobile</button>
      )}
    </div>
  );
}
