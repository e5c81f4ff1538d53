import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useAppConfig } from '../../../config/app-config';
import { isEmailAddress, normaliseEmail } from '../../auth/validation';
import { safeRedirect } from '../../routing/redirect';
import { requestSignInLink } from '../email-link';

interface EmailLinkRequestProps {
  redirect: string | null;
  initialEmail?: string;
  onCancel?: () => void;
}

/** Asks for a one-time sign-in link, then says where to look for it. */
export function EmailLinkRequest({ redirect, initialEmail = '', onCancel }: EmailLinkRequestProps) {
  const app = useAppConfig();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const address = normaliseEmail(email);
    if (!address) return setEmailError('Enter your email address');
    if (!isEmailAddress(address)) return setEmailError('Enter a valid email address');
    setEmailError(undefined);
    setSubmitting(true);
    try {
      await requestSignInLink(address, safeRedirect(redirect));
      setSentTo(address);
    } catch (err) {
      setFormError(`Failed to sign in: ${(err as Error).message}`);
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <section className="auth-form" aria-labelledby="email-link-sent-title" role="status">
        <h2 id="email-link-sent-title" className="auth-form__title">Check your email</h2>
        <p style={{ margin: 0 }}>
          If <strong>{sentTo}</strong> has an account, a sign-in link is on its way. It works once and expires in 15 minutes.
        </p>
        {app.local && (
          <Alert variation="info">
            Running locally: no email is sent. Open the link from the local mail outbox at{' '}
            <a href="/dev/mail" target="_blank" rel="noreferrer">/dev/mail</a>.
          </Alert>
        )}
        <Button variation="link" onClick={() => setSentTo(null)}>Use a different email or send again</Button>
      </section>
    );
  }

  return (
    <form className="auth-form" aria-labelledby="email-link-form-title" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="email-link-form-title" className="auth-form__title">Sign in with an email link</h2>
      <p className="muted" style={{ margin: 0 }}>We email you a link that signs you in: no password needed.</p>
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hasError={!!emailError}
        errorMessage={emailError}
        isRequired
      />
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText="Sending link…">
        Email me a sign-in link
      </Button>
      {onCancel && <Button variation="link" onClick={onCancel}>Back</Button>}
    </form>
  );
}
