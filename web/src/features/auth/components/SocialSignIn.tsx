import { Button } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSocialProviderEnabled, useAppConfig, type AppSettings, type SocialProvider } from '../../../config/app-config';
import { startFederatedSignIn } from '../federated-sign-in';

const providers: Array<{ id: SocialProvider; label: string }> = [
  { id: 'EmailLink', label: 'Email link' },
  { id: 'Google', label: 'Google' },
  { id: 'Microsoft', label: 'Microsoft' },
  { id: 'Facebook', label: 'Facebook' },
];

export const NOT_CONFIGURED = 'Not configured for this deployment';

// Email links run on the pool's own CUSTOM_AUTH triggers, so every deployment has them.
const isEnabled = (app: AppSettings, id: SocialProvider) => id === 'EmailLink' || isSocialProviderEnabled(app, id);

/** Federated providers are switched on per deployment (config `features.socialProviders`). */
export function SocialSignIn({ verb, redirect, onEmailLink }: {
  verb: 'Sign in' | 'Sign up';
  redirect: string | null;
  /** Shows the email-link form in place; without it the button opens /signin-link. */
  onEmailLink?: () => void;
}) {
  const app = useAppConfig();
  const navigate = useNavigate();
  const reasonId = useId();
  const [error, setError] = useState<string | null>(null);
  const disabled = providers.filter((p) => !isEnabled(app, p.id));

  const start = async (provider: SocialProvider) => {
    setError(null);
    if (provider === 'EmailLink') {
      if (onEmailLink) return onEmailLink();
      navigate(redirect ? `/signin-link?${new URLSearchParams({ redirect })}` : '/signin-link');
      return;
    }
    setError(await startFederatedSignIn(provider, redirect));
  };

  return (
    <div className="social-signin" role="group" aria-label={`${verb} with another account`}>
      {providers.map((p) => {
        const enabled = isEnabled(app, p.id);
        return (
          <Button
            key={p.id}
            className={`social-button social-button--${p.id.toLowerCase()}`}
            isDisabled={!enabled}
            aria-describedby={enabled ? undefined : reasonId}
            onClick={() => void start(p.id)}
          >
            {p.id === 'EmailLink' ? `${verb} with an email link` : `Continue with ${p.label}`}
          </Button>
        );
      })}
      {disabled.length > 0 && (
        <p id={reasonId} className="social-signin__reason">
          {disabled.map((p) => p.label).join(', ')}: {NOT_CONFIGURED}
        </p>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
    </div>
  );
}
