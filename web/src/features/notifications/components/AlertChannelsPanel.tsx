// /profile/notifications: each alert channel beyond the app and its state (verified, stopped
// after a bounce or a spam complaint, not verified) with what to do about it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { MobilePanel } from './MobilePanel';
import { alertChannelsKey, fetchAlertChannels, resumeAlertEmail, type EmailState } from '../api/alert-channels';

const STATE_LABEL: Record<EmailState, string> = {
  verified: 'Verified',
  unverified: 'Not verified',
  bounced: 'Stopped: mail bounced',
  complained: 'Stopped: marked as spam',
};

export function AlertChannelsPanel({ disabled = false }: { disabled?: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const channels = useQuery({ queryKey: alertChannelsKey, queryFn: fetchAlertChannels });
  const resume = useMutation({
    mutationFn: resumeAlertEmail,
    onSuccess: (saved) => {
      queryClient.setQueryData(alertChannelsKey, saved);
      toast.show({ kind: 'success', message: 'Email alerts resumed' });
    },
    onError: (error) => toast.show({ kind: 'error', message: `Failed to resume email alerts: ${error.message}` }),
  });
  return (
    <section className="panel" aria-labelledby="alert-channels-h">
      <h2 id="alert-channels-h" style={{ marginTop: 0, fontSize: '1.1rem' }}>Email and text alerts</h2>
      {!channels.data ? (
        <p style={{ margin: 0 }}>{channels.isError ? channels.error.message : 'Loading…'}</p>
      ) : (
        <div className="channel-state">
          <p>{channels.data.email ?? 'No email address on your account.'}</p>
          <span className={`channel-state__badge channel-state__badge--${channels.data.emailState === 'verified' ? 'ok' : 'stopped'}`}>{STATE_LABEL[channels.data.emailState]}</span>
          <p>{channels.data.emailAdvice}</p>
          {(channels.data.emailState === 'bounced' || channels.data.emailState === 'complained') && (
            <button type="button" className="amplify-button amplify-button--small" disabled={disabled || resume.isPending} onClick={() => resume.mutate()}>Resume email alerts</button>
          )}
          <p className="muted">Choose email, at once or as a daily digest, and texts for each closure and council you follow under <Link to="/subscriptions">My subscriptions</Link>.</p>
          <MobilePanel channels={channels.data} disabled={disabled} />
        </div>
      )}
    </section>
  );
}
