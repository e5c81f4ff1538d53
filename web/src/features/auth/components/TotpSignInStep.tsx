// The second sign-in step of an account with an authenticator app: the 6-digit code.
import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { normaliseTotpCode } from '../../security/totp-code';

export function TotpSignInStep({ onSubmit }: { onSubmit(code: string): Promise<void> }) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const valid = normaliseTotpCode(code);
    setCodeError(valid ? undefined : 'Enter the 6-digit code from your authenticator app');
    if (!valid) return;
    setSubmitting(true);
    try {
      await onSubmit(valid);
    } catch (err) {
      setFormError(`Failed to sign in: ${(err as Error).message}`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="auth-form" aria-labelledby="totp-step-title" noValidate onSubmit={(e) => void submit(e)}>
      <h2 id="totp-step-title" className="auth-form__title">Enter the code from your authenticator app</h2>
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField
        label="Authenticator code"
        name="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hasError={!!codeError}
        errorMessage={codeError}
        isRequired
      />
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText="Checking…">
        Sign in
      </Button>
    </form>
  );
}
