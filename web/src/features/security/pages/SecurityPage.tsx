// Profile, Security: the authenticator app (TOTP) as a second sign-in step. Staff and residents
// may turn it on and off; administrators must have it (where enforced) and cannot turn it off.
import { Alert, Button } from '@aws-amplify/ui-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import { SettingsLayout } from '../../profile/components/SettingsLayout';
import { mfaStatusKey, refreshMfaStatus, startTotpSetup, turnOffTotp, type MfaStatus, type TotpSetup } from '../api/mfa';
import { TotpSetupPanel } from '../components/TotpSetupPanel';
import '../security.css';

function SecuritySettings({ email }: { email: string }) {
  const toast = useToast();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: mfaStatusKey, queryFn: refreshMfaStatus, staleTime: 30_000 });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settled = async (next: MfaStatus, message: string) => {
    queryClient.setQueryData(mfaStatusKey, next);
    setSetup(null);
    toast.show({ kind: 'success', message });
    // The admin tools open once the app is recorded: `me` says so.
    await auth.refresh();
  };
  const start = useMutation({
    mutationFn: () => startTotpSetup(email),
    onMutate: () => setError(null),
    onSuccess: setSetup,
    onError: (e) => setError(`Could not start the setup: ${(e as Error).message}`),
  });
  const off = useMutation({
    mutationFn: turnOffTotp,
    onMutate: () => setError(null),
    onSuccess: (next) => settled(next, 'The authenticator app is off'),
    onError: (e) => setError(`Could not turn off the authenticator app: ${(e as Error).message}`),
  });

  if (status.isPending) return <PageLoader label="Loading your sign-in security…" />;
  if (status.isError) return <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />;
  const s = status.data;

  if (setup) {
    return <TotpSetupPanel setup={setup} onDone={(next) => void settled(next, 'The authenticator app is on')} onCancel={() => setSetup(null)} />;
  }
  return (
    <section className="settings-form" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Authenticator app</h2>
      {s.admin && s.enforced && !s.totpEnrolled && (
        <Alert variation="warning" role="status">
          Administrators must use an authenticator app. Set it up to open the admin tools.
        </Alert>
      )}
      {error && <Alert variation="error" role="alert">{error}</Alert>}
      {s.totpEnrolled ? (
        <>
          <p><strong>On.</strong> When you sign in with your password you also enter the code from your authenticator app.</p>
          {s.admin ? (
            <p>Administrators keep the authenticator app on. To move it to a new phone, set it up again.</p>
          ) : (
            <Button onClick={() => off.mutate()} isLoading={off.isPending} loadingText="Turning off…">Turn off the authenticator app</Button>
          )}
          <Button onClick={() => start.mutate()} isLoading={start.isPending} loadingText="Starting…">Set up on a new phone</Button>
        </>
      ) : (
        <>
          <p><strong>Off.</strong> Add a code from an authenticator app to your password sign-in, so a stolen password alone cannot open your account.</p>
          <Button variation="primary" onClick={() => start.mutate()} isLoading={start.isPending} loadingText="Starting…">Set up an authenticator app</Button>
        </>
      )}
    </section>
  );
}

export function SecurityPage() {
  return <SettingsLayout title="Security">{(profile) => <SecuritySettings email={profile.email} />}</SettingsLayout>;
}
